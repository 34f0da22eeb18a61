// Accounts with email and password: Better Auth on our database (its Drizzle adapter over the
// tables in db/schema.ts). Created lazily for the current configuration and database.
//
// Every call that changes state goes through `auth.handler` with a Request, also when a route
// action calls it for a plain form post: calls through `auth.api` skip Better Auth's rate limiter
// and its origin check. The limits live in the database, so they hold across server processes.
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { RouterContextProvider } from 'react-router';
import { KONTO_COPY } from '~/copy/account';
import { MIN_PASSWORD_LENGTH } from '~/copy/limits';
import {
  accountDeletedMail,
  passwordResetMail,
  queueAccountMail,
  queueExistingAccountMail,
  verificationMail,
  verifyPageUrl,
} from './mails.server';
import { deleteAccountData } from './account-data.server';
import { BACKUP_CODE_COUNT, backupCodeStore, newBackupCodes } from './backup-codes.server';
import { secondFactorRules, SECOND_FACTOR_PATHS } from './second-factor.server';
import { getConfig, type Config } from '../config.server';
import { log } from '../log.server';
import { getDatabase, schema, type Database } from '../db/db.server';
import { clientAddressContext, limitKey } from '../http/http.server';

/** Better Auth's base path; /api/auth/* is handed to it by web/routes/api.auth.$.ts. */
export const AUTH_BASE_PATH = '/api/auth';
/** Where the reset link leads (the page that sets the new password). */
export const RESET_PAGE_PATH = '/passwort-neu';
/** The set-by-us header Better Auth reads the client address from (a client's own value is replaced). */
const CLIENT_ADDRESS_HEADER = 'x-bc-client-address';

/** A team member's session ends this long after signing in (web/server/team/ applies the idle timeout too). */
const TEAM_SESSION_MAX_S = 12 * 60 * 60;

/**
 * The two-factor plugin's endpoints that set up or remove a second factor. Only the team's
 * invitation page (through callAuth) and owners (web/server/team/) do that: from outside they are
 * not found, so nobody adds, replaces or removes a factor behind the team's back.
 */
const SERVER_ONLY_PATHS = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/two-factor/get-totp-uri',
]);

const RATE_LIMITED_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
  '/delete-user',
  '/change-password',
];

