import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  // Public pages: prerendered at build time (react-router.config.ts).
  index('routes/home.tsx'),
  route('imprint', 'routes/imprint.tsx'),
  route('datenschutz', 'routes/datenschutz.tsx'),
  route('agb', 'routes/agb.tsx'),
  // Server-rendered pages.
  route('access', 'routes/access.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('teamdashboard', 'routes/teamdashboard.tsx'),
  // Signups (issue 5): the no-JavaScript signup page, newsletter double opt-in pages.
  route('mitmachen', 'routes/mitmachen.tsx'),
  route('newsletter/bestaetigen', 'routes/newsletter.bestaetigen.tsx'),
  route('newsletter/abmelden', 'routes/newsletter.abmelden.tsx'),
  // Resource routes (HTTP API).
  route('healthz', 'routes/healthz.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('images/:file', 'routes/images.ts'),
  route('api/signups', 'routes/api.signups.ts'),
  route('api/signups.csv', 'routes/api.signups[.]csv.ts'),
  route('api/team/session', 'routes/api.team.session.ts'),
  route('api/revalidate', 'routes/api.revalidate.ts'),
  route('api/*', 'routes/api.not-found.ts'),
  // Everything else: a German 404 page with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
