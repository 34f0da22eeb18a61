import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  // Public pages (web/lib/public-pages.ts): prerendered at build time (react-router.config.ts). One
  // module serves the three legal pages; the ids are the ones the former per-page modules had.
  index('routes/home.tsx'),
  route('imprint', 'routes/legal.tsx', { id: 'routes/imprint' }),
  route('datenschutz', 'routes/legal.tsx', { id: 'routes/datenschutz' }),
  route('agb', 'routes/legal.tsx', { id: 'routes/agb' }),
  // Server-rendered pages.
  route('access', 'routes/access.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('teamdashboard', 'routes/teamdashboard.tsx'),
  // The team: accepting an invitation (account, second factor, backup codes).
  route('team/einladung', 'routes/team.einladung.tsx'),
  // Applications: the form behind an access grant, and its thank-you page.
  route('bewerbung', 'routes/bewerbung.tsx'),
  route('bewerbung/danke', 'routes/bewerbung.danke.tsx'),
  // Accounts: the personal page, the page the verification link leads to (it asks for the
  // password), and the page a password-reset link leads to.
  route('konto', 'routes/konto.tsx'),
  route('konto/bestaetigen', 'routes/konto.bestaetigen.tsx'),
  route('passwort-neu', 'routes/passwort-neu.tsx'),
  // The signup without JavaScript, and the newsletter double opt-in pages.
  route('mitmachen', 'routes/mitmachen.tsx'),
  route('newsletter/bestaetigen', 'routes/newsletter.bestaetigen.tsx'),
  route('newsletter/abmelden', 'routes/newsletter.abmelden.tsx'),
  // The editor's preview of a newsletter as a mail (only with the preview cookie; otherwise 404).
  route('newsletter/vorschau/:id', 'routes/newsletter.vorschau.$id.tsx'),
  // The community's stable links: a redirect to the audience's current WhatsApp group.
  route('gruppe/reiter', 'routes/gruppe.ts', { id: 'routes/gruppe-reiter' }),
  route('gruppe/trainer', 'routes/gruppe.ts', { id: 'routes/gruppe-trainer' }),
  // Resource routes (HTTP API).
  route('healthz', 'routes/healthz.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('impressum', 'routes/impressum.ts'),
  route('images/:file', 'routes/images.ts'),
  route('api/signups', 'routes/api.signups.ts'),
  route('api/signups.csv', 'routes/api.signups[.]csv.ts'),
  route('api/signups/stats', 'routes/api.signups.stats.ts'),
  route('api/team/session', 'routes/api.team.session.ts'),
  route('api/team/members', 'routes/api.team.members.ts'),
  route('api/team/members/:id', 'routes/api.team.members.$id.ts'),
  route('api/team/members/:id/second-factor', 'routes/api.team.members.$id.second-factor.ts'),
  route('api/team/invitations', 'routes/api.team.invitations.ts'),
  route('api/team/invitations/:id', 'routes/api.team.invitations.$id.ts'),
  route('api/team/activity', 'routes/api.team.activity.ts'),
  route('api/applications', 'routes/api.applications.ts'),
  route('api/applications.csv', 'routes/api.applications[.]csv.ts'),
  route('api/applications/events', 'routes/api.applications.events.ts'),
  route('api/applications/:id', 'routes/api.applications.$id.ts'),
  route('api/applications/:id/history', 'routes/api.applications.$id.history.ts'),
  route('api/applications/:id/decision-mail', 'routes/api.applications.$id.decision-mail.ts'),
  route('api/access', 'routes/api.access.ts'),
  route('api/auth/*', 'routes/api.auth.$.ts'),
  route('api/account/export', 'routes/api.account.export.ts'),
  route('api/revalidate', 'routes/api.revalidate.ts'),
  route('api/newsletters', 'routes/api.newsletters.ts'),
  // One module sends a test, sends, pauses and resumes (the last segment of the path says which).
  route('api/newsletters/:id/test', 'routes/api.newsletters.$id.action.ts', { id: 'routes/api-newsletters-test' }),
  route('api/newsletters/:id/send', 'routes/api.newsletters.$id.action.ts', { id: 'routes/api-newsletters-send' }),
  route('api/newsletters/:id/pause', 'routes/api.newsletters.$id.action.ts', { id: 'routes/api-newsletters-pause' }),
  route('api/newsletters/:id/resume', 'routes/api.newsletters.$id.action.ts', {
    id: 'routes/api-newsletters-resume',
  }),
  // The dashboard's preview of a newsletter as a mail, and why those that cannot be sent cannot.
  route('api/newsletters/:id/preview', 'routes/api.newsletters.$id.preview.ts'),
  route('api/newsletters/problems', 'routes/api.newsletters.problems.ts'),
  route('api/insights', 'routes/api.insights.ts'),
  route('api/insights.csv', 'routes/api.insights[.]csv.ts'),
  route('api/insights/events', 'routes/api.insights.events.ts'),
  route('api/community', 'routes/api.community.ts'),
  route('api/community/qr/:file', 'routes/api.community.qr.$file.ts'),
  route('api/launch-readiness', 'routes/api.launch-readiness.ts'),
  route('api/preview/enable', 'routes/api.preview.enable.ts'),
  route('api/preview/disable', 'routes/api.preview.disable.ts'),
  route('api/*', 'routes/api.not-found.ts'),
  // Everything else: a German 404 page with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
