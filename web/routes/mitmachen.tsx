// /mitmachen (and /mitmachen?typ=trainer): the signup without JavaScript. The same form as the
// popup posts here; the answer renders the links panel or the error, with the popup's texts.
import { randomUUID } from 'node:crypto';
import { data } from 'react-router';
import type { Route } from './+types/mitmachen';
import { SignupForm, type SignupServerState } from '~/components/signup/SignupForm';
import { brandOf, SiteBrand } from '~/components/SiteBrand';
import { signupPagePath } from '~/components/signup/paths';
import { pageMeta } from '~/lib/seo';
import { SIGNUP_API_MESSAGES, SIGNUP_COPY } from '~/copy/signup';
import { campaignQuery } from '~/lib/community';
import { parseUserType, signupFromForm, signupInput, signupSummary, type SignupRecord } from '~/lib/signup';
import { clientAddressContext, foreignOrigin, problemInit, readInput } from '~/server/http/http.server';
import { submitSignup } from '~/server/signups/signups.server';
import { getSiteSettings } from '~/server/content/content.server';

export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getSiteSettings();
  return {
    userType: parseUserType(new URL(request.url).searchParams.get('typ')),
    // The idempotency id of this form: sending it twice (double click, reload) stores one signup.
    signupId: randomUUID(),
    campaign: visitCampaign(request),
    brand: brandOf(settings),
  };
}

/**
 * The campaign of the visit: `?utm_…` of this page's own URL, or else of the page of this site the
 * visitor came from (the landing page's call to action is a plain link here without JavaScript;
 * the browser names that page in `Referer`, as the site's referrer policy allows within the site).
 */
function visitCampaign(request: Request): string {
  const url = new URL(request.url);
  const own = campaignQuery(url.searchParams);
  if (own) return own;
  try {
    const from = new URL(request.headers.get('referer') ?? '');
    return from.host === url.host ? campaignQuery(from.searchParams) : '';
  } catch {
    return '';
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // A signup mails an address of the sender's choice: another site's form must not post one.
  const foreign = foreignOrigin(request, SIGNUP_API_MESSAGES.forbidden);
  if (foreign) return data({ state: invalid(foreign.message) }, problemInit(foreign));
  const input = await readInput(request, signupInput, {
    form: signupFromForm,
    summary: signupSummary,
    messages: SIGNUP_API_MESSAGES,
  });
  const values = valuesOf(input.sent);
  const result = input.ok ? await submitSignup(input.value, context.get(clientAddressContext)) : input;
  if (!result.ok) {
    // The form marks the fields at fault; the message is the popup's.
    const state: SignupServerState = { values, error: result.message, fields: Object.keys(result.fields ?? {}) };
    return data({ state }, problemInit(result));
  }
  const signup = result.value;
  const state: SignupServerState = { values, record: signup.created ? signup.record : replayed(signup.id, values) };
  return data({ state }, { status: signup.created ? 201 : 200 });
}

/** What the form shows again: the posted values (none when the body could not be read). */
function valuesOf(sent: unknown): SignupServerState['values'] {
  const posted = (sent ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    userType: parseUserType(posted.userType),
    name: text(posted.name),
    email: text(posted.email),
    newsletterOptIn: posted.newsletterOptIn !== false,
  };
}

/** A form sent again (a reload): the panel from what this post says, never from what is stored. */
function replayed(id: string, values: SignupServerState['values']): SignupRecord {
  return { ...values, id, timestamp: null, createdAt: new Date().toISOString() };
}

function invalid(error: string): SignupServerState {
  return { values: { userType: 'reiter', name: '', email: '', newsletterOptIn: true }, error };
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: SIGNUP_COPY.page.title,
    description: SIGNUP_COPY.page.description,
    path: signupPagePath(parseUserType(new URLSearchParams(location.search).get('typ'))),
  });

export default function Mitmachen({ loaderData, actionData }: Route.ComponentProps) {
  const { userType, signupId, campaign, brand } = loaderData;
  return (
    <main className="signup-page">
      <div className="page-brand">
        <SiteBrand brand={brand} />
      </div>
      <SignupForm
        // A new answer from the server (after a post) shows its state.
        key={actionData ? JSON.stringify(actionData.state) : 'form'}
        userType={userType}
        campaign={campaign}
        action={signupPagePath(userType, campaign)}
        signupId={signupId}
        server={actionData?.state}
        headingLevel="h1"
      />
      <p>
        <a href="/">{SIGNUP_COPY.page.back}</a>
      </p>
    </main>
  );
}
