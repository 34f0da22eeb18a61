// GET /api/community/qr/<reiter|trainer>.<svg|png> (team token): the QR code of a stable link for
// print, as a download.
import type { Route } from './+types/api.community.qr.$file';
import { stableLink, qrModules, qrPng, qrSvg } from '~/server/community/community.server';
import { authorized, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { authorizeTeam } from '~/server/team/team.server';

const FILE = /^(reiter|trainer)\.(svg|png)$/;

export function loader({ request, params }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async () => {
    const [, audience, format] = FILE.exec(params.file) ?? [];
    if (!audience || !format) return problemResponse(fail('not-found', 'Not found'));
    const modules = qrModules(stableLink(audience as 'reiter' | 'trainer'));
    const download = { 'Content-Disposition': `attachment; filename="gruppe-${audience}.${format}"` };
    return format === 'svg'
      ? new Response(qrSvg(modules), { headers: { ...download, 'Content-Type': 'image/svg+xml; charset=utf-8' } })
      : new Response(new Uint8Array(await qrPng(modules)), { headers: { ...download, 'Content-Type': 'image/png' } });
  });
}

export const action = () => methodNotAllowed('GET');
