// The general queue of the mail outbox (table mail_outbox): application confirmations, team
// notifications, account mails. A mail is rendered when it is queued, inside the transaction of
// what it announces; the runner (outbox.server.ts) sends it. The body is erased once the SMTP
// server accepted the mail, so links in it (a password reset) are not kept beyond their use.
import { and, asc, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
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

/** The team's notice of given-up mails: never about itself (that would go round in circles). */
export const GIVEN_UP_MAIL_KIND = 'mail-given-up';

/** A mail the outbox gave up on, as the log and the team's notice name it. */
export interface GivenUpMail {
  /** Which queue: 'mail_outbox' or 'signups' (the newsletter confirmations). */
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

/** Marks the mails whose last attempt failed and whose wait is over as given up; reports them. */
async function giveUpMails(now: Date) {
  const { db } = getDatabase();
  const given = await db
    .update(t)
    .set({ givenUpAt: now, text: null, html: null })
    .where(
      and(
        isNull(t.sentAt),
        isNull(t.givenUpAt),
        gte(t.attempts, OUTBOX_MAX_ATTEMPTS),
        claimDue(t.claimedAt, t.attempts, now),
      ),
    )
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
          .where(
            and(
              isNull(t.sentAt),
              isNull(t.givenUpAt),
              lt(t.attempts, OUTBOX_MAX_ATTEMPTS),
              claimDue(t.claimedAt, t.attempts, now),
            ),
          )
          .orderBy(asc(t.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();

  return sendClaimed(
    claimed,
    (mail) =>
      sendMail({
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text ?? '',
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
        // Printed to a developer's terminal when mails are written to files (never in production).
        links: mail.text?.match(LINK) ?? [],
      }),
    // The body is erased once sent: links in it (a password reset) are not kept beyond their use.
    (ids) => db.update(t).set({ sentAt: new Date(), text: null, html: null }).where(inArray(t.id, ids)),
    (mail) => `Mail ${mail.id} (${mail.kind})`,
  );
}
