// GET /api/insights.csv (team token): the figures of GET /api/insights for the same range, for
// German Excel: one row per day, then one per other figure. Every export is recorded with its range.
import type { Route } from './+types/api.insights[.]csv';
import { authorized, csvDownload, methodNotAllowed, problemResponse } from '~/server/http/http.server';
import { fail } from '~/server/result.server';
import { INSIGHTS_CSV_HEADER, insightsCsvRows, requestedReport } from '~/server/insights/insights.server';
import { recordActivity, authorizeTeam } from '~/server/team/team.server';

export function loader({ request }: Route.LoaderArgs) {
  return authorized(request, authorizeTeam, async ({ member }) => {
    const report = await requestedReport(request);
    if (!report)
      return problemResponse(
        fail('invalid', 'Invalid range', { fields: { from: 'Invalid range', to: 'Invalid range' } }),
      );
    await recordActivity({
      action: 'export',
      member,
      target: 'insights',
      detail: { filter: { from: report.from, to: report.to } },
    });
    return csvDownload(`insights-${report.from}-${report.to}`, INSIGHTS_CSV_HEADER, insightsCsvRows(report));
  });
}

export const action = () => methodNotAllowed('GET');
