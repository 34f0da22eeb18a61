// GET /api/applications.csv (team token): the applications that pass the list's filters (?type=,
// ?status=, ?q=), newest first, for German Excel: the status in the German words the applicant
// reads on /konto, times in Berlin's local time (the headers say so). Every export is recorded with
// its filter.
import type { Route } from './+types/api.applications[.]csv';
import { filterFromQuery, listApplications } from '~/server/applications/applications.server';
import { KONTO_COPY } from '~/copy/account';
import { authorized, csvDownload, excelTime, methodNotAllowed, unwrap } from '~/server/http/http.server';
import { recordActivity, authorizeTeam } from '~/server/team/team.server';

const HEADER = [
  'ID',
  'Art',
  'Status',
  'Name',
  'E-Mail',
  'Website',
  'Nachricht',
  'Beworben am (Ortszeit Berlin)',
  'Geändert am (Ortszeit Berlin)',
  'Geändert von',
];

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async ({ member }) => {
    const filter = unwrap(filterFromQuery(request));
    const applications = await listApplications(filter);
    await recordActivity({
      action: 'export',
      member,
      target: 'applications',
      detail: { filter, rows: applications.length },
    });
    const rows = applications.map((a) => [
      a.id,
      a.applicationType,
      KONTO_COPY.status[a.status],
      a.name,
      a.email,
      a.websiteLink,
      a.message,
      excelTime(a.createdAt),
      excelTime(a.updatedAt),
      a.updatedBy?.name ?? null,
    ]);
    return csvDownload('bewerbungen', HEADER, rows);
  });
}

export const action = () => methodNotAllowed('GET');
