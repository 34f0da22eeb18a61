// Newsletter double opt-in (German law wants a provable, confirmed opt-in): a signup with
// newsletterOptIn gets a confirmation mail with a signed link; the click sets
// newsletterConfirmedAt. Every newsletter mail carries a working unsubscribe link (also as
// List-Unsubscribe with one-click POST, RFC 8058).
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { SITE_NAME } from '~/lib/seo';
import { getConfig } from './config.server';
import { getDatabase, schema } from './db.server';
import { sendMail, type SentMail } from './mail.server';
import type { SignupRecord } from './signups.server';
import { sign, verify } from './signing.server';

export const CONFIRM_PATH = '/newsletter/bestaetigen';
export const UNSUBSCRIBE_PATH = '/newsletter/abmelden';
const CONFIRM = 'newsletter-confirm';
const UNSUBSCRIBE = 'newsletter-unsubscribe';

export const confirmUrl = (signupId: string) =>
  `${getConfig().publicUrl}${CONFIRM_PATH}?token=${encodeURIComponent(sign(CONFIRM, signupId))}`;
export const unsubscribeUrl = (signupId: string) =>
  `${getConfig().publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(sign(UNSUBSCRIBE, signupId))}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface NewsletterMail {
  subject: string;
  /** Paragraphs of plain text; a paragraph that is a URL becomes a link in the HTML part. */
  paragraphs: string[];
  /** Links to print to the log when mails go to the outbox. */
  links?: string[];
}

/** Sends a newsletter mail to one signup, with the unsubscribe link in the text and the headers. */
export function sendNewsletterMail(
  signup: Pick<SignupRecord, 'id' | 'email'>,
  mail: NewsletterMail,
): Promise<SentMail> {
  const unsubscribe = unsubscribeUrl(signup.id);
  const footer = `Du möchtest keine Newsletter-E-Mails mehr bekommen? Hier abmelden: ${unsubscribe}`;
  const html = mail.paragraphs
    .map((p) => (/^https?:\/\/\S+$/.test(p) ? `<a href="${escapeHtml(p)}">${escapeHtml(p)}</a>` : escapeHtml(p)))
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return sendMail({
    to: signup.email,
    subject: mail.subject,
    text: `${mail.paragraphs.join('\n\n')}\n\n-- \n${footer}\n`,
    html:
      `<!doctype html><html lang="de"><body>${html}<hr>` +
      `<p><small>Du möchtest keine Newsletter-E-Mails mehr bekommen? <a href="${escapeHtml(unsubscribe)}">Hier abmelden</a>.</small></p></body></html>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    links: [...(mail.links ?? []), unsubscribe],
  });
}

/** The double opt-in mail for a new signup that ticked the newsletter box. */
export function sendNewsletterConfirmation(signup: Pick<SignupRecord, 'id' | 'name' | 'email'>): Promise<SentMail> {
  const link = confirmUrl(signup.id);
  return sendNewsletterMail(signup, {
    subject: 'Bitte bestätige deine Newsletter-Anmeldung',
    links: [link],
    paragraphs: [
      `Hallo ${signup.name},`,
      'schön, dass du dabei bist! Bei deiner Anmeldung zur WhatsApp-Gruppe hast du dir auch unseren Newsletter gewünscht. Bitte bestätige das mit einem Klick auf diesen Link:',
      link,
      'Erst nach deiner Bestätigung schicken wir dir den Newsletter. Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dann bekommst du keinen Newsletter.',
      `Viele Grüße\n${SITE_NAME}`,
    ],
  });
}

/** How long a claimed confirmation mail may stay unsent before another sweep takes it on. */
export const CONFIRMATION_LEASE_MS = 5 * 60_000;
/** After this many attempts an address is given up (it is refused, or the mail server is gone). */
export const CONFIRMATION_MAX_ATTEMPTS = 5;
/** How often each server process sweeps the outbox. */
export const CONFIRMATION_SWEEP_MS = 60_000;

/**
 * Sends the confirmation mail of a signup that was just stored (claimed by its INSERT) and marks it
 * sent. In the background: the signup is answered already. If the mail fails or the process dies
 * first, the claim runs out and the outbox sweep sends it.
 */
export function queueNewsletterConfirmation(signup: SignupRecord) {
  void sendAndMark(signup);
}

async function sendAndMark(signup: Pick<SignupRecord, 'id' | 'name' | 'email'>) {
  try {
    await sendNewsletterConfirmation(signup);
  } catch (error) {
    console.error(`Newsletter confirmation mail for signup ${signup.id} failed (will be retried):`, error);
    return false;
  }
  await markSent(signup.id);
  return true;
}

/**
 * Marks confirmation mails as sent, all that finished in one turn of the event loop in one UPDATE
 * (a burst of opt-ins would otherwise add one commit per mail to the signups' group commit).
 * Never fails: the mail went out; at worst the sweep sends it a second time after the lease.
 */
const sentQueue: { id: string; done: () => void }[] = [];
let sentFlushing = false;

