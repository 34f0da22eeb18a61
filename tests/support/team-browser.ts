// A team member's browser against the route modules of an integration test (no server): requests
// with the browser's cookies and origin, the invitation accepted step by step with a TOTP code
// computed from the key the page shows.
import { expect } from 'vitest';
import * as invitationPage from '~/routes/team.einladung';
import * as memberRoute from '~/routes/api.team.members.$id';
import { createInvitation } from '~/server/team/team.server';
import { PUBLIC_URL, call } from './routes';
import { cookieHeader, keepCookies } from './team-client';
import { secretOf, unusedTotp } from './totp';

export type Jar = Map<string, string>;

/** A request of a browser with its cookies (same origin, as a form post sends it). */
export function browserRequest(path: string, jar: Jar, init: { form?: Record<string, string>; json?: unknown } = {}) {
  const headers: Record<string, string> = {
    Origin: PUBLIC_URL,
    Cookie: cookieHeader(jar),
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  };
  if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  return new Request(`${PUBLIC_URL}${path}`, {
    method: init.form || init.json !== undefined ? 'POST' : 'GET',
    headers,
    body: init.form ? new URLSearchParams(init.form) : init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

/** A page's data() answer as the Response the server makes of it (its view as JSON). */
export function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  const { data, init } = result as { data: unknown; init?: ResponseInit };
  return new Response(JSON.stringify(data), init);
}

/** Calls a route as a browser would, keeping the cookies it sets. */
export async function browse(
  handler: Parameters<typeof call>[0],
  path: string,
  jar: Jar,
  init: { form?: Record<string, string>; json?: unknown } = {},
  params = {},
) {
  const res = asResponse(await call(handler, browserRequest(path, jar, init), '198.51.100.7', params));
  keepCookies(jar, res);
  return res;
}

export const viewOf = async (res: Response) => (await res.json()) as unknown;

/** An invitation's link, made as the command makes it. */
export async function invite(email: string, role: 'owner' | 'reviewer' = 'reviewer', now?: Date) {
  const made = await createInvitation({ email, role }, null, { now });
  if (!made.ok) throw new Error(made.problem);
  return new URL(made.value.url);
}

export const pathOf = (link: URL) => `${link.pathname}${link.search}`;

/** A form posted to the invitation link `link` (its page's action), by a browser with the cookies in `jar`. */
export const postInvite = (link: URL, form: Record<string, string>, jar: Jar = new Map()) =>
  browse(invitationPage.action, pathOf(link), jar, { form });

/** Accepts an invitation as the invited person's browser does; answers the jar and what the steps showed. */
export async function accept(
  link: URL,
  person = { name: 'Rita Reviewer', password: 'rita-password-1' },
  jar: Jar = new Map(),
) {
  const account = await postInvite(link, { intent: 'account', ...person }, jar);
  const factor = (await viewOf(account)) as { stage: string; key: string; uri: string; qr: boolean[][] };
  expect(factor.stage).toBe('second-factor');
  const secret = secretOf(factor.uri);
  expect(factor.key.replace(/ /g, '')).toBe(secret);
  expect(factor.qr.length).toBeGreaterThan(20);
  const done = await postInvite(link, { intent: 'confirm', code: await unusedTotp(secret) }, jar);
  const view = (await viewOf(done)) as { stage: string; backupCodes: string[] };
  return { jar, secret, view, status: done.status };
}

/** An owner's change of a member over the API: `PATCH {role}` or `{name}`, or `DELETE` (the removal). */
export const memberChange = (method: 'PATCH' | 'DELETE', id: string, auth: Record<string, string>, body?: unknown) =>
  call(
    memberRoute.action,
    new Request(`${PUBLIC_URL}/api/team/members/${id}`, {
      method,
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    undefined,
    { id },
  );
