// GET /api/applications.csv (team token): the applications that pass the list's filters (?type=,
// ?status=, ?q=), newest first, for German Excel.
import type { Route } from './+types/api.applications[.]csv';
import { filterFromQuery } from '~/server/applications/filter.server';
import { listApplications } from '~/server/applications/store.server';
import { csvResponse, toCsv } from '~/server/http/csv.server';
import { closeConnection, handleApi, methodNotAllowed } from '~/server/http/http.server';
import { requireTeam } from '~/server/access/team-session.server';

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
    const day = new Date().toISOString().slice(0, 10);
    return csvResponse(toCsv(HEADER, rows), `bewerbungen-${day}.csv`);
  });
}

export const action = () => closeConnection(methodNotAllowed('GET'));