function createAuth(config: Config, database: Database) {
  const t = schema;
  const limit = config.authRateLimit;
  return betterAuth({
    appName: 'Bewegungscoaching',
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    telemetry: { enabled: false },
    // Better Auth's messages go to the log as lines of their own; of its extra arguments only an
    // error is kept (others may be a user record).
    logger: {
      log: (level, message, ...args) => {
        const error = args.find((a) => a instanceof Error);
        log[level](error ? { err: error } : {}, `Better Auth: ${message}`);
      },
    },
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: t.authUsers,
        session: t.authSessions,
        account: t.authAccounts,
        verification: t.authVerifications,
        rateLimit: t.authRateLimits,
        twoFactor: t.authTwoFactors,
      },
    }),
    // The team's second factor: an authenticator app (TOTP) with 10 backup codes that are easy to
    // type (backup-codes.server.ts). Required for every team member (web/server/team/ admits no
    // session of a member without it); our rules on top: no "trust this device", a code counts
    // once, a backup code counts however it is typed (second-factor.server.ts).
    plugins: [
      twoFactor({
        issuer: 'Bewegungscoaching',
        backupCodeOptions: {
          amount: BACKUP_CODE_COUNT,
          customBackupCodesGenerate: () => newBackupCodes(),
          storeBackupCodes: backupCodeStore(config.authSecret),
        },
      }),
      secondFactorRules(),
    ],
    databaseHooks: {
      session: {
        create: {
          // A session opened by the second factor's step says so (only such a session is a team
          // member's). A team member's session ends 12 hours after signing in, for Better Auth too.
          // Read through Better Auth's own adapter: inside its transaction (PGlite has one
          // connection: a query beside the transaction would wait for it forever).
          before: async (session, ctx) => {
            const secondFactorVerified = SECOND_FACTOR_PATHS.has(ctx?.path ?? '');
            const user = (await ctx?.context.internalAdapter.findUserById(session.userId)) as
              { teamRole?: string | null } | null | undefined;
            const end = new Date(Date.now() + TEAM_SESSION_MAX_S * 1000);
            const expiresAt = user?.teamRole && session.expiresAt > end ? end : session.expiresAt;
            return { data: { ...session, expiresAt, secondFactorVerified } };
          },
        },
      },
    },
    // The configured public address, and the request's own origin (a same-origin post), are the
    // only origins whose state-changing requests are accepted.
    trustedOrigins: (request) => [config.publicUrl, ...(request ? [new URL(request.url).origin] : [])],
    // Better Auth's own link target is off: the mail's link leads to our page, which asks for the
    // password too (verification.server.ts). Nobody renames themselves: a team member's name is
    // set at the invitation and changed by owners (web/server/team/), and no page offers it.
    disabledPaths: ['/verify-email', '/update-user'],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // Signing in works before the address is verified; what is tied to it is shown only after.
      requireEmailVerification: false,
      // A sign-up does not sign in: so a sign-up for an address that has an account can answer
      // exactly as for a new one (Better Auth then answers a made-up user), and its owner is told.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await queueExistingAccountMail(user.id, user.email);
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A team member's link leads back to the team sign-in (the page knows it by `team`).
        const team = Boolean((user as { teamRole?: string | null }).teamRole);
        const url = `${config.publicUrl}${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}${team ? '&team' : ''}`;
        await queueAccountMail('password-reset', passwordResetMail(user.email, url, team));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        await queueAccountMail('email-verification', verificationMail(user.email, verifyPageUrl(token)));
      },
    },
    user: {
      // The team role (web/server/team/): read with the user, never set through Better Auth's endpoints.
      additionalFields: { teamRole: { type: 'string', required: false, input: false } },
      deleteUser: {
        enabled: true,
        // A team member's account stays while they are in the team (an owner removes them first:
        // the team never loses its last owner this way; the routes that delete record a former
        // member's deletion in the team's log). What belongs to the account goes first: a failure
        // leaves the account to try again.
        beforeDelete: async (user) => {
          if ((user as { teamRole?: string | null }).teamRole)
            throw APIError.from('CONFLICT', { code: 'TEAM_MEMBER', message: KONTO_COPY.teamMember });
          await deleteAccountData(user);
        },
        afterDelete: async (user) => {
          log.info({ event: 'account-deleted', userId: user.id }, 'Accounts: an account was deleted');
          await queueAccountMail('account-deleted', accountDeletedMail(user.email));
        },
      },
    },
    session: {
      // Set by the session hook above, never from a request; read by web/server/team/.
      additionalFields: {
        secondFactorVerified: { type: 'boolean', required: false, input: false, returned: false, defaultValue: false },
      },
      // Every request reads the session row: a revoked session (sign out everywhere, a password
      // reset) is signed out at once, never kept alive by a signed cookie cache.
      cookieCache: { enabled: false },
      // A session ends when it was set to end (7 days after signing in; 12 hours for a team
      // member): using it does not push that further.
      disableSessionRefresh: true,
    },
    rateLimit: {
      enabled: limit > 0,
      storage: 'database',
      window: AUTH_RATE_WINDOW_S,
      max: 100,
      customRules: {
        ...Object.fromEntries(RATE_LIMITED_PATHS.map((path) => [path, { window: AUTH_RATE_WINDOW_S, max: limit }])),
        // Reading the session is not an attempt at anything; it need not write a counter.
        '/get-session': false,
        // The second factor: a code per sign-in (the plugin's own 3 per 10 s would trip a team
        // enrolling together behind one address). Wrong codes are also capped per challenge (5)
        // and per account (10, then a 15-minute lock) by the plugin.
        '/two-factor/verify-totp': { window: 60, max: limit * 2 },
        '/two-factor/verify-backup-code': { window: 60, max: limit * 2 },
        // Set up only by the invitation page, after the password was checked.
        '/two-factor/enable': false,
      },
    },
    advanced: {
      // Better Auth skips its origin check when NODE_ENV is test; ours checks everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.https },
      // Our header carries limitKey(address) (an IPv6 client as its /64): Better Auth's limiter
      // counts what every other limiter counts; ipv6Subnet says the same for its own parsing.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 64 },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let current: { config: Config; database: Database; auth: Auth } | undefined;

/** The Better Auth instance of the current configuration and database. */
export function getAuth(): Auth {
  const config = getConfig();
  const database = getDatabase();
  if (current?.config !== config || current.database !== database) {
    current = { config, database, auth: createAuth(config, database) };
  }
  return current.auth;
}

/**
 * A copy of `headers` that carries the client address as our server saw it (never the client's
 * claim), as the key our rate limits count it under.
 */
function withClientAddress(headers: Headers, context: Readonly<RouterContextProvider>) {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, limitKey(context.get(clientAddressContext)));
  return copy;
}

