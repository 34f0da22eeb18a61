// The unsubscribe link of every newsletter mail. GET shows a button (so mail scanners that follow
// links do not unsubscribe anyone); POST unsubscribes, also as RFC 8058 one-click from mail apps.
import { Form } from 'react-router';
import type { Route } from './+types/newsletter.abmelden';
import { pageMeta } from '~/lib/seo';
import { unsubscribeNewsletter, verifyUnsubscribeToken } from '~/server/signups/newsletter.server';

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, valid: verifyUnsubscribeToken(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await request.formData().catch(() => undefined);
  const token = url.searchParams.get('token') ?? form?.get('token');
  return { result: await unsubscribeNewsletter(token) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Newsletter abmelden', path: '/newsletter/abmelden', noindex: true });

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.result === 'unsubscribed') {
    return (
      <main className="page-message">
        <h1>Du bist abgemeldet</h1>
        <p>
          Wir schicken dir keine Newsletter-E-Mails mehr. Deine Anmeldung zur WhatsApp-Gruppe bleibt davon unberührt.
        </p>
        <p>
          <a href="/">Zur Startseite</a>
        </p>
      </main>
    );
  }
  if (!loaderData.valid || actionData?.result === 'invalid') {
    return (
      <main className="page-message">
        <h1>Link ungültig</h1>
        <p>
          Dieser Abmeldelink ist ungültig oder unvollständig. Bitte öffne den Link genau so, wie er in der E-Mail steht.
        </p>
        <p>
          <a href="/">Zur Startseite</a>
        </p>
      </main>
    );
  }
  return (
    <main className="page-message">
      <h1>Newsletter abmelden</h1>
      <p>Möchtest du keine Newsletter-E-Mails mehr von uns bekommen?</p>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button">
          Ja, abmelden
        </button>
      </Form>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
