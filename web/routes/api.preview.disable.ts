// GET /api/preview/disable: ends the preview (clears its cookie) and goes to the start page.
import { handleApi, methodNotAllowed } from '~/server/http/http.server';
import { disablePreview } from '~/server/preview/preview.server';

export const loader = () => handleApi(disablePreview);

export const action = () => methodNotAllowed('GET');
