// Browsers a team member signed in from. A successful sign-in from a browser the member never used
// before is mailed to them (in German), and so is every sign-in with the password alone (during a
// reset of their second factor): if it was not them, they act at once. The browser is
// recognised by a random id in an HttpOnly cookie (only its hash is stored), not by its user agent,
// which many browsers share.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatDateTime } from '~/lib/berlin-time';
import { TEAM_PASSWORD_RESET_PATH } from '~/lib/team';
import { getConfig } from '../config.server';
import { getDatabase, schema } from '../db/db.server';
import { enqueueMail, kickOutbox, MAIL_SIGNATURE, type OutboxMail } from '../mail/mail.server';

export const DEVICE_COOKIE = 'team_device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const t = schema.teamDevices;

const hashDevice = (id: string) => createHash('sha256').update(`team-device\n${id}`).digest('base64url');

/** The device cookie's value in a Cookie header, if any. */
export function deviceIdOf(cookieHeader: string | null): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([A-Za-z0-9_-]{16,64})(?:;|$)`).exec(cookieHeader ?? '');
  return match?.[1];
}

/** A browser and its system in a few words ("Firefox auf Windows"), from a user agent. */
export function describeBrowser(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'ein unbekannter Browser';
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} auf ${system}` : browser;
}

/** A time as Germans read it, in Berlin's time zone ("26.11.2026, 14:02 Uhr"). */
export const berlinTime = (date: Date): string => `${formatDateTime(date)} Uhr`;

/** Why a sign-in is mailed: a browser the member never used, or a sign-in with the password alone. */
export type SignInMailKind = 'new-browser' | 'without-second-factor';

const SIGN_IN_MAILS: Record<SignInMailKind, { subject: string; what: string; ok: string }> = {
  'new-browser': {
    subject: 'Neue Anmeldung in deinem Team-Konto',
    what: 'gerade hat sich jemand mit deinem Team-Konto in einem Browser angemeldet, den du bisher nicht benutzt hast',
    ok: 'Warst du das? Dann ist alles in Ordnung, und du musst nichts tun.',
  },
  'without-second-factor': {
    subject: 'Anmeldung ohne zweiten Faktor in deinem Team-Konto',
    what:
      'gerade hat sich jemand mit dem Passwort deines Team-Kontos angemeldet, ohne einen Code aus der ' +
      'Authenticator-App (das geht nur, solange dein zweiter Faktor zurückgesetzt ist). In den Team-Bereich ' +
      'kommt man so nicht',
    ok: 'Warst du das? Dann richte deinen zweiten Faktor mit dem Link ein, den du bekommen hast.',
  },
};

export function signInMail(
  kind: SignInMailKind,
  to: string,
  name: string,
  when: Date,
  browser: string,
  publicUrl: string,
): OutboxMail {
  const mail = SIGN_IN_MAILS[kind];
  return {
    to,
    subject: mail.subject,
    text:
      `Hallo ${name},\n\n${mail.what}:\n\nZeit: ${berlinTime(when)}\nBrowser: ${browser}\n\n${mail.ok}\n\n` +
      `Wenn nicht: Lege sofort ein neues Passwort fest (${publicUrl}${TEAM_PASSWORD_RESET_PATH}; danach ` +
      `bist du überall abgemeldet) und sag einer Inhaberin oder einem Inhaber des Teams Bescheid. ` +
      `Sie können dich abmelden und deinen zweiten Faktor zurücksetzen.${MAIL_SIGNATURE}`,
  };
}

/**
 * After a sign-in: remembers the browser, and mails the member (`mail`): when the browser is new
 * to them ('new-browser'), always ('without-second-factor'), or not at all (false). Answers the
 * Set-Cookie header for a browser that had no device cookie yet (or undefined).
 */
export async function noteSignInBrowser(
  member: { id: string; name: string; email: string },
  request: Request,
  now = new Date(),
  options: { mail: SignInMailKind | false } = { mail: 'new-browser' },
): Promise<string | undefined> {
  const existing = deviceIdOf(request.headers.get('cookie'));
  const id = existing ?? randomBytes(24).toString('base64url');
  const { db } = getDatabase();
  const [known] = await db
    .update(t)
    .set({ lastSeenAt: now })
    .where(and(eq(t.userId, member.id), eq(t.deviceHash, hashDevice(id))))
    .returning({ userId: t.userId });
  const mail =
    options.mail === 'without-second-factor' || (options.mail === 'new-browser' && !known) ? options.mail : undefined;
  if (!known || mail) {
    await db.transaction(async (tx) => {
      if (!known)
        await tx
          .insert(t)
          .values({ userId: member.id, deviceHash: hashDevice(id), firstSeenAt: now, lastSeenAt: now })
          .onConflictDoNothing();
      if (mail) {
        const { publicUrl } = getConfig();
        const browser = describeBrowser(request.headers.get('user-agent'));
        await enqueueMail(tx, `team-${mail}`, signInMail(mail, member.email, member.name, now, browser, publicUrl));
      }
    });
    if (mail) kickOutbox();
  }
  if (existing) return undefined;
  const secure = getConfig().https ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${id}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`;
}
