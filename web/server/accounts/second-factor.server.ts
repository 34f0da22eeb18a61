// The second factor's rules on top of Better Auth's two-factor plugin, as a plugin of our own
// (hooks, not a fork of it):
// - "Trust this device" is not offered. A verify call that asks for it is refused; the plugin's
//   trust_device cookie is taken out of every sign-in before the plugin reads it (and expired), so
//   a cookie from before cannot skip the second factor; signing out and signing out everywhere
//   delete the account's trust rows, as owners' changes do (forgetTrustedDevices).
// - A code from the authenticator app counts once: the time step it belongs to is stored per
//   user, and a code of the same or an earlier step is refused (also when two requests race).
// - A backup code counts however it was typed (case, spaces, the hyphen): it is put into the form
//   the stored codes are compared in (backup-codes.server.ts) before the plugin checks it.
// - A session opened by a second factor is marked as such (SECOND_FACTOR_PATHS, read by the
//   session hook in auth.server.ts): only such a session is a team member's session.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { expireCookie } from 'better-auth/cookies';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, like, lt, or } from 'drizzle-orm';
import { getDatabase, schema, type Db } from '../db/db.server';
import { normalizeBackupCode } from './backup-codes.server';

export const TOTP_PATH = '/two-factor/verify-totp';
export const BACKUP_CODE_PATH = '/two-factor/verify-backup-code';
const OTP_PATH = '/two-factor/verify-otp';

/** The endpoints that finish a sign-in with a second factor: a session they open passed it. */
export const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set([TOTP_PATH, BACKUP_CODE_PATH, OTP_PATH]);
/** Where the two-factor plugin reads its trust cookie (its own list). */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/username', '/sign-in/phone-number']);
const SIGN_OUT_PATHS = new Set(['/sign-out', '/revoke-sessions']);

const TRUST_COOKIE = 'trust_device';
const TRUST_COOKIE_PATTERN = /^(?:__Secure-)?better-auth\.trust_device$/;
/** The plugin names its trust rows (auth_verifications, value = the user's id) so. */
const TRUST_ROW_PREFIX = 'trust-device-';

const TOTP_PERIOD_MS = 30_000;
/** Steps around now the plugin accepts (its default window). */
const TOTP_WINDOW = 1;

const v = schema.authVerifications;
const f = schema.authTwoFactors;

/** Deletes the user's "trust this device" rows (in `tx` when given): such a cookie then opens nothing, even to Better Auth. */
export async function forgetTrustedDevices(userId: string, tx: Db = getDatabase().db) {
  await tx.delete(v).where(and(eq(v.value, userId), like(v.identifier, `${TRUST_ROW_PREFIX}%`)));
}

/** A Cookie header without Better Auth's trust cookie; undefined when it had none. */
function withoutTrustCookie(header: string | null | undefined): string | undefined {
  const pairs = (header ?? '').split(';').map((pair) => pair.trim());
  const kept = pairs.filter((pair) => !TRUST_COOKIE_PATTERN.test(pair.slice(0, pair.indexOf('='))));
  return kept.length === pairs.length ? undefined : kept.join('; ');
}

/** The 6-digit code of an HOTP key and counter (RFC 4226), as the plugin computes it. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The latest time step around `now` (within the plugin's window) whose code is `code`, or undefined. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  // The plugin's secrets are its own random strings, used as UTF-8 bytes (the enrolment makes
  // them; nothing here imports another app's Base32 secret).
  const key = Buffer.from(secret, 'utf8');
  const current = Math.floor(now / TOTP_PERIOD_MS);
  let matched: number | undefined;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) matched = step;
  }
  return matched;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code a verify call checks, as the plugin decides it: the session's user, else the pending sign-in's. */
async function verifyingUser(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value;
}

/**
 * Before the plugin checks a code from the app: claims its time step for the user with one
 * conditional write, or refuses the call when that step (or a later one) was accepted before. A
 * wrong code is left to the plugin, which refuses and counts it.
 */
async function claimTotpStep(ctx: HookContext) {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || code.length !== 6) return;
  const userId = await verifyingUser(ctx);
  if (!userId) return;
  const { db } = getDatabase();
  const [factor] = await db.select({ secret: f.secret }).from(f).where(eq(f.userId, userId));
  if (!factor) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: factor.secret });
  const step = totpStepOf(secret, code);
  if (step === undefined) return;
  const claimed = await db
    .update(f)
    .set({ lastTotpStep: step })
    .where(and(eq(f.userId, userId), or(isNull(f.lastTotpStep), lt(f.lastTotpStep, step))))
    .returning({ id: f.id });
  if (!claimed.length) {
    throw APIError.from('UNAUTHORIZED', {
      code: 'TOTP_CODE_USED',
      message: 'This code was used already. Please wait for the next code of your authenticator app.',
    });
  }
}

export const secondFactorRules = () =>
  ({
    id: 'second-factor-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if ((ctx.body as { trustDevice?: unknown } | undefined)?.trustDevice) {
              throw APIError.from('BAD_REQUEST', {
                code: 'TRUST_DEVICE_NOT_OFFERED',
                message: 'This site does not remember devices: the second factor is asked at every sign-in.',
              });
            }
            if (ctx.path === TOTP_PATH) await claimTotpStep(ctx);
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (ctx.path === BACKUP_CODE_PATH && typeof code === 'string')
              return { context: { body: { ...(ctx.body as object), code: normalizeBackupCode(code) } } };
          }),
        },
        {
          matcher: (ctx) => SIGN_IN_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const cookie = withoutTrustCookie(ctx.headers?.get('cookie'));
            if (cookie === undefined) return;
            expireCookie(ctx, ctx.context.createAuthCookie(TRUST_COOKIE));
            return { context: { headers: new Headers({ cookie }) } };
          }),
        },
        {
          matcher: (ctx) => SIGN_OUT_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (session) await forgetTrustedDevices(session.user.id);
            if (withoutTrustCookie(ctx.headers?.get('cookie')) !== undefined)
              expireCookie(ctx, ctx.context.createAuthCookie(TRUST_COOKIE));
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
