// GET /api/account/export: everything held about the signed-in account, as a JSON download.
import type { Route } from './+types/api.account.export';
import { accountExport, getSession } from '~/server/accounts/accounts.server';
import { handleApi, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const session = await getSession(request);
    if (!session) return problemResponse(fail('unauthenticated', 'Not signed in'));
    const day = new Date().toISOString().slice(0, 10);
    return Response.json(await accountExport(session.user), {
      status: 200,
      headers: {
        'Content-Disposition': `attachment; filename="konto-${day}.json"`,
      },
    });
  });
}

export const action = () => methodNotAllowed('GET');
