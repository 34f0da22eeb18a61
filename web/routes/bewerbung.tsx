// /bewerbung: the application form, only with a valid access grant (otherwise back to /access).
// Without JavaScript the form posts here; with it, to POST /api/applications.
import { data, redirect } from 'react-router';
import type { Route } from './+types/bewerbung';
import { Typeset } from '~/components/Typeset';
import { ApplicationForm } from '~/components/access/ApplicationForm';
import '~/components/access/access.css';
import { BEWERBUNG_COPY } from '~/copy/access';
import { pageMeta } from '~/lib/seo';
import { readGrant } from '~/server/access/access.server';
import { applicationInput, type FieldErrors } from '~/lib/application-form';
import {
  APPLICATION_INPUT,
  applicationDraft,
  submitApplication,
  THANK_YOU_PATH,
} from '~/server/applications/applications.server';
import { clientAddressContext, problemInit, readInput } from '~/server/http/http.server';

/** Without a valid grant: back to the code page, saying so when a grant was there but ran out. */
async function requireGrant(request: Request) {
  const grant = await readGrant(request);
  if (grant.state !== 'valid') throw redirect(grant.state === 'expired' ? '/access?abgelaufen' : '/access', 303);
  return grant.id;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireGrant(request);
  // One id per page view: a second post of the same form stores nothing new.
  return { clientId: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const grantId = await requireGrant(request);
  const input = await readInput(request, applicationInput, APPLICATION_INPUT);
  const result = input.ok
    ? await submitApplication(input.value, { grantId, clientAddress: context.get(clientAddressContext) })
    : input;
  if (result.ok) return redirect(THANK_YOU_PATH, 303);
  const { message: error } = result;
  // A body too large to read names the message as the field at fault (the form shows it there).
  const fields: FieldErrors = result.problem === 'too-large' ? { message: error } : (result.fields ?? {});
  const sent = input.sent as { id?: unknown } | undefined;
  const clientId = typeof sent?.id === 'string' && sent.id ? sent.id : crypto.randomUUID();
  return data({ error, fields, draft: applicationDraft(input.sent), clientId }, problemInit(result));
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: BEWERBUNG_COPY.title, path: '/bewerbung', noindex: true });

export default function Bewerbung({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="gate-page gate-page--form">
      <a href="/" className="gate-close" aria-label={`Schließen und ${BEWERBUNG_COPY.back.toLowerCase()}`}>
        <span aria-hidden="true">×</span>
      </a>
      <section className="gate-card gate-card--wide" aria-labelledby="bewerbung-title">
        <h1 id="bewerbung-title">{BEWERBUNG_COPY.title}</h1>
        <p className="gate-intro">
          <Typeset>{BEWERBUNG_COPY.intro}</Typeset>
        </p>
        <ApplicationForm
          // A new answer from the server starts the form from it.
          key={actionData ? JSON.stringify(actionData.fields) : 'form'}
          clientId={actionData?.clientId ?? loaderData.clientId}
          error={actionData?.error}
          fields={actionData?.fields}
          draft={actionData?.draft}
        />
      </section>
    </main>
  );
}
