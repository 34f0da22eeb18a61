// GET /api/signups.csv (team token): every signup for German Excel. Every export is recorded.
import type { Route } from './+types/api.signups[.]csv';
import { authorized, csvDownload } from '~/server/http/http.server';
import { listSignups } from '~/server/signups/signups.server';
import { recordActivity, authorizeTeam } from '~/server/team/team.server';

const HEADER = [
  'ID',
  'Typ',
  'Name',
  'E-Mail',
  'Newsletter gewünscht',
  'Newsletter bestätigt am',
  'Newsletter abgemeldet am',
  'Newsletter unzustellbar seit',
  'Zeitstempel (Gerät)',
  'Angemeldet am',
];

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async ({ member }) => {
    const signups = await listSignups();
    await recordActivity({ action: 'export', member, target: 'signups', detail: { filter: {}, rows: signups.length } });
    const rows = signups.map((s) => [
      s.id,
      s.userType === 'trainer' ? 'Trainerin' : 'Reiterin',
      s.name,
      s.email,
      s.newsletterOptIn,
      s.newsletterConfirmedAt,
      s.newsletterUnsubscribedAt,
      s.newsletterUndeliverableAt,
      s.timestamp,
      s.createdAt,
    ]);
    return csvDownload('anmeldungen', HEADER, rows);
  });
}
