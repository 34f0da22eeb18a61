// /access: the mentee/mentor code. With JavaScript the boxes call POST /api/access; without it
// they post here, and a right code leads to the application form with the grant cookie set.
import { data, redirect } from 'react-router';
import type { Route } from './+types/access';
import { CodeForm } from '~/components/access/CodeForm';
import { brandOf, SiteBrand } from '~/components/SiteBrand';
import '~/components/access/access.css';
import { ACCESS_COPY, ACCESS_MESSAGES } from '~/copy/access';
import { CODE_LENGTH } from '~/copy/limits';
import { accessPageForm } from '~/lib/access';
import { pageMeta } from '~/lib/seo';
import { checkAccessCode } from '~/server/access/access.server';
import { getSiteSettings } from '~/server/content/content.server';
import { clientAddressContext, problemInit, readPageForm } from '~/server/http/http.server';

export async function loader({ request }: Route.LoaderArgs) {
  // The application form sends visitors back here when their grant ran out.
  const expired = new URL(request.url).searchParams.has('abgelaufen');
  return { error: expired ? ACCESS_MESSAGES.expired : undefined, brand: brandOf(await getSiteSettings()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Each of the boxes posts one character as `code`.
  const { code } = await readPageForm(request, accessPageForm, {
    form: (form) => ({ code: form.getAll('code').join('') }),
  });
  const result = await checkAccessCode(code, context.get(clientAddressContext));
  if (result.ok && result.value.setCookie) {
    return redirect('/bewerbung', { status: 303, headers: { 'Set-Cookie': result.value.setCookie } });
  }
  const error = !result.ok ? result.message : result.value.answer.valid ? undefined : result.value.answer.error;
  // The refused code goes back into the boxes, to be checked (the person's own input; never stored).
  return data({ error, code: code.slice(0, CODE_LENGTH) }, result.ok ? { status: 200 } : problemInit(result));
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () => pageMeta({ title: ACCESS_COPY.title, path: '/access', noindex: true });

export default function Access({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? loaderData.error;
  return (
    <main className="gate-page">
      <SiteBrand brand={loaderData.brand} className="gate-brand" />
      <a href="/" className="gate-close" aria-label={ACCESS_COPY.close}>
        <span aria-hidden="true">×</span>
      </a>
      <section className="gate-card" aria-labelledby="access-title">
        <h1 id="access-title" lang="en">
          {ACCESS_COPY.title}
        </h1>
        {/* A new answer from the server starts the boxes afresh with its message. */}
        <CodeForm key={error ?? 'form'} error={error} code={actionData?.code} />
      </section>
    </main>
  );
}
