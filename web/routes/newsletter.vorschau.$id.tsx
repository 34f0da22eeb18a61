// The editor's preview of a newsletter as the mail will look, shown by the Studio's Presentation
// tool. Only with a valid preview cookie: without one there is no such page (404), so the public
// site stays as it is.
import { data } from 'react-router';
import type { Route } from './+types/newsletter.vorschau.$id';
import { NewsletterPreview } from '~/components/preview/NewsletterPreview';
import { NEWSLETTER_PREVIEW_COPY } from '~/copy/newsletter';
import { previewNewsletterMail } from '~/server/newsletter/newsletter.server';
import { loadDraft } from '~/server/preview/preview.server';

export async function loader({ request, params }: Route.LoaderArgs) {
  const draft = await loadDraft(request, () => previewNewsletterMail(params.id));
  if (!draft) throw data(null, { status: 404 });
  // The mail once: a draft's plain copy (for meta tags) is of no use here.
  return { preview: draft.preview, content: draft.content };
}

export const meta: Route.MetaFunction = () => [
  { title: NEWSLETTER_PREVIEW_COPY.title },
  { name: 'robots', content: 'noindex' },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  const content = loaderData.content;
  // A draft that cannot make the preview (not found): root.tsx's preview tools say why.
  if (!content) return null;
  return <NewsletterPreview problems={content.problems} preview={'preview' in content ? content.preview : undefined} />;
}
