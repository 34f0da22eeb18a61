// The legal pages (Impressum, Datenschutz, AGB): one module, registered once per page in
// web/routes.ts; the path says which content page it shows (web/lib/public-pages.ts). Runs at
// build time: the legal pages are prerendered.
import { data } from 'react-router';
import type { Route } from './+types/legal';
import { LegalPage } from '~/components/LegalPage';
import type { LegalSlug } from '~/lib/content-types';
import { legalPathOf, legalSlugOf } from '~/lib/public-pages';
import { pageMeta } from '~/lib/seo';
import { getLegalPage, getSiteSettings, type ContentOptions } from '~/server/content/content.server';
import { publicUrlConfig } from '~/server/config.server';
import { loadDraft } from '~/server/preview/preview.server';

async function load(slug: LegalSlug, options?: ContentOptions) {
  const [page, settings] = await Promise.all([getLegalPage(slug, options), getSiteSettings(options)]);
  const owner = settings.operator.businessName ?? settings.siteTitle;
  return { page, description: `${page.title}: ${owner}. ${settings.siteDescription}` };
}

// Runs at build time: the legal pages are prerendered. At run time only for an editor's preview.
export async function loader({ request, pattern }: Route.LoaderArgs) {
  // The route's own path as registered ("agb"), not the request's: /AGB and /agb/ match it too.
  const slug = legalSlugOf(`/${pattern.replace(/^\/+/, '')}`);
  if (!slug) throw data(null, { status: 404 });
  const publicUrl = publicUrlConfig();
  const draft = await loadDraft(request, () => load(slug, { draft: true }));
  if (draft) return { ...draft, publicUrl };
  const { page, description } = await load(slug);
  return { page, description, publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  // Meta tags never carry a preview's stega marks.
  const plain = data && ('preview' in data ? data.plainContent : data);
  return data && plain
    ? pageMeta({
        title: plain.page.title,
        description: plain.description,
        path: legalPathOf(plain.page.slug),
        publicUrl: data.publicUrl,
      })
    : [];
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const page = 'preview' in loaderData ? loaderData.content?.page : loaderData.page;
  // A draft that cannot make the page yet: the preview says why (root.tsx) instead.
  return page ? <LegalPage page={page} /> : null;
}
