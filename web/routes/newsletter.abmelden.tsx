// The unsubscribe link of every newsletter mail. GET shows a button (so mail scanners that follow
// links do not unsubscribe anyone); POST unsubscribes, also as RFC 8058 one-click from mail apps.
import type { Route } from './+types/newsletter.abmelden';
import { MessagePage, TokenButton } from '~/components/MessagePage';
import { brandOf } from '~/components/SiteBrand';
import { NEWSLETTER_COPY } from '~/copy/signup';
import { pageMeta } from '~/lib/seo';
import { getSiteSettings } from '~/server/content/content.server';
import { readPageForm } from '~/server/http/http.server';
import { newsletterLinkForm, unsubscribeNewsletter, verifyUnsubscribeToken } from '~/server/signups/signups.server';

const COPY = NEWSLETTER_COPY.unsubscribe;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, valid: verifyUnsubscribeToken(token), brand: brandOf(await getSiteSettings()) };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await readPageForm(request, newsletterLinkForm);
  const token = url.searchParams.get('token') ?? form.token;
  return { result: await unsubscribeNewsletter(token) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: COPY.title, path: '/newsletter/abmelden', noindex: true });

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.result === 'unsubscribed')
    return <MessagePage brand={loaderData.brand} title={COPY.doneTitle} text={COPY.doneText} />;
  if (!loaderData.valid || actionData?.result === 'invalid') {
    return <MessagePage brand={loaderData.brand} title={COPY.invalidTitle} text={COPY.invalidText} />;
  }
  return (
    <MessagePage brand={loaderData.brand} title={COPY.title} text={COPY.question}>
      <TokenButton token={loaderData.token} label={COPY.button} />
    </MessagePage>
  );
}
