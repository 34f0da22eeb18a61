// For tests of accounts: calls to Better Auth's endpoints through the /api/auth/* route, with the
// browser's Origin and the session cookie, from a chosen client address.
import * as authApi from '~/routes/api.auth.$';
import { PUBLIC_URL, call, get } from './routes';

let counter = 0;
/** A fresh client address per use, so one test's attempts never count against another's limit. */
export const freshAddress = () => `198.51.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;
/** A fresh email address. */
export const freshEmail = (name = 'konto') => `${name}-${crypto.randomUUID().slice(0, 8)}@example.org`;

export const PASSWORD = 'pferd-und-reiter-2026';

export interface AuthCall {
  status: number;
  body: Record<string, unknown>;
  response: Response;
  /** The `name=value` of the session cookie this answer set ('' when it set none). */
  cookie: string;
}

/** The session cookie (name=value) from an answer's Set-Cookie headers. */
function sessionCookie(response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  return set ? set.split(';')[0]! : '';
}

export async function authPost(
  path: string,
  body: unknown,
  { ip = freshAddress(), cookie = '', origin = PUBLIC_URL }: { ip?: string; cookie?: string; origin?: string } = {},
): Promise<AuthCall> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: origin };
  if (cookie) headers.Cookie = cookie;
  const request = new Request(`${PUBLIC_URL}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const response = await call(authApi.action, request, ip);
  return {
    status: response.status,
    body: (await response
      .clone()
      .json()
      .catch(() => ({}))) as Record<string, unknown>,
    response,
    cookie: sessionCookie(response),
  };
}

export async function authGet(path: string, { ip = freshAddress(), cookie = '' } = {}) {
  return call(authApi.loader, get(`/api/auth${path}`, cookie ? { Cookie: cookie } : {}), ip);
}

export const signIn = (email: string, password = PASSWORD, ip?: string) =>
  authPost('/sign-in/email', { email, password }, { ip });

/** Signs up a new account (a sign-up does not sign in), then signs in; answers its email and session cookie. */
export async function signUp(email = freshEmail(), password = PASSWORD) {
  const answer = await authPost('/sign-up/email', { email, password, name: '' });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const session = await signIn(email, password);
  if (session.status !== 200) throw new Error(`sign-in after sign-up failed: ${session.status}`);
  return { email, cookie: session.cookie };
}
