// The decision mails on PGlite and PostgreSQL over a real SMTP server, with the clock of each step
// given: one mail after the delay and none before; none when the decision is undone; the newest
// decision wins; a retried change, parallel sweeps (several processes) and a repeated decision
// send no second mail; a failed mail shows on the record, is retried after its wait and sent once,
// or given up with the team told; the texts come from the content (the bundled dataset, or a
// Sanity stand-in where a publish changes the next mail), never with the applicant's message; the
// history, the activity log and the live change sequence record the mail.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as patchRoute from '~/routes/api.applications.$id';
import * as previewRoute from '~/routes/api.applications.$id.decision-mail';
import type { ApplicationRecord, ApplicationStatus } from '~/lib/applications';
import {
  decisionMailQueue,
  deleteApplications,
  getApplicationHistory,
  setApplicationStatus,
} from '~/server/applications/applications.server';
import {
  applicationsChangedSince,
  createApplication,
  getApplication,
  latestChangeSeq,
} from '~/server/applications/store.server';
import { schema } from '~/server/db/db.server';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, startOutbox } from '~/server/mail/mail.server';
import { syncContent } from '~/server/serving/content-sync.server';
import { listActivity, recordDecisionMailSent } from '~/server/team/team.server';
import { application } from '../support/applications';
import { describeEachDatabase } from '../support/database';
import { PUBLIC_URL, bearer, call, get, useMailConfig } from '../support/routes';
import { contentSources } from '../support/content-source';
import { type SanityStandIn } from '../support/sanity-standin';
import { SMTP_DOWN, smtpSink, startSmtp } from '../support/smtp';
import { seedMember, tokenOf, type SeededMember } from '../support/team';
import { until } from '../support/until';
import { outcomeOf } from '../support/status-change';
import { nextAttemptAt } from '../support/mail-queue';

const smtp = smtpSink();
const sweep = decisionMailQueue(recordDecisionMailSent);
const DELAY_S = 120;
const SECRET_MESSAGE = 'Meine private Nachricht an das Team: 0171-5555555';

/** Seconds after `start`, as the clock of a change or a sweep. */
const clock = (start: number) => (seconds: number) => new Date(start + seconds * 1000);

