// The team's side of a running server over HTTP, as a team member's browser does it: the first
// owner invited with `npm run team:invite` (the server's control socket), the invitation accepted
// (account, authenticator key, a TOTP code computed from it, backup codes), then the 4-digit code
// for a dashboard token. Kept per server, so a test file signs in once. And an applicant's grant
// from an access code. Plain Node (no vitest import): e2e tests and the benchmarks use it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEST_ACCESS_CODES, TEST_TEAM_CODE } from './codes.ts';
import { secretOf, unusedTotp } from './totp.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** Makes an invitation link for `email` on the server at a base URL (the CLI, or `podman exec` for a container). */
export type Inviter = (email: string, options: { owner: boolean; name: string }) => Promise<string>;

const inviters = new Map<string, Inviter>();

/** The inviter of a server started on this machine: `npm run team:invite` with its DATA_DIR. */
export const localInviter =
  (dataDir: string): Inviter =>
  async (email, { owner, name }) => {
    const args = ['scripts/team-invite.ts', email, ...(owner ? ['--owner'] : []), '--name', name];
    const { stdout } = await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    return stdout.trim().split('\n').at(-1)!;
  };

/** Says how members are invited on the server at `baseUrl` (servers started by spawnServer register themselves). */
export function registerInviter(baseUrl: string, inviter: Inviter) {
  inviters.set(baseUrl, inviter);
}

/** A signed-in team member of a server: their cookies (session, device), password, key and backup codes. */
export interface TeamMemberLogin {
  email: string;
  password: string;
  name: string;
  secret: string;
  backupCodes: string[];
  cookies: Map<string, string>;
}

export const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Keeps the cookies a response sets (and forgets the ones it clears). */
export function keepCookies(cookies: Map<string, string>, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    if (/max-age=0/i.test(cookie) || /expires=thu, 01 jan 1970/i.test(cookie)) cookies.delete(name);
    else cookies.set(name, pair!.slice(eq + 1).trim());
  }
}

/** A form post to a page of the server, as a browser sends it (its origin, its cookies). */
export async function postForm(
  baseUrl: string,
  target: string,
  fields: Record<string, string>,
  cookies: Map<string, string>,
) {
  const response = await fetch(new URL(target, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: baseUrl,
      Cookie: cookieHeader(cookies),
      'User-Agent': 'team-client (tests)',
    },
    body: new URLSearchParams(fields),
  });
  keepCookies(cookies, response);
  return response;
}

/**
 * Accepts an invitation link over HTTP: the account, the authenticator (a code computed from the
 * key the page shows), the backup codes. Throws when a step does not get through.
 */
export async function acceptInvitation(
  baseUrl: string,
  link: string,
  person: { name: string; password: string; email: string },
): Promise<TeamMemberLogin> {
  const target = new URL(link);
  const page = `${target.pathname}${target.search}`;
  const cookies = new Map<string, string>();
  const account = await postForm(
    baseUrl,
    page,
    { intent: 'account', name: person.name, password: person.password },
    cookies,
  );
  const html = await account.text();
  if (account.status !== 200) throw new Error(`invitation, account step: ${account.status}`);
  const secret = secretOf(html);
  const confirm = await postForm(baseUrl, page, { intent: 'confirm', code: await unusedTotp(secret) }, cookies);
  const done = await confirm.text();
  if (confirm.status !== 200) throw new Error(`invitation, code step: ${confirm.status}`);
  const backupCodes = [...done.matchAll(/<code>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/code>/g)].map((m) => m[1]!);
  return { ...person, secret, backupCodes, cookies };
}

const logins = new Map<string, Promise<TeamMemberLogin>>();

/** A new member of the server at `baseUrl` (invited with its command), signed in with both factors. */
export async function newTeamMember(
  baseUrl: string,
  options: { owner?: boolean; name?: string } = {},
): Promise<TeamMemberLogin> {
  const owner = options.owner ?? false;
  const name = options.name ?? (owner ? 'Olivia Owner' : 'Rita Reviewer');
  const inviter = inviters.get(baseUrl);
  if (!inviter) throw new Error(`no inviter registered for ${baseUrl} (start it with spawnServer, or registerInviter)`);
  const role = owner ? 'owner' : 'reviewer';
  const email = `${role}-${randomBytes(4).toString('hex')}@example.org`;
  const link = await inviter(email, { owner, name });
  return acceptInvitation(baseUrl, link, { email, name, password: `${role}-password-1234` });
}

/** An owner of the server at `baseUrl`, invited and signed in once per server (and kept). */
export function teamOwner(baseUrl: string): Promise<TeamMemberLogin> {
  let login = logins.get(baseUrl);
  if (!login) {
    login = newTeamMember(baseUrl, { owner: true });
    login.catch(() => logins.delete(baseUrl));
    logins.set(baseUrl, login);
  }
  return login;
}

/** A dashboard token from POST /api/team/session (the member's session cookie and the 4-digit code). */
export async function tokenFor(baseUrl: string, member: TeamMemberLogin, code = TEST_TEAM_CODE): Promise<string> {
  const res = await fetch(`${baseUrl}/api/team/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookieHeader(member.cookies) },
    body: JSON.stringify({ code }),
  });
  if (res.status !== 200) throw new Error(`POST /api/team/session answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** A team token of the server's owner (signed in once per server). */
export async function teamToken(baseUrl: string, code = TEST_TEAM_CODE): Promise<string> {
  return tokenFor(baseUrl, await teamOwner(baseUrl), code);
}

/** GET `path` with a fresh team token; the parsed JSON body. */
export async function teamGet<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${await teamToken(baseUrl)}` } });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Every stored signup, newest first, as the team's list answers it. */
export async function storedSignups<T = { id: string; name: string; userType: string; newsletterOptIn: boolean }>(
  baseUrl: string,
): Promise<T[]> {
  return (await teamGet<{ signups: T[] }>(baseUrl, '/api/signups')).signups;
}

/** The `access_grant=…` cookie pair that POST /api/access gives for a valid code (throws otherwise). */
export async function accessGrant(baseUrl: string, code = TEST_ACCESS_CODES[0]!): Promise<string> {
  const res = await fetch(`${baseUrl}/api/access`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const grant = res.headers.getSetCookie().find((c) => c.startsWith('access_grant='));
  if (res.status !== 200 || !grant) throw new Error(`POST /api/access answered ${res.status} without a grant`);
  return grant.split(';')[0]!;
}
