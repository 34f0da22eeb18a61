// Sending a newsletter, as the team dashboard asks for it: the list with each newsletter's state
// and live figures, a test to the member's own address, the send (the recipient list frozen in one
// transaction, with the number the owner confirmed), pause and resume. Every one of them is in the
// team's activity log with the member's name, written in the same transaction. The mails themselves
// go out through the one mail queue (delivery.server.ts).
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { NEWSLETTER_API_MESSAGES as M } from '~/copy/dashboard';
import { UNSENT, type NewsletterListEntry } from '~/lib/newsletter-sending';
import { getNewsletter, getNewsletters } from '../content/content.server';
import { getDatabase, schema, type Db } from '../db/db.server';
import { enqueueMail, kickOutbox } from '../mail/mail.server';
import { fail, ok, type Failure } from '../result.server';
import { recordActivity } from '../team/team.server';
import { countAudiences, freezeRecipients } from './recipients.server';
import { renderTestMail } from './render.server';
import { newsletterSite } from './site.server';

const n = schema.newsletterSends;
const r = schema.newsletterRecipients;

/** The kind of a test mail in the mail outbox. */
export const NEWSLETTER_TEST_MAIL_KIND = 'newsletter-test';

/** Who asks: a team member (their own address receives the test). */
export interface Member {
  id: string;
  name: string;
  email: string;
}

/** A refusal, with what the answer carries besides its message (the problems, the current count). */
export type NewsletterRefusal = Failure & { body?: { problems?: string[]; recipients?: number } };
export type NewsletterResult<T> = { ok: true; value: T } | NewsletterRefusal;

const refuse = (problem: Failure['problem'], message: string, body?: NewsletterRefusal['body']): NewsletterRefusal => ({
  ...fail(problem, message),
  ...(body ? { body } : {}),
});

/** Thrown inside a transaction to roll it back with a refusal. */
class Refused extends Error {
  constructor(readonly refusal: NewsletterRefusal) {
    super(refusal.message);
  }
}

/** Every newsletter of the Studio, and every one sent (also if deleted since), newest first. */
export async function listNewsletters(): Promise<NewsletterListEntry[]> {
  const { db } = getDatabase();
  const [summaries, sends, audiences] = await Promise.all([
    getNewsletters(),
    db
      .select({
        id: n.newsletterId,
        subject: n.subject,
        audience: n.audience,
        status: n.status,
        recipients: n.recipients,
        sent: n.sent,
        failed: n.failed,
        startedAt: n.startedAt,
        finishedAt: n.finishedAt,
        byId: n.byId,
        byName: n.byName,
      })
      .from(n),
    countAudiences(db),
  ]);
  const active = sends.filter((send) => send.status !== 'sent').map((send) => send.id);
  const figures = active.length
    ? await db
        .select({ id: r.newsletterId, status: r.status, count: count() })
        .from(r)
        .where(and(inArray(r.newsletterId, active), inArray(r.status, ['sent', 'failed'])))
        .groupBy(r.newsletterId, r.status)
    : [];
  const figure = (id: string, status: 'sent' | 'failed') =>
    Number(figures.find((f) => f.id === id && f.status === status)?.count ?? 0);

  const entries: (NewsletterListEntry & { order: string })[] = sends.map((send) => ({
    id: send.id,
    subject: send.subject,
    audience: send.audience,
    recipients: send.recipients,
    status: send.status,
    sent: send.sent ?? figure(send.id, 'sent'),
    failed: send.failed ?? figure(send.id, 'failed'),
    startedAt: send.startedAt.toISOString(),
    finishedAt: send.finishedAt?.toISOString() ?? null,
    by: send.byId !== null || send.byName !== null ? { id: send.byId, name: send.byName ?? '' } : null,
    order: send.startedAt.toISOString(),
  }));
  for (const summary of summaries) {
    if (sends.some((send) => send.id === summary.id)) continue;
    entries.push({
      id: summary.id,
      subject: summary.subject,
      audience: summary.audience,
      recipients: summary.audience ? audiences[summary.audience] : 0,
      ...UNSENT,
      order: summary.updatedAt ?? '',
    });
  }
  entries.sort((a, b) => (a.order < b.order ? 1 : a.order > b.order ? -1 : a.id.localeCompare(b.id)));
  return entries.map(({ order: _, ...entry }) => entry);
}

