// The legal pages (Impressum, Datenschutz, AGB): one module, registered once per page in
// web/routes.ts; the path says which content page it shows (web/lib/public-pages.ts). Runs at
// build time: the legal pages are prerendered. Their route data is what the page's frame shows
// (title, date, brand); the body goes to the server's render only and stays in the HTML
// (web/components/Static.tsx), except in an editor's preview.
import { data } from 'react-router';
import type { Route } from './+types/legal';
import { LegalPage } from '~/components/LegalPage';
import { brandOf } from '~/components/SiteBrand';
import { StaticContent, useServerContent } from '~/components/Static';
import type { LegalSlug, PortableTextBlock } from '~/lib/content-types';
import { legalPathOf, legalSlugOf } from '~/lib/public-pages';
import { pageMeta } from '~/lib/seo';
import {
  getLegalPage,
  getSiteSettings,
  renderedContentContext,
  type ContentOptions,
} from '~/server/content/content.server';
import { publicUrlConfig } from '~/server/config.server';
import { loadDraft } from '~/server/preview/preview.server';

async function load(slug: LegalSlug, options?: ContentOptions) {
  const [page, settings] = await Promise.all([getLegalPage(slug, options), getSiteSettings(options)]);
  const owner = settings.operator.businessName ?? settings.siteTitle;
  return { page, brand: brandOf(settings), description: `${page.title}: ${owner}. ${settings.siteDescription}` };
}

/** The route's own path as registered ("agb"), not the request's: /AGB and /agb/ match it too. */
const slugOfPattern = (pattern: string) => legalSlugOf(`/${pattern.replace(/^\/+/, '')}`);

// Runs at build time: the legal pages are prerendered. At run time only for an editor's preview.
export async function loader({ request, pattern }: Route.LoaderArgs) {
  const slug = slugOfPattern(pattern);
  if (!slug) throw data(null, { status: 404 });
  const publicUrl = publicUrlConfig();
  const draft = await loadDraft(request, () => load(slug, { draft: true }));
  if (draft) return { ...draft, publicUrl };
  const { page, brand, description } = await load(slug);
  const { body: _body, ...frame } = page;
  return { page: frame, brand, description, publicUrl };
}

// The body for the server's render, on every render (the prerendering takes the route data of its
// first pass instead of calling the loader again).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ pattern, context }) => {
    const slug = slugOfPattern(pattern);
    if (slug) context.set(renderedContentContext, (await getLegalPage(slug)).body);
  },
];

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
  const body = useServerContent<PortableTextBlock[]>();
  if ('preview' in loaderData) {
    // A draft that cannot make the page yet: the preview says why (root.tsx) instead.
    const content = loaderData.content;
    return content ? <LegalPage page={content.page} brand={content.brand} body={content.page.body} /> : null;
  }
  return (
    <StaticContent value={Boolean(body)}>
      <LegalPage page={loaderData.page} brand={loaderData.brand} body={body} />
    </StaticContent>
  );
}