describeEachDatabase('decision mails', (current) => {
  let lena: SeededMember;
  let at: (seconds: number) => Date;
  const useConfig = (smtpUrl = smtp.url, env: Record<string, string> = {}) =>
    useMailConfig(smtpUrl, { DECISION_MAIL_DELAY_S: String(DELAY_S), ...env });

  beforeAll(async () => {
    useConfig();
    lena = await seedMember({ name: 'Lena Hartmann' });
  });
  beforeEach(async () => {
    useConfig();
    await current().db.delete(schema.applications);
    at = clock(Date.now());
  });

  async function apply(over: Partial<Parameters<typeof application>[0]> = {}) {
    const email = `bewerbung-${randomUUID().slice(0, 8)}@example.org`;
    const { record } = await createApplication(
      application({ name: 'Anna Maria Apfel', email, message: SECRET_MESSAGE, ...over }),
    );
    return record;
  }
  const decide = (record: ApplicationRecord, status: ApplicationStatus, seconds: number, by = lena) =>
    setApplicationStatus(record.id, status, { by: { id: by.id, name: by.name }, now: at(seconds) });
  const mailRows = (id: string) =>
    current().db.select().from(schema.decisionMails).where(eq(schema.decisionMails.applicationId, id));

  test('one mail after the delay and none before: the founder’s text, the first name, the member’s name', async () => {
    const anna = await apply();
    const change = await decide(anna, 'approved', 0);
    expect(outcomeOf(change)).toBe('updated');
    const scheduled = change.ok && change.value.changed ? change.value.application.decisionMail : null;
    expect(scheduled).toEqual({
      status: 'scheduled',
      at: at(DELAY_S).toISOString(),
      decision: 'approved',
      from: 'pending',
    });

    expect(await sweep({ now: at(DELAY_S - 1) })).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(anna.email)).toHaveLength(0);
    expect(await sweep({ now: at(DELAY_S) })).toEqual({ claimed: 1, sent: 1 });
    expect(await sweep({ now: at(DELAY_S + 3600) })).toEqual({ claimed: 0, sent: 0 });

    const [mail, ...more] = smtp.mailsTo(anna.email);
    expect(more).toHaveLength(0);
    // The bundled dataset's approval (content/dataset.ndjson), filled in.
    expect(mail!.subject).toBe('Deine Bewerbung: Wir freuen uns auf dich, Anna!');
    expect(mail!.text).toMatch(/^Hallo Anna,\r?\n\r?\nwir haben deine Bewerbung in Ruhe gelesen/);
    expect(mail!.text).toMatch(/Herzliche Grüße\r?\nLena Hartmann\r?\nfür das Team von Bewegungscoaching/);
    expect(mail!.headers.from).toContain('hallo@bewegung.test');
    expect(mail!.headers['message-id']).toMatch(/^<decision-mail-\d+\.[0-9a-f-]{36}@bewegung\.test>$/);
    // Never what the applicant wrote, nor anything of the team's but the member's name.
    expect(mail!.raw).not.toContain('0171-5555555');
    expect(mail!.text).not.toContain(SECRET_MESSAGE);

    const record = await getApplication(anna.id);
    expect(record!.decisionMail).toMatchObject({ status: 'sent', decision: 'approved' });
    expect(Date.parse(record!.decisionMail!.at)).toBeGreaterThan(Date.now() - 60_000);
    // The history lists the mail (under the member who decided), after the status change.
    const history = await getApplicationHistory(anna.id);
    expect(history!.map((h) => [h.from, h.to, h.mail ?? null, h.by?.name ?? null])).toEqual([
      [null, 'pending', null, null],
      ['pending', 'approved', null, 'Lena Hartmann'],
      ['approved', 'approved', { decision: 'approved', status: 'sent' }, 'Lena Hartmann'],
    ]);
    // And the activity log, under the member.
    const activity = await listActivity('2000-01-01', '2100-01-01');
    expect(activity.filter((e) => e.target === anna.id && e.action === 'decision-mail-sent')).toMatchObject([
      { member: { id: lena.id, name: 'Lena Hartmann' }, detail: { decision: 'approved' } },
    ]);
  });

  test('undone within the delay: nothing is sent, and the record says so', async () => {
    const anna = await apply();
    await decide(anna, 'approved', 0);
    const undone = await decide(anna, 'pending', 30);
    expect(undone.ok && undone.value.changed && undone.value.application.decisionMail).toEqual({
      status: 'cancelled',
      at: at(30).toISOString(),
      decision: 'approved',
    });
    expect(await sweep({ now: at(DELAY_S + 1) })).toEqual({ claimed: 0, sent: 0 });
    expect(await sweep({ now: at(24 * 3600) })).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(anna.email)).toHaveLength(0);
    expect((await mailRows(anna.id)).map((r) => r.status)).toEqual(['cancelled']);
  });

  test('the newest decision wins: approve then reject sends the rejection alone, from the last change', async () => {
    const anna = await apply();
    await decide(anna, 'approved', 0);
    await decide(anna, 'rejected', 30);
    // The approval would have been due now: nothing goes.
    expect(await sweep({ now: at(DELAY_S + 1) })).toEqual({ claimed: 0, sent: 0 });
    expect(await sweep({ now: at(30 + DELAY_S) })).toEqual({ claimed: 1, sent: 1 });
    const mails = smtp.mailsTo(anna.email);
    expect(mails.map((m) => m.subject)).toEqual(['Deine Bewerbung bei Bewegungscoaching']);
    expect(mails[0]!.text).toContain('Dieses Mal können wir dir leider keinen Platz anbieten.');

    // Approve, undo, approve again: one approval, counted from the last decision.
    const ben = await apply({ name: 'Ben' });
    await decide(ben, 'approved', 0);
    await decide(ben, 'pending', 10);
    await decide(ben, 'approved', 20);
    expect(await sweep({ now: at(DELAY_S + 5) })).toEqual({ claimed: 0, sent: 0 });
    expect(await sweep({ now: at(20 + DELAY_S) })).toEqual({ claimed: 1, sent: 1 });
    expect(smtp.mailsTo(ben.email).map((m) => m.subject)).toEqual(['Deine Bewerbung: Wir freuen uns auf dich, Ben!']);
  });

  test('each type gets words that fit it: a business partner’s rejection says nothing of a horse', async () => {
    const mentor = await apply({ applicationType: 'Mentor', name: 'Maria Mentor' });
    const partner = await apply({ applicationType: 'Business Partner', name: 'Paul Partner' });
    const mentee = await apply({ applicationType: 'Mentee', name: 'Mia Mentee' });
    const declined = await apply({ applicationType: 'Mentor', name: 'Max Mentor' });
    await decide(mentor, 'approved', 0);
    await decide(partner, 'rejected', 0);
    await decide(mentee, 'rejected', 0);
    await decide(declined, 'rejected', 0);
    expect(await sweep({ now: at(DELAY_S) })).toEqual({ claimed: 4, sent: 4 });
    expect(smtp.mailsTo(mentor.email)[0]!.subject).toBe('Willkommen im Kreis unserer Mentorinnen und Mentoren, Maria!');
    const [toPartner] = smtp.mailsTo(partner.email);
    expect(toPartner!.subject).toBe('Deine Anfrage als Business-Partner');
    expect(toPartner!.text).toContain('im Moment keine Zusammenarbeit zu beginnen');
    expect(toPartner!.text).not.toMatch(/Pferd|Urteil über dich/);
    const [toMentor] = smtp.mailsTo(declined.email);
    expect(toMentor!.subject).toBe('Deine Bewerbung als Mentorin oder Mentor');
    expect(toMentor!.text).not.toContain('Urteil über dich oder dein Pferd');
    // A mentee has no words of their own: the general rejection, which speaks to a rider.
    expect(smtp.mailsTo(mentee.email)[0]!.text).toContain('Das ist kein Urteil über dich oder dein Pferd.');
  });

  test('a reply goes to the team: Reply-To is DECISION_MAIL_REPLY_TO, else TEAM_NOTIFY_EMAIL', async () => {
    useConfig(smtp.url, { TEAM_NOTIFY_EMAIL: 'team@bewegung.test' });
    const anna = await apply();
    await decide(anna, 'approved', 0);
    useConfig(smtp.url, { TEAM_NOTIFY_EMAIL: 'team@bewegung.test', DECISION_MAIL_REPLY_TO: 'lena@bewegung.test' });
    const ben = await apply({ name: 'Ben' });
    await decide(ben, 'rejected', 0);
    // Both are sent under the second configuration; the first mail was decided under the first.
    useConfig(smtp.url, { TEAM_NOTIFY_EMAIL: 'team@bewegung.test' });
    expect(await sweep({ now: at(DELAY_S), limit: 1 })).toEqual({ claimed: 1, sent: 1 });
    useConfig(smtp.url, { TEAM_NOTIFY_EMAIL: 'team@bewegung.test', DECISION_MAIL_REPLY_TO: 'lena@bewegung.test' });
    expect(await sweep({ now: at(DELAY_S) })).toEqual({ claimed: 1, sent: 1 });
    // The approval asks the applicant to reply to it.
    const [toAnna] = smtp.mailsTo(anna.email);
    expect(toAnna!.text).toContain('antworte einfach auf diese E-Mail');
    expect(toAnna!.headers['reply-to']).toBe('team@bewegung.test');
    expect(smtp.mailsTo(ben.email)[0]!.headers['reply-to']).toBe('lena@bewegung.test');
    // Neither set: no Reply-To (a reply goes to MAIL_FROM).
    useConfig();
    const cleo = await apply({ name: 'Cleo' });
    await decide(cleo, 'approved', 0);
    await sweep({ now: at(DELAY_S) });
    expect(smtp.mailsTo(cleo.email)[0]!.headers['reply-to']).toBeUndefined();
  });

  test('the team reads a decision mail before it goes: the same subject, text and Reply-To as the mail sent', async () => {
    useConfig(smtp.url, { TEAM_NOTIFY_EMAIL: 'team@bewegung.test' });
    const partner = await apply({ applicationType: 'Business Partner', name: 'Paula Partner' });
    const token = await tokenOf(lena);
    const rita = await seedMember({ name: 'Rita Reviewer' });
    const preview = async (decision: string, member = rita) =>
      call(
        previewRoute.loader,
        get(`/api/applications/${partner.id}/decision-mail?decision=${decision}`, bearer(await tokenOf(member))),
        undefined,
        { id: partner.id },
      );
    // Before anyone decides: signed by whoever asks (who would decide).
    const before = (await (await preview('rejected')).json()) as { mail: Record<string, unknown> };
    expect(before.mail).toMatchObject({
      decision: 'rejected',
      to: partner.email,
      subject: 'Deine Anfrage als Business-Partner',
      replyTo: 'team@bewegung.test',
    });
    expect(before.mail.text).toMatch(/Herzliche Grüße\nRita Reviewer\n/);
    // Lena decides; while the mail waits, it is the mail as it will go out, signed by her.
    await decide(partner, 'rejected', 0);
    const waiting = (await (await preview('rejected')).json()) as { mail: { subject: string; text: string } };
    expect(waiting.mail.text).toContain('Lena Hartmann');
    await sweep({ now: at(DELAY_S) });
    const [sent] = smtp.mailsTo(partner.email);
    expect(sent!.subject).toBe(waiting.mail.subject);
    expect(sent!.text.replace(/\r\n/g, '\n').trim()).toBe(waiting.mail.text);
    expect(sent!.headers['reply-to']).toBe('team@bewegung.test');
    // Never the applicant's message.
    expect(JSON.stringify(waiting)).not.toContain('0171-5555555');
    // A bad decision, an unknown or malformed id, no token.
    expect((await preview('pending')).status).toBe(400);
    expect((await preview('')).status).toBe(400);
    const unknown = randomUUID();
    const missing = await call(
      previewRoute.loader,
      get(`/api/applications/${unknown}/decision-mail?decision=approved`, bearer(token)),
      undefined,
      { id: unknown },
    );
    expect(missing.status).toBe(404);
    const anonymous = await call(
      previewRoute.loader,
      get(`/api/applications/${partner.id}/decision-mail?decision=approved`),
      undefined,
      { id: partner.id },
    );
    expect(anonymous.status).toBe(401);
  });

  test('the record keeps what the applicant was last told, also when an older decision’s mail goes out after a newer one', async () => {
    const anna = await apply();
    expect((await getApplication(anna.id))!.sentMail).toBeNull();
    await decide(anna, 'approved', 0);
    await sweep({ now: at(DELAY_S) });
    const told = await getApplication(anna.id);
    expect(told!.sentMail).toEqual({ decision: 'approved', at: told!.decisionMail!.at });
    // Back to pending and on to a rejection that waits: still told the approval.
    await decide(anna, 'pending', 600);
    await decide(anna, 'rejected', 700);
    expect((await getApplication(anna.id))!.sentMail).toMatchObject({ decision: 'approved' });

    // A rejection on its way to the mail server while the team approves: the approval waits, and
    // the rejection, once it went out, is what Ben was told.
    const slow = await startSmtp({ acceptDelayMs: 800 });
    let record: ApplicationRecord | undefined;
    try {
      useConfig(slow.url);
      const ben = await apply({ name: 'Ben' });
      await decide(ben, 'rejected', 0);
      const sending = sweep({ now: at(DELAY_S) });
      await until(() => slow.receiving > 0, 'the rejection on its way', { intervalMs: 5 });
      await decide(ben, 'approved', DELAY_S);
      expect(await sending).toEqual({ claimed: 1, sent: 1 });
      record = await getApplication(ben.id);
    } finally {
      await slow.close();
    }
    expect(record!.decisionMail).toMatchObject({ status: 'scheduled', decision: 'approved' });
    expect(record!.sentMail).toMatchObject({ decision: 'rejected' });
  });

  test('a retried change (the same request again) sends no second mail', async () => {
    const anna = await apply();
    const token = await tokenOf(lena);
    const patch = (body: unknown) =>
      call(
        patchRoute.action,
        new Request(`${PUBLIC_URL}/api/applications/${anna.id}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', ...bearer(token) },
          body: JSON.stringify(body),
        }),
        undefined,
        { id: anna.id },
      );
    const first = await patch({ status: 'approved', version: 1 });
    expect(first.status).toBe(200);
    // The answer was lost; the browser sends the same again: with the version it is stale (409),
    // without it the status is already set (200, unchanged). Neither schedules anything.
    expect((await patch({ status: 'approved', version: 1 })).status).toBe(409);
    const again = await patch({ status: 'approved' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { application: ApplicationRecord }).application.decisionMail).toMatchObject({
      status: 'scheduled',
    });
    expect(await mailRows(anna.id)).toHaveLength(1);
    const due = new Date(Date.parse((await getApplication(anna.id))!.decisionMail!.at) + 1000);
    expect(await sweep({ now: due })).toEqual({ claimed: 1, sent: 1 });
    expect(smtp.mailsTo(anna.email)).toHaveLength(1);
  });

  test('four parallel sweeps (as four processes would) send each of 12 mails once', async () => {
    const applicants = await Promise.all(Array.from({ length: 12 }, (_, i) => apply({ name: `Person${i} Test` })));
    for (const [i, a] of applicants.entries()) await decide(a, i % 2 ? 'approved' : 'rejected', 0);
    const counts = await Promise.all([1, 2, 3, 4].map(() => sweep({ now: at(DELAY_S), limit: 5 })));
    const rest = await sweep({ now: at(DELAY_S) });
    expect(counts.reduce((n, c) => n + c.sent, 0) + rest.sent).toBe(12);
    for (const a of applicants) expect(smtp.mailsTo(a.email), a.name).toHaveLength(1);
    expect(await sweep({ now: at(DELAY_S + OUTBOX_LEASE_MS / 1000 + 60) })).toEqual({ claimed: 0, sent: 0 });
  });

  test('deciding the same again after the mail went out sends nothing; a different decision does', async () => {
    const anna = await apply();
    await decide(anna, 'approved', 0);
    await sweep({ now: at(DELAY_S) });
    await decide(anna, 'pending', 600);
    const again = await decide(anna, 'approved', 700);
    // Already told: the record keeps showing the mail that went out.
    expect(again.ok && again.value.changed && again.value.application.decisionMail?.status).toBe('sent');
    expect(await sweep({ now: at(700 + DELAY_S) })).toEqual({ claimed: 0, sent: 0 });
    await decide(anna, 'rejected', 800);
    expect(await sweep({ now: at(800 + DELAY_S) })).toEqual({ claimed: 1, sent: 1 });
    expect(smtp.mailsTo(anna.email).map((m) => m.subject)).toEqual([
      'Deine Bewerbung: Wir freuen uns auf dich, Anna!',
      'Deine Bewerbung bei Bewegungscoaching',
    ]);
  });

  test('a mail being sent is not cancelled by a change; one whose attempt was cut off is', async () => {
    const anna = await apply();
    await decide(anna, 'approved', 0);
    // Another process claimed it at its time and is sending it right now.
    const t = schema.decisionMails;
    await current()
      .db.update(t)
      .set({ status: 'sending', claimedAt: at(DELAY_S), attempts: 1 })
      .where(eq(t.applicationId, anna.id));
    const late = await decide(anna, 'pending', DELAY_S + 1);
    expect(late.ok && late.value.changed && late.value.application.decisionMail).toMatchObject({ status: 'scheduled' });
    expect((await mailRows(anna.id)).map((r) => r.status)).toEqual(['sending']);

    // A claim older than the lease is over (its process died): a change replaces it.
    const ben = await apply({ name: 'Ben' });
    await decide(ben, 'approved', 0);
    await current()
      .db.update(t)
      .set({ status: 'sending', claimedAt: at(DELAY_S), attempts: 1 })
      .where(eq(t.applicationId, ben.id));
    await decide(ben, 'rejected', DELAY_S + OUTBOX_LEASE_MS / 1000 + 1);
    expect((await mailRows(ben.id)).map((r) => r.status).sort()).toEqual(['cancelled', 'scheduled']);
  });

  test('a mail the mail server refuses shows as failed, is tried again after its wait, and goes once', async () => {
    const anna = await apply();
    await decide(anna, 'rejected', 0);
    useConfig(SMTP_DOWN);
    expect(await sweep({ now: at(DELAY_S) })).toEqual({ claimed: 1, sent: 0 });
    const failed = await getApplication(anna.id);
    expect(failed!.decisionMail).toMatchObject({ status: 'failed', decision: 'rejected', retrying: true });
    expect((await getApplicationHistory(anna.id))!.at(-1)!.mail).toEqual({ decision: 'rejected', status: 'failed' });

    useConfig();
    // Not before its wait is over.
    expect(await sweep({ now: at(DELAY_S + 60) })).toEqual({ claimed: 0, sent: 0 });
    const [failedRow] = await mailRows(anna.id);
    expect(await sweep({ now: await nextAttemptAt(schema.decisionMails, failedRow!.id) })).toEqual({
      claimed: 1,
      sent: 1,
    });
    expect(await sweep({ now: at(DELAY_S + 24 * 3600) })).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(anna.email)).toHaveLength(1);
    expect((await getApplication(anna.id))!.decisionMail).toMatchObject({ status: 'sent' });
  });

  test('a change while a mail waits for its retry replaces it (the newest decision wins)', async () => {
    const anna = await apply();
    await decide(anna, 'approved', 0);
    useConfig(SMTP_DOWN);
    await sweep({ now: at(DELAY_S) });
    useConfig();
    await decide(anna, 'pending', DELAY_S + 60);
    expect(await sweep({ now: at(DELAY_S + 24 * 3600) })).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(anna.email)).toHaveLength(0);
  });

  test('a mail that keeps failing is given up: the record says so and the team is told', async () => {
    const team = `team-${randomUUID().slice(0, 8)}@bewegung.test`;
    useConfig(SMTP_DOWN, { TEAM_NOTIFY_EMAIL: team });
    const anna = await apply();
    await decide(anna, 'approved', 0);
    let seconds = DELAY_S;
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      expect((await sweep({ now: at(seconds) })).claimed, `attempt ${attempt}`).toBe(1);
      const [row] = await mailRows(anna.id);
      seconds = ((await nextAttemptAt(schema.decisionMails, row!.id)).getTime() - at(0).getTime()) / 1000;
    }
    expect((await getApplication(anna.id))!.decisionMail).toMatchObject({ status: 'failed', retrying: true });
    await sweep({ now: at(seconds) });
    expect((await getApplication(anna.id))!.decisionMail).toMatchObject({ status: 'failed', retrying: false });
    expect((await mailRows(anna.id))[0]).toMatchObject({ status: 'given-up', attempts: OUTBOX_MAX_ATTEMPTS });
    useConfig(smtp.url, { TEAM_NOTIFY_EMAIL: team });
    await sweepMailOutbox();
    const [notice] = smtp.mailsTo(team);
    expect(notice!.subject).toBe('Eine E-Mail konnte nicht zugestellt werden');
    expect(notice!.text).toContain(`decision-mail an ${anna.email}`);
    expect(smtp.mailsTo(team)).toHaveLength(1);
    expect(await sweep({ now: at(seconds + 48 * 3600) })).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(anna.email)).toHaveLength(0);
  });

  test('a process that stops mid-batch finishes the mail it is sending and hands the others back at once', async () => {
    const slow = await startSmtp({ acceptDelayMs: 800 });
    try {
      useConfig(slow.url);
      const people = [await apply({ name: 'Erste' }), await apply({ name: 'Zweite' }), await apply({ name: 'Dritte' })];
      // Decided long enough ago: all three are due now.
      for (const p of people) await decide(p, 'approved', -2 * DELAY_S);
      const stop = startOutbox([sweep], 60_000);
      // The batch is claimed and the first send is under way (its mail server takes 800 ms): stop.
      await until(() => slow.receiving > 0, 'the first send', { intervalMs: 5 });
      await stop();
      expect(slow.mails).toHaveLength(1);
      const rows = (await Promise.all(people.map((p) => mailRows(p.id)))).flat();
      expect(rows.filter((r) => r.status === 'sent')).toHaveLength(1);
      // The two not started are free again for any process, with no attempt counted.
      expect(rows.filter((r) => r.status === 'sending').map((r) => [r.claimedAt, r.attempts])).toEqual([
        [null, 0],
        [null, 0],
      ]);
      expect(await sweep()).toEqual({ claimed: 2, sent: 2 });
      for (const p of people)
        expect(
          slow.mails.filter((m) => m.to.includes(p.email)),
          p.name,
        ).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  test('the mail being sent reaches the live change sequence with the new state', async () => {
    const anna = await apply();
    await decide(anna, 'approved', 0);
    const before = await latestChangeSeq();
    await sweep({ now: at(DELAY_S) });
    const { changes } = await applicationsChangedSince(before);
    expect(changes).toHaveLength(1);
    const [change] = changes;
    expect(change && 'application' in change && change.application.decisionMail?.status).toBe('sent');
    // The version stays: a change made with the version seen before the mail went is no conflict.
    expect(change && 'application' in change && change.application.version).toBe(2);
  });

  test('a deleted application takes its waiting mail with it', async () => {
    const anna = await apply();
    await decide(anna, 'approved', 0);
    await deleteApplications(eq(schema.applications.id, anna.id));
    expect(await sweep({ now: at(DELAY_S) })).toEqual({ claimed: 0, sent: 0 });
    expect(smtp.mailsTo(anna.email)).toHaveLength(0);
  });
});

describe('decision mail texts from Sanity (stand-in): a publish changes the next mail', () => {
  const sources = contentSources({ keepCacheDir: true });
  let standIn: SanityStandIn;
  beforeAll(() => {
    standIn = sources.standIn;
    sources.useStandIn();
  });

  describeEachDatabase('', (current) => {
    test('published texts are the next mail’s; a broken one falls back to the bundled text', async () => {
      useMailConfig(smtp.url, { DECISION_MAIL_DELAY_S: '0' });
      const member = await seedMember({ name: 'Rita Reviewer' });
      const by = { id: member.id, name: member.name };
      const send = async (name: string) => {
        const { record } = await createApplication(
          application({ name, email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org` }),
        );
        await setApplicationStatus(record.id, 'approved', { by });
        await decisionMailQueue(recordDecisionMailSent)();
        return smtp.waitFor((m) => m.to.includes(record.email));
      };
      expect((await send('Erste')).subject).toBe('Deine Bewerbung: Wir freuen uns auf dich, Erste!');

      const mails = standIn.document('decisionMails')!;
      standIn.publish({
        ...mails,
        approval: {
          _type: 'decisionMailText',
          subject: 'Neu im Studio: Ja, {Vorname}!',
          body: 'Hallo {vorname}!\n{teammitglied}',
        },
      });
      // What the instance serves changes with the content sync a publish starts (webhook or live event).
      expect((await syncContent('manual')).changed).toBe(true);
      const second = await send('Zweite');
      expect(second.subject).toBe('Neu im Studio: Ja, Zweite!');
      expect(second.text.replace(/\r\n/g, '\n').trim()).toBe('Hallo Zweite!\nRita Reviewer');

      // The API takes what the Studio would refuse: that text is replaced by the bundled one.
      standIn.publish({
        ...mails,
        approval: { _type: 'decisionMailText', subject: 'Kaputt {nachricht}', body: 'x' },
      });
      await syncContent('manual');
      expect((await send('Dritte')).subject).toBe('Deine Bewerbung: Wir freuen uns auf dich, Dritte!');
      expect(current().kind).toMatch(/pglite|postgres/);
    });
  });
});
