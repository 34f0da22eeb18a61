// GET /api/applications.csv (team token): the applications that pass the list's filters (?type=,
// ?status=, ?q=), newest first, for German Excel.
import type { Route } from './+types/api.applications[.]csv';
import { filterFromQuery, listApplications } from '~/server/applications/applications.server';
import { closeConnection, csvDownload, handleApi, methodNotAllowed } from '~/server/http/http.server';
import { requireTeam } from '~/server/access/access.server';

const HEADER = ['ID', 'Art', 'Status', 'Name', 'E-Mail', 'Website', 'Nachricht', 'Beworben am', 'Geändert am'];

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireTeam(request);
    const rows = (await listApplications(filterFromQuery(request))).map((a) => [
      a.id,
      a.applicationType,
      a.status,
      a.name,
      a.email,
      a.websiteLink,
      a.message,
      a.createdAt,
      a.updatedAt,
    ]);
    return csvDownload('bewerbungen', HEADER, rows);
  });
}

export const action = () => closeConnection(methodNotAllowed('GET'));
