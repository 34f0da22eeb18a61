// /teamdashboard: the team's review of applications and signups. The page itself holds no data:
// after the code gate, the browser loads everything from the team API with a token kept in memory.
import type { Route } from './+types/teamdashboard';
import { TeamDashboardPage } from '~/components/dashboard/Dashboard';
// uPlot's own styles come with the page (2 KB, this route only), so that the chart's lazily
// loaded code has no stylesheet to fetch.
import 'uplot/dist/uPlot.min.css';
import '~/components/dashboard/dashboard.css';
import { DASHBOARD_COPY } from '~/copy/dashboard';
import { pageMeta } from '~/lib/seo';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: DASHBOARD_COPY.title, path: '/teamdashboard', noindex: true });

// Nothing personal is in the page, but nothing on it is worth keeping in a shared cache either.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

export default function TeamDashboard() {
  return <TeamDashboardPage />;
}
