// The one queue of the mail outbox (table mail_outbox, decision record 009): newsletter
// confirmations, application mails, team notifications, account mails. A mail is queued inside the
// transaction of what it announces; the runner (outbox.server.ts) sends it. Most are rendered when
// queued; a kind registered with renderWhenSent (the newsletter confirmation) is queued without its
// text and rendered when it is sent. The body is erased once the SMTP server accepted the mail, so
// links in it (a password reset) are not kept beyond their use.
import { and, asc, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { getConfig } from '../config.server';
import { getDatabase, schema, type Db } from '../db/db.server';
import { log } from '../log.server';
import { sendMail, type Mail } from './transport.server';
import { claimDue, OUTBOX_BATCH, OUTBOX_MAX_ATTEMPTS, sendClaimed, type SweepOptions } from './outbox.server';

const t = schema.mailOutbox;

/** A mail as it is queued: rendered in full; its links are found in the text when it is sent. */
export type OutboxMail = Omit<Mail, 'links'>;

/** The closing lines of every German mail we send. */
export const MAIL_SIGNATURE = '\n\nHerzliche Grüße\nDein Team von Bewegungscoaching';

/**
 * Queues a mail in `tx` (pass the transaction of the write the mail announces, or the database).
 * After the commit, call kickOutbox() so that it goes out at once rather than at the next poll.
 */
export async function enqueueMail(tx: Db, kind: string, mail: OutboxMail): Promise<void> {
  await tx.insert(t).values({
    kind,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ?? null,
  });
}

const LINK = /https?:\/\/[^\s<>"]+/g;

type QueuedMail = typeof t.$inferSelect;
/** Renders a mail queued without its text when it is sent; null: it is no longer wanted (marked done, not sent). */
export type RenderWhenSent = (queued: QueuedMail) => Promise<OutboxMail | null>;
const renderers = new Map<string, RenderWhenSent>();

/**
 * Mails of `kind` are queued without their text (`text` null) and rendered by `render` when they
 * are sent: for what SQL cannot write (a link sealed with the server's key) or what may change
 * until then. The module that queues them registers it, so a process that queues them sends them.
 */
export function renderWhenSent(kind: string, render: RenderWhenSent) {
  renderers.set(kind, render);
}

/** The mail to send for a claimed row: as queued, or rendered now. */
async function mailOf(queued: QueuedMail): Promise<Omit<Mail, 'links'> | null> {
  if (queued.text === null) {
    const render = renderers.get(queued.kind);
    // Fails the attempt: the row waits for a process that knows how to render it.
    if (!render) throw new Error(`No renderer for mails of kind ${queued.kind}`);
    return render(queued);
  }
  return {
    to: queued.toAddress,
    subject: queued.subject,
    text: queued.text,
    html: queued.html ?? undefined,
    headers: queued.headers ?? undefined,
  };
}

/** The team's notice of given-up mails: never about itself (that would go round in circles). */
export const GIVEN_UP_MAIL_KIND = 'mail-given-up';

/** A mail the outbox gave up on, as the log and the team's notice name it. */
export interface GivenUpMail {
  /** Which queue: 'mail_outbox' or 'decision_mails'. */
  queue: string;
  id: string | number;
  kind: string;
  to: string;
  createdAt: Date;
  attempts: number;
}

/**
 * Says that mails were given up: one log line each (kind, id, attempts; never the address), and one
 * mail to TEAM_NOTIFY_EMAIL listing them, so someone can reach those people another way.
 */
export async function reportGivenUp(mails: GivenUpMail[]) {
  if (!mails.length) return;
  for (const mail of mails) {
    log.error(
      { queue: mail.queue, mailId: mail.id, kind: mail.kind, attempts: mail.attempts },
      `Mail ${mail.id} (${mail.kind}) given up after ${mail.attempts} attempts since ${mail.createdAt.toISOString()}`,
    );
  }
  const { teamNotify } = getConfig().mail;
  const forTeam = mails.filter((m) => m.kind !== GIVEN_UP_MAIL_KIND);
  if (!teamNotify || !forTeam.length) return;
  const when = (d: Date) =>
    d.toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' });
  await enqueueMail(getDatabase().db, GIVEN_UP_MAIL_KIND, {
    to: teamNotify,
    subject: `${forTeam.length === 1 ? 'Eine E-Mail konnte' : `${forTeam.length} E-Mails konnten`} nicht zugestellt werden`,
    text:
      `Hallo Team,\n\nunser Mailserver hat diese E-Mails über mehr als einen Tag hinweg nicht angenommen; ` +
      `wir versuchen es nicht mehr:\n\n` +
      forTeam.map((m) => `- ${m.kind} an ${m.to} (vom ${when(m.createdAt)}, ${m.attempts} Versuche)`).join('\n') +
      `\n\nBitte prüft die Einstellungen des Mailservers (SMTP_URL) und meldet euch bei Bedarf auf anderem Weg ` +
      `bei diesen Personen.` +
      MAIL_SIGNATURE,
  });
}

/** Mails neither sent nor given up whose wait is over, with `attempts` (those left, or none left). */
const dueMails = (now: Date, attempts: SQL) =>
  and(isNull(t.sentAt), isNull(t.givenUpAt), attempts, claimDue(t.claimedAt, t.attempts, now));

/** Marks the mails whose last attempt failed and whose wait is over as given up; reports them. */
async function giveUpMails(now: Date) {
  const { db } = getDatabase();
  const given = await db
    .update(t)
    .set({ givenUpAt: now, text: null, html: null })
    .where(dueMails(now, gte(t.attempts, OUTBOX_MAX_ATTEMPTS)))
    .returning({ id: t.id, kind: t.kind, to: t.toAddress, createdAt: t.createdAt, attempts: t.attempts });
  await reportGivenUp(given.map((m) => ({ queue: 'mail_outbox', ...m })));
}

/**
 * One batch: gives up mails that ran out of attempts, claims up to `limit` due mails, sends them
 * and marks (and empties) the sent ones.
 */
export async function sweepMailOutbox({ now = new Date(), limit = OUTBOX_BATCH }: SweepOptions = {}) {
  const { db } = getDatabase();
  await giveUpMails(now);
  const claimed = await db
    .update(t)
    .set({ claimedAt: now, attempts: sql`${t.attempts} + 1` })
    .where(
      inArray(
        t.id,
        db
          .select({ id: t.id })
          .from(t)
          .where(dueMails(now, lt(t.attempts, OUTBOX_MAX_ATTEMPTS)))
          .orderBy(asc(t.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();

  return sendClaimed(
    claimed,
    async (queued) => {
      const mail = await mailOf(queued);
      // Printed to a developer's terminal when mails are written to files (never in production).
      if (mail) await sendMail({ ...mail, links: mail.text.match(LINK) ?? [] });
    },
    // The body is erased once sent: links in it (a password reset) are not kept beyond their use.
    (ids) => db.update(t).set({ sentAt: new Date(), text: null, html: null }).where(inArray(t.id, ids)),
    (mail) => `Mail ${mail.id} (${mail.kind})`,
  );
}
