// The double opt-in link of the newsletter confirmation mail. GET only shows a button, because mail
// scanners open links and must not give consent for anyone; the button's POST confirms. A plain
// form, so it works before (and without) JavaScript.
import type { Route } from './+types/newsletter.bestaetigen';
import { MessagePage, TokenButton } from '~/components/MessagePage';
import { NEWSLETTER_COPY } from '~/copy/signup';
import { pageMeta } from '~/lib/seo';
import { readForm } from '~/server/http/http.server';
import { confirmNewsletter, newsletterConfirmState } from '~/server/signups/signups.server';

const COPY = NEWSLETTER_COPY.confirm;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, state: await newsletterConfirmState(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = form?.get('token') ?? new URL(request.url).searchParams.get('token');
  return { result: await confirmNewsletter(token) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: COPY.title, path: '/newsletter/bestaetigen', noindex: true });

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.result ?? loaderData.state;
  if (outcome === 'pending') {
    return (
      <MessagePage title={COPY.title} text={COPY.question}>
        <TokenButton token={loaderData.token} label={COPY.button} />
      </MessagePage>
    );
  }
  const [title, text] = COPY.outcomes[outcome];
  return <MessagePage title={title} text={text} />;
}
