// Newsletter double opt-in (German law wants a provable, confirmed opt-in): a signup with
// newsletterOptIn gets a confirmation mail, queued in mail_outbox in the signup's own commit
// (writer.server.ts) and rendered when it is sent (renderConfirmationMail, handed to the mail queue
// by the composition root), with a sealed link (the signup's id, encrypted: the link does not show
// it) to a page whose button sets newsletterConfirmedAt (opening the link alone changes nothing:
// mail scanners open links). The confirmation, like every newsletter mail, carries a working
// unsubscribe link (also as List-Unsubscribe with one-click POST, RFC 8058).
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { SITE_NAME } from '~/lib/seo';
import { COMMUNITY_LINK_COPY } from '~/copy/community';
import { stableLink } from '../community/community.server';
import { getConfig } from '../config.server';
import { getDatabase, schema, type Db } from '../db/db.server';
import { kickOutbox, type OutboxMail, type QueuedOutboxMail } from '../mail/mail.server';
import type { SignupRecord } from '~/lib/signup';
import { seal, unseal, verify } from '../signing.server';

export const CONFIRM_PATH = '/newsletter/bestaetigen';
export const UNSUBSCRIBE_PATH = '/newsletter/abmelden';
/** A post of the confirmation or unsubscribe page's button: the link's token (else the page's query has it). */
export const newsletterLinkForm = z.object({ token: z.string().optional().catch(undefined) });

const CONFIRM = 'newsletter-confirm';
const UNSUBSCRIBE = 'newsletter-unsubscribe';

export const confirmUrl = (signupId: string) =>
  `${getConfig().publicUrl}${CONFIRM_PATH}?token=${encodeURIComponent(seal(CONFIRM, signupId))}`;
export const unsubscribeUrl = (signupId: string) =>
  `${getConfig().publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(seal(UNSUBSCRIBE, signupId))}`;

/**
 * The signup id of a link's token: a sealed one, or one signed (`<id>.<signature>`) as the mails
 * sent before the links were sealed carry them (their unsubscribe links must keep working).
 */
const signupIdOf = (purpose: string, token: unknown) => unseal(purpose, token) ?? verify(purpose, token);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface NewsletterMail {
  subject: string;
  /** Paragraphs of plain text; a paragraph that is a URL becomes a link in the HTML part. */
  paragraphs: string[];
}

/** A mail to one signup with the unsubscribe link in the text and the headers. */
function newsletterMail(signup: Pick<SignupRecord, 'id' | 'email'>, mail: NewsletterMail): OutboxMail {
  const unsubscribe = unsubscribeUrl(signup.id);
  const footer = `Du möchtest keine Newsletter-E-Mails mehr bekommen? Hier abmelden: ${unsubscribe}`;
  const html = mail.paragraphs
    .map((p) => (/^https?:\/\/\S+$/.test(p) ? `<a href="${escapeHtml(p)}">${escapeHtml(p)}</a>` : escapeHtml(p)))
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return {
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
  };
}

/** The outbox's kind of the double opt-in mail. */
export const CONFIRMATION_MAIL_KIND = 'newsletter-confirmation';
const CONFIRMATION_SUBJECT = 'Bitte bestätige deine Newsletter-Anmeldung';

/**
 * Queues the double opt-in mails of new signups that ticked the newsletter box, in `tx` (the
 * signups' own commit). Their text is written when they are sent (confirmationMail): the links are
 * sealed with the server's key, which the migration that moved the older ones had not.
 */
export async function queueNewsletterConfirmations(tx: Db, signups: Pick<SignupRecord, 'id' | 'email'>[]) {
  if (!signups.length) return;
  await tx.insert(schema.mailOutbox).values(
    signups.map((s) => ({
      kind: CONFIRMATION_MAIL_KIND,
      toAddress: s.email,
      subject: CONFIRMATION_SUBJECT,
      signupId: s.id,
    })),
  );
}

/**
 * The confirmation mail of a queued row, written when it is sent: only to opt-ins that are neither
 * confirmed nor unsubscribed (a signup deleted with its account took its mails along); otherwise
 * null, and the row is done without a mail.
 */
export async function renderConfirmationMail(queued: Pick<QueuedOutboxMail, 'signupId'>): Promise<OutboxMail | null> {
  if (!queued.signupId) return null;
  const t = schema.signups;
  const [signup] = await getDatabase()
    .db.select({ id: t.id, name: t.name, email: t.email, userType: t.userType })
    .from(t)
    .where(
      and(
        eq(t.id, queued.signupId),
        eq(t.newsletterOptIn, true),
        isNull(t.newsletterConfirmedAt),
        isNull(t.newsletterUnsubscribedAt),
      ),
    );
  return signup ? confirmationMail(signup) : null;
}

/** Confirmed or unsubscribed: a confirmation mail not sent yet is no longer wanted. */
async function cancelConfirmationMail(signupId: string) {
  const m = schema.mailOutbox;
  await getDatabase()
    .db.delete(m)
    .where(and(eq(m.signupId, signupId), eq(m.kind, CONFIRMATION_MAIL_KIND), isNull(m.sentAt), isNull(m.givenUpAt)));
}

/**
 * The double opt-in mail for a new signup that ticked the newsletter box. It also carries the
 * stable link of the signup's group (/gruppe/…, never the WhatsApp invitation itself, which may be
 * reset or full by the time the mail is read).
 */
