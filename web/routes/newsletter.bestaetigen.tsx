// The double opt-in link of the newsletter confirmation mail. GET only shows a button, because mail
// scanners open links and must not give consent for anyone; the button's POST confirms. A plain
// form, so it works before (and without) JavaScript.
import { Form } from 'react-router';
import type { Route } from './+types/newsletter.bestaetigen';
import { pageMeta } from '~/lib/seo';
import { confirmNewsletter, newsletterConfirmState } from '~/server/signups/newsletter.server';

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, state: await newsletterConfirmState(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined);
  const token = form?.get('token') ?? new URL(request.url).searchParams.get('token');
  return { result: await confirmNewsletter(token) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Newsletter bestätigen', path: '/newsletter/bestaetigen', noindex: true });

const TEXTS = {
  confirmed: [
    'Danke, du bist dabei!',
    'Deine Newsletter-Anmeldung ist bestätigt. Abmelden kannst du dich jederzeit über den Link in jeder E-Mail.',
  ],
  'already-confirmed': [
    'Schon bestätigt',
    'Deine Newsletter-Anmeldung war bereits bestätigt. Du musst nichts weiter tun.',
  ],
  unsubscribed: [
    'Du bist abgemeldet',
    'Du hast dich vom Newsletter abgemeldet. Wir schicken dir keine Newsletter-E-Mails mehr.',
  ],
  invalid: [
    'Link ungültig',
    'Dieser Bestätigungslink ist ungültig oder unvollständig. Bitte öffne den Link genau so, wie er in der E-Mail steht.',
  ],
} as const;

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.result ?? loaderData.state;
  if (outcome === 'pending') {
    return (
      <main className="page-message">
        <h1>Newsletter bestätigen</h1>
        <p>Möchtest du unseren Newsletter per E-Mail bekommen? Dann bestätige das bitte mit einem Klick.</p>
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button">
            Ja, Newsletter bestätigen
          </button>
        </Form>
        <p>
          <a href="/">Zur Startseite</a>
        </p>
      </main>
    );
  }
  const [title, text] = TEXTS[outcome];
  return (
    <main className="page-message">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