/** The newsletter `id` as it can be sent, or why not (none with this id; problems). */
async function sendable(id: string) {
  const check = await getNewsletter(id);
  if (!check) return refuse('not-found', M.notFound);
  if (!check.newsletter) return refuse('conflict', M.problems, { problems: check.problems });
  return ok(check.newsletter);
}

/** The newsletter once to the member's own address, "[Test]" before its subject; nothing else changes. */
export async function sendNewsletterTest(id: string, member: Member): Promise<NewsletterResult<void>> {
  const checked = await sendable(id);
  if (!checked.ok) return checked;
  const newsletter = checked.value;
  const mail = await renderTestMail(newsletter, await newsletterSite());
  await getDatabase().db.transaction(async (tx) => {
    await enqueueMail(tx, NEWSLETTER_TEST_MAIL_KIND, { to: member.email, ...mail });
    await recordActivity(
      { action: 'newsletter-test', member, target: id, detail: { subject: newsletter.subject } },
      tx,
    );
  });
  kickOutbox();
  return ok(undefined);
}

/**
 * Sends the newsletter to its audience: the recipients frozen in one transaction, which also
 * records who sent it. `expect` is the number the owner confirmed: another count (the audience
 * changed since) refuses with the current one, and so does an audience of nobody.
 */
export async function sendNewsletter(
  id: string,
  expect: number,
  member: Member,
  now = new Date(),
): Promise<NewsletterResult<{ recipients: number }>> {
  const checked = await sendable(id);
  if (!checked.ok) return checked;
  const newsletter = checked.value;
  try {
    const recipients = await getDatabase().db.transaction(async (tx) => {
      // Once per newsletter: a second send (also one racing this one) finds the row and refuses.
      const [created] = await tx
        .insert(n)
        .values({
          newsletterId: id,
          subject: newsletter.subject,
          audience: newsletter.audience,
          newsletter: newsletter as unknown as Record<string, unknown>,
          recipients: 0,
          startedAt: now,
          byId: member.id,
          byName: member.name,
        })
        .onConflictDoNothing()
        .returning({ id: n.newsletterId });
      if (!created) throw new Refused(refuse('conflict', M.alreadySent));
      const frozen = await freezeRecipients(tx, id, newsletter.audience);
      if (frozen === 0) throw new Refused(refuse('conflict', M.emptyAudience, { recipients: 0 }));
      if (frozen !== expect) throw new Refused(refuse('conflict', M.audienceChanged, { recipients: frozen }));
      await tx.update(n).set({ recipients: frozen }).where(eq(n.newsletterId, id));
      await recordActivity(
        {
          action: 'newsletter-sent',
          member,
          target: id,
          detail: { subject: newsletter.subject, audience: newsletter.audience, recipients: frozen },
        },
        tx,
        now,
      );
      return frozen;
    });
    kickOutbox();
    return ok({ recipients });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** Changes a send's status from `from` to `to`, with its activity; why not, when it is not in `from`. */
async function switchStatus(
  id: string,
  member: Member,
  change: { from: 'sending' | 'paused'; to: 'sending' | 'paused'; action: 'newsletter-paused' | 'newsletter-resumed' },
): Promise<NewsletterResult<void>> {
  const { db } = getDatabase();
  const changed = await db.transaction(async (tx: Db) => {
    const now = new Date();
    const [row] = await tx
      .update(n)
      .set({ status: change.to, pausedAt: change.to === 'paused' ? now : null })
      .where(and(eq(n.newsletterId, id), eq(n.status, change.from)))
      .returning({ subject: n.subject });
    if (row)
      await recordActivity({ action: change.action, member, target: id, detail: { subject: row.subject } }, tx, now);
    return row;
  });
  if (changed) return ok(undefined);
  const [other] = await db
    .select({ status: n.status })
    .from(n)
    .where(and(eq(n.newsletterId, id), ne(n.status, change.from)));
  if (!other && !(await getNewsletter(id))) return refuse('not-found', M.notFound);
  return refuse('conflict', change.from === 'sending' ? M.notSending : M.notPaused);
}

/** Stops claiming the newsletter's mails until it is resumed (a mail already handed on may still land). */
export const pauseNewsletter = (id: string, member: Member) =>
  switchStatus(id, member, { from: 'sending', to: 'paused', action: 'newsletter-paused' });

/** Sending goes on where it stopped. */
export async function resumeNewsletter(id: string, member: Member) {
  const result = await switchStatus(id, member, { from: 'paused', to: 'sending', action: 'newsletter-resumed' });
  if (result.ok) kickOutbox();
  return result;
}
