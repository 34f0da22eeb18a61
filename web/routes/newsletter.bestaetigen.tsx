// The double opt-in link of the newsletter confirmation mail. GET only shows a button, because mail
// scanners open links and must not give consent for anyone; the button's POST confirms. A plain
// form, so it works before (and without) JavaScript.
import type { Route } from './+types/newsletter.bestaetigen';
import { MessagePage, TokenButton } from '~/components/MessagePage';
import { brandOf } from '~/components/SiteBrand';
import { NEWSLETTER_COPY } from '~/copy/signup';
import { pageMeta } from '~/lib/seo';
import { getSiteSettings } from '~/server/content/content.server';
import { readPageForm } from '~/server/http/http.server';
import { confirmNewsletter, newsletterConfirmState, newsletterLinkForm } from '~/server/signups/signups.server';

const COPY = NEWSLETTER_COPY.confirm;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, state: await newsletterConfirmState(token), brand: brandOf(await getSiteSettings()) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readPageForm(request, newsletterLinkForm);
  const token = form.token ?? new URL(request.url).searchParams.get('token');
  return { result: await confirmNewsletter(token) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: COPY.title, path: '/newsletter/bestaetigen', noindex: true });

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.result ?? loaderData.state;
  if (outcome === 'pending') {
    return (
      <MessagePage brand={loaderData.brand} title={COPY.title} text={COPY.question}>
        <TokenButton token={loaderData.token} label={COPY.button} />
      </MessagePage>
    );
  }
  const [title, text] = COPY.outcomes[outcome];
  return <MessagePage brand={loaderData.brand} title={title} text={text} />;
}
