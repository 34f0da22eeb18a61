// The legal pages (Impressum, Datenschutz, AGB): one module, registered once per page in
// web/routes.ts; the path says which content page it shows (web/lib/public-pages.ts). Runs at
// build time: the legal pages are prerendered.
import { data } from 'react-router';
import type { Route } from './+types/legal';
import { LegalPage } from '~/components/LegalPage';
import { legalPathOf, legalSlugOf } from '~/lib/public-pages';
import { pageMeta } from '~/lib/seo';
import { getLegalPage, getSiteSettings } from '~/server/content/content.server';
import { publicUrlConfig } from '~/server/config.server';

export async function loader({ pattern }: Route.LoaderArgs) {
  // The route's own path as registered ("agb"), not the request's: /AGB and /agb/ match it too.
  const slug = legalSlugOf(`/${pattern.replace(/^\/+/, '')}`);
  if (!slug) throw data(null, { status: 404 });
  const [page, settings] = await Promise.all([getLegalPage(slug), getSiteSettings()]);
  const owner = settings.operator.businessName ?? settings.siteTitle;
  return { page, description: `${page.title}: ${owner}. ${settings.siteDescription}`, publicUrl: publicUrlConfig() };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? pageMeta({
        title: data.page.title,
        description: data.description,
        path: legalPathOf(data.page.slug),
        publicUrl: data.publicUrl,
      })
    : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage page={loaderData.page} />;
}
