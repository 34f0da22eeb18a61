// GET /api/preview/disable: ends the preview (clears its cookie) and goes to the start page.
import { handleApi, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { disablePreview } from '~/server/preview/preview.server';

export const loader = () =>
  handleApi(async () => {
    const ended = await disablePreview();
    const response = ended.ok
      ? new Response(null, { status: 303, headers: { Location: '/' } })
      : problemResponse(ended);
    // The preview cookie is cleared either way.
    response.headers.append('Set-Cookie', ended.setCookie);
    return response;
  });

export const action = () => methodNotAllowed('GET');