function confirmationMail(signup: Pick<SignupRecord, 'id' | 'name' | 'email' | 'userType'>) {
  const link = confirmUrl(signup.id);
  const group = stableLink(signup.userType);
  return newsletterMail(signup, {
    subject: CONFIRMATION_SUBJECT,
    paragraphs: [
      `Hallo ${signup.name},`,
      'schön, dass du dabei bist! Bei deiner Anmeldung zur WhatsApp-Gruppe hast du dir auch unseren Newsletter gewünscht. Bitte bestätige das mit einem Klick auf diesen Link:',
      link,
      'Erst nach deiner Bestätigung schicken wir dir den Newsletter. Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dann bekommst du keinen Newsletter.',
      COMMUNITY_LINK_COPY.mailGroupLink,
      group,
      `Viele Grüße\n${SITE_NAME}`,
    ],
  });
}

export type ConfirmResult = 'confirmed' | 'already-confirmed' | 'unsubscribed' | 'invalid';

/** The click on the confirmation page's button: sets newsletterConfirmedAt once (a second click keeps the first time). */
export async function confirmNewsletter(token: unknown, now = new Date()): Promise<ConfirmResult> {
  const id = signupIdOf(CONFIRM, token);
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
  if (updated) {
    await cancelConfirmationMail(id);
    return 'confirmed';
  }
  const state = await stateOf(id);
  return state === 'pending' ? 'invalid' : state;
}

export type ConfirmState = 'pending' | Exclude<ConfirmResult, 'confirmed'>;

/** What the confirmation link's page shows, without changing anything (GET must stay safe). */
export async function newsletterConfirmState(token: unknown): Promise<ConfirmState> {
  const id = signupIdOf(CONFIRM, token);
  return id ? stateOf(id) : 'invalid';
}

async function stateOf(id: string): Promise<ConfirmState> {
  const t = schema.signups;
  const [row] = await getDatabase()
    .db.select({
      confirmed: t.newsletterConfirmedAt,
      unsubscribed: t.newsletterUnsubscribedAt,
      optIn: t.newsletterOptIn,
    })
    .from(t)
    .where(eq(t.id, id));
  if (!row || !row.optIn) return 'invalid';
  if (row.unsubscribed) return 'unsubscribed';
  return row.confirmed ? 'already-confirmed' : 'pending';
}

export const verifyUnsubscribeToken = (token: unknown) => signupIdOf(UNSUBSCRIBE, token) !== undefined;

export type UnsubscribeResult = 'unsubscribed' | 'invalid';

/**
 * The unsubscribe link: no more newsletter mails for this signup, nor for any other signup of its
 * address (a newsletter goes to an address once, through whichever of its signups confirmed first);
 * idempotent. A newsletter being sent reads this before each mail, so its mails stop at once.
 */
export async function unsubscribeNewsletter(token: unknown, now = new Date()): Promise<UnsubscribeResult> {
  const id = signupIdOf(UNSUBSCRIBE, token);
  if (!id) return 'invalid';
  const t = schema.signups;
  const address = getDatabase()
    .db.select({ email: sql`lower(${t.email})` })
    .from(t)
    .where(eq(t.id, id));
  const unsubscribed = await unsubscribeWhere(sql`lower(${t.email}) in (${address})`, now);
  return unsubscribed ? 'unsubscribed' : 'invalid';
}

/** Unsubscribes every signup `where` picks (the first time is kept); answers how many it picked. */
async function unsubscribeWhere(where: SQL, now: Date): Promise<number> {
  const t = schema.signups;
  const rows = await getDatabase()
    .db.update(t)
    .set({ newsletterUnsubscribedAt: sql`coalesce(${t.newsletterUnsubscribedAt}, ${now.toISOString()}::timestamptz)` })
    .where(where)
    .returning({ id: t.id });
  for (const row of rows) await cancelConfirmationMail(row.id);
  return rows.length;
}

const ofAddress = (email: string) => sql`lower(${schema.signups.email}) = ${email.toLowerCase()}`;

/**
 * /konto's unsubscribe: no more newsletter mails to the account's (verified) address, whichever of
 * its signups they would go through, as the link in a mail does. Answers how many signups it has.
 */
export const unsubscribeAddress = (email: string, now = new Date()) => unsubscribeWhere(ofAddress(email), now);

export type ResubscribeResult = 'queued' | 'not-found' | 'subscribed';

/**
 * /konto's re-subscription of one signup of the account's address (unsubscribed, undeliverable, or
 * never opted in): a new double opt-in. Its consent is set back to "asked, not confirmed" and a new
 * confirmation mail is queued in the same commit; nothing else goes to the address until its button
 * is pressed. A signup that receives the newsletter or waits for its confirmation is left as it is
 * ('subscribed'); one of another address is 'not-found'.
 */
export async function resubscribeNewsletter(email: string, signupId: string): Promise<ResubscribeResult> {
  const t = schema.signups;
  const result = await getDatabase().db.transaction(async (tx): Promise<ResubscribeResult> => {
    const [row] = await tx
      .update(t)
      .set({
        newsletterOptIn: true,
        newsletterConfirmedAt: null,
        newsletterUnsubscribedAt: null,
        newsletterUndeliverableAt: null,
      })
      .where(
        and(
          eq(t.id, signupId),
          ofAddress(email),
          or(
            eq(t.newsletterOptIn, false),
            isNotNull(t.newsletterUnsubscribedAt),
            isNotNull(t.newsletterUndeliverableAt),
          ),
        ),
      )
      .returning({ id: t.id, email: t.email });
    if (row) {
      await queueNewsletterConfirmations(tx, [row]);
      return 'queued';
    }
    const [exists] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, signupId), ofAddress(email)));
    return exists ? 'subscribed' : 'not-found';
  });
  if (result === 'queued') kickOutbox();
  return result;
}