/** What a caller of handleAuthRequest may do with Better Auth's answer: answer cookies to add. */
export type AuthObserver = (
  path: string,
  body: Record<string, unknown> | undefined,
  request: Request,
  answer: { ok: boolean; status: number; body: Record<string, unknown> },
) => Promise<string[]>;

/** The window of Better Auth's limits, in seconds (its answers name what is left of it). */
export const AUTH_RATE_WINDOW_S = 60;

/** The endpoint of a request under /api/auth (`/sign-in/email`). */
export const authPath = (url: string) => new URL(url).pathname.slice(AUTH_BASE_PATH.length);

/**
 * Hands a request to /api/auth/* to Better Auth, with the body the route read (its bodies are a few
 * fields: the route refuses one over 16 KB before Better Auth sees it). The endpoints that set up or
 * remove a second factor are not reachable from outside (404). `observe` hears the answer (the team
 * records its members' sign-ins) and may add cookies to it.
 */
export async function handleAuthRequest(
  request: Request,
  body: string | undefined,
  context: Readonly<RouterContextProvider>,
  observe?: AuthObserver,
) {
  const path = authPath(request.url);
  if (SERVER_ONLY_PATHS.has(path)) return Response.json({ message: 'Not found' }, { status: 404 });
  const headers = withClientAddress(request.headers, context);
  const response = await getAuth().handler(new Request(request.url, { method: request.method, headers, body }));
  if (!observe || request.method !== 'POST') return response;
  const parsed = parseObject(body);
  const answer = parseObject(await response.clone().text());
  const cookies = await observe(path, parsed, request, {
    ok: response.ok,
    status: response.status,
    body: answer ?? {},
  });
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}

function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = text ? JSON.parse(text) : undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function retryAfterOf(response: Response): { retryAfter?: number } {
  const seconds = Number(response.headers.get('x-retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? { retryAfter: Math.ceil(seconds) } : {};
}

// What a form post forwards to Better Auth: the session cookie, and what its origin and CSRF checks read.
const FORWARDED = ['cookie', 'origin', 'referer', 'user-agent', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest'];

export interface AuthAnswer {
  ok: boolean;
  status: number;
  /** Better Auth's JSON answer ({} when it had none). */
  body: Record<string, unknown>;
  /** The cookies Better Auth set or cleared, to pass on to the browser. */
  setCookies: string[];
  /** Seconds until its limiter lets the next attempt through (a 429's X-Retry-After). */
  retryAfter?: number;
}

/**
 * Calls one of Better Auth's endpoints for a route action (a plain form post or the page's fetch)
 * through its handler, as if the browser had called it: the same limiter, origin check and cookies.
 */
export async function callAuth(
  path: string,
  body: Record<string, unknown>,
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<AuthAnswer> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const url = new URL(`${AUTH_BASE_PATH}${path}`, request.url);
  const response = await getAuth().handler(
    new Request(url, { method: 'POST', headers: withClientAddress(headers, context), body: JSON.stringify(body) }),
  );
  const answer = (await response.json().catch(() => null)) as unknown;
  return {
    ok: response.ok,
    status: response.status,
    body: answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {},
    setCookies: response.headers.getSetCookie(),
    ...retryAfterOf(response),
  };
}

/** The signed-in user and session of a request, or null. */
export async function getSession(request: Request) {
  return getAuth().api.getSession({ headers: request.headers });
}
