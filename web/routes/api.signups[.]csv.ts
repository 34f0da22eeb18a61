// GET /api/signups.csv (team token): every signup for German Excel.
import type { Route } from './+types/api.signups[.]csv';
import { csvDownload, handleApi } from '~/server/http/http.server';
import { listSignups } from '~/server/signups/signups.server';
import { requireTeam } from '~/server/access/access.server';

const HEADER = [
  'ID',
  'Typ',
  'Name',
  'E-Mail',
  'Newsletter gewünscht',
  'Newsletter bestätigt am',
  'Newsletter abgemeldet am',
  'Zeitstempel (Gerät)',
  'Angemeldet am',
];

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireTeam(request);
    const rows = (await listSignups()).map((s) => [
      s.id,
      s.userType === 'trainer' ? 'Trainerin' : 'Reiterin',
      s.name,
      s.email,
      s.newsletterOptIn,
      s.newsletterConfirmedAt,
      s.newsletterUnsubscribedAt,
      s.timestamp,
      s.createdAt,
    ]);
    return csvDownload('anmeldungen', HEADER, rows);
  });
}