function markSent(id: string) {
  return new Promise<void>((done) => {
    sentQueue.push({ id, done });
    if (!sentFlushing) {
      sentFlushing = true;
      setImmediate(flushSent);
    }
  });
}

async function flushSent() {
  while (sentQueue.length) {
    const batch = sentQueue.splice(0, 500);
    try {
      const { db } = getDatabase();
      const ids = batch.map((b) => b.id);
      await db
        .update(schema.signups)
        .set({ confirmationMailSentAt: new Date() })
        .where(inArray(schema.signups.id, ids));
    } catch (error) {
      console.error(`Could not mark ${batch.length} confirmation mail(s) as sent:`, error);
    }
    for (const b of batch) b.done();
  }
  sentFlushing = false;
}

/**
 * The outbox sweep: claims (FOR UPDATE SKIP LOCKED, so parallel sweeps of several processes never
 * take the same mail) opt-ins whose confirmation mail is unsent and whose claim ran out, and sends
 * them. Unconfirmed and not unsubscribed only; at most CONFIRMATION_MAX_ATTEMPTS tries each.
 * Returns how many mails went out.
 */
export async function sweepConfirmationOutbox({ now = new Date(), limit = 20 } = {}): Promise<number> {
  const { db } = getDatabase();
  const t = schema.signups;
  const expired = new Date(now.getTime() - CONFIRMATION_LEASE_MS);
  const claimed = await db
    .update(t)
    .set({ confirmationMailClaimedAt: now, confirmationMailAttempts: sql`${t.confirmationMailAttempts} + 1` })
    .where(
      inArray(
        t.id,
        db
          .select({ id: t.id })
          .from(t)
          .where(
            and(
              eq(t.newsletterOptIn, true),
              isNull(t.confirmationMailSentAt),
              isNull(t.newsletterConfirmedAt),
              isNull(t.newsletterUnsubscribedAt),
              lt(t.confirmationMailAttempts, CONFIRMATION_MAX_ATTEMPTS),
              or(isNull(t.confirmationMailClaimedAt), lt(t.confirmationMailClaimedAt, expired)),
            ),
          )
          .orderBy(t.createdAt)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: t.id, name: t.name, email: t.email });
  let sent = 0;
  for (const signup of claimed) if (await sendAndMark(signup)) sent++;
  return sent;
}

/** Sweeps the outbox now and then every CONFIRMATION_SWEEP_MS; returns a function that stops it. */
export function startConfirmationOutbox(intervalMs = CONFIRMATION_SWEEP_MS) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => sweepConfirmationOutbox())
      .catch((error: unknown) => console.error('Newsletter outbox sweep failed:', error));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export type ConfirmResult = 'confirmed' | 'already-confirmed' | 'unsubscribed' | 'invalid';

/** The click on the confirmation link: sets newsletterConfirmedAt once (a second click keeps the first time). */
export async function confirmNewsletter(token: unknown, now = new Date()): Promise<ConfirmResult> {
  const id = verify(CONFIRM, token);
  if (!id) return 'invalid';
  const { db } = getDatabase();
  const t = schema.signups;
  const [updated] = await db
    .update(t)
    .set({ newsletterConfirmedAt: now })
    .where(
      and(
        eq(t.id, id),
        eq(t.newsletterOptIn, true),
        isNull(t.newsletterConfirmedAt),
        isNull(t.newsletterUnsubscribedAt),
      ),
    )
    .returning({ id: t.id });
  if (updated) return 'confirmed';
  const [row] = await db
    .select({ confirmed: t.newsletterConfirmedAt, unsubscribed: t.newsletterUnsubscribedAt, optIn: t.newsletterOptIn })
    .from(t)
    .where(eq(t.id, id));
  if (!row || !row.optIn) return 'invalid';
  return row.unsubscribed ? 'unsubscribed' : 'already-confirmed';
}

export const verifyUnsubscribeToken = (token: unknown) => verify(UNSUBSCRIBE, token) !== undefined;

export type UnsubscribeResult = 'unsubscribed' | 'invalid';

/** The unsubscribe link: no more newsletter mails for this signup (idempotent). */
export async function unsubscribeNewsletter(token: unknown, now = new Date()): Promise<UnsubscribeResult> {
  const id = verify(UNSUBSCRIBE, token);
  if (!id) return 'invalid';
  const { db } = getDatabase();
  const t = schema.signups;
  const [row] = await db
    .update(t)
    .set({ newsletterUnsubscribedAt: sql`coalesce(${t.newsletterUnsubscribedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(t.id, id))
    .returning({ id: t.id });
  return row ? 'unsubscribed' : 'invalid';
}

/** Whether newsletter mails may go to this signup: opted in, confirmed, not unsubscribed. */
export const mayReceiveNewsletter = (s: {
  newsletterOptIn: boolean;
  newsletterConfirmedAt: string | Date | null;
  newsletterUnsubscribedAt: string | Date | null;
}) => s.newsletterOptIn && Boolean(s.newsletterConfirmedAt) && !s.newsletterUnsubscribedAt;
