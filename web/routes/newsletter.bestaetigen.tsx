// The double opt-in link of the newsletter confirmation mail: the click confirms.
import type { Route } from './+types/newsletter.bestaetigen';
import { pageMeta } from '~/lib/seo';
import { confirmNewsletter } from '~/server/newsletter.server';

export async function loader({ request }: Route.LoaderArgs) {
  return { result: await confirmNewsletter(new URL(request.url).searchParams.get('token')) };
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

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const [title, text] = TEXTS[loaderData.result];
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
