// The applications store on PGlite and PostgreSQL: creation (idempotent by id, history, version),
// status changes with the version the changer saw, the change sequence behind the live stream,
// its NOTIFY at commit, filters, and deletion.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import {
  APPLICATIONS_CHANNEL,
  applicationsByEmail,
  applicationsChangedSince,
  createApplication,
  deleteApplications,
  deleteApplicationsUnchangedSince,
  getApplicationHistory,
  latestChangeSeq,
  listApplications,
  setApplicationStatus,
  type ApplicationNotice,
} from '~/server/applications/store.server';
import { schema } from '~/server/db/db.server';
import { application } from '../support/applications';
import { describeEachDatabase, emptyTables } from '../support/database';
import { useTestConfig } from '../support/routes';
import { outcomeOf } from '../support/status-change';

describeEachDatabase('applications store', (current) => {
  beforeAll(() => {
    useTestConfig();
  });
  beforeEach(() => emptyTables(current().db, schema.applications));

  test('a new application is pending, version 1, with its creation as the first history entry', async () => {
    const { record, created } = await createApplication(application({ websiteLink: '', message: '' }));
    expect(created).toBe(true);
    expect(record).toMatchObject({ status: 'pending', version: 1, updatedAt: null, websiteLink: null, message: null });
    expect(Date.parse(record.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const history = await getApplicationHistory(record.id);
    expect(history).toEqual([{ from: null, to: 'pending', at: expect.any(String), by: null }]);
  });

  test('the same id again stores nothing and answers the first record', async () => {
    const input = application();
    const first = await createApplication(input);
    const again = await createApplication({ ...input, name: 'Someone Else' });
    expect(again).toEqual({ record: first.record, created: false });
    expect(await listApplications()).toHaveLength(1);
    expect(await getApplicationHistory(input.id)).toHaveLength(1);
  });

  test('work done inside the creation commits with it, or the application is not stored either', async () => {
    const input = application();
    await expect(
      createApplication(input, async () => {
        throw new Error('mail could not be queued');
      }),
    ).rejects.toThrow('mail could not be queued');
    expect(await listApplications()).toEqual([]);
  });

  test('a status change writes status, updatedAt, version + 1 and a history entry', async () => {
    const { record } = await createApplication(application());
    const change = await setApplicationStatus(record.id, 'approved', { expectedVersion: 1 });
    expect(outcomeOf(change)).toBe('updated');
    if (!change.ok) return;
    expect(change.value.application).toMatchObject({ status: 'approved', version: 2 });
    expect(change.value.application.updatedAt).not.toBeNull();
    await setApplicationStatus(record.id, 'rejected');
    expect((await getApplicationHistory(record.id))!.map((e) => [e.from, e.to])).toEqual([
      [null, 'pending'],
      ['pending', 'approved'],
      ['approved', 'rejected'],
    ]);
  });

  test('a stale version is a conflict that answers the current record; nothing is written', async () => {
    const { record } = await createApplication(application());
    await setApplicationStatus(record.id, 'approved', { expectedVersion: 1 });
    const stale = await setApplicationStatus(record.id, 'rejected', { expectedVersion: 1 });
    expect(stale).toMatchObject({ ok: false, problem: 'conflict', current: { status: 'approved', version: 2 } });
    expect(await getApplicationHistory(record.id)).toHaveLength(2);
  });

  test('of two changes made from the same version, exactly one wins', async () => {
    const { record } = await createApplication(application());
    const results = await Promise.all([
      setApplicationStatus(record.id, 'approved', { expectedVersion: 1 }),
      setApplicationStatus(record.id, 'rejected', { expectedVersion: 1 }),
    ]);
    expect(results.map(outcomeOf).sort()).toEqual(['conflict', 'updated']);
  });

  test('the current status again changes nothing; an unknown id is not found', async () => {
    const { record } = await createApplication(application());
    expect(await setApplicationStatus(record.id, 'pending', { expectedVersion: 1 })).toMatchObject({
      ok: true,
      value: { changed: false, application: { version: 1 } },
    });
    const unknown = await setApplicationStatus(randomUUID(), 'approved');
    expect(outcomeOf(unknown)).toBe('not-found');
    expect(unknown).not.toHaveProperty('current');
    expect(await getApplicationHistory(randomUUID())).toBeUndefined();
  });

  test('filters by type, status and a search over name and email; newest first', async () => {
    const a = await createApplication(application({ name: 'Mia Mentor', applicationType: 'Mentor' }));
    const b = await createApplication(application({ name: 'Paul Partner', applicationType: 'Business Partner' }));
    const c = await createApplication(application({ name: 'Zoe', email: 'ZOE@Example.org' }));
    await setApplicationStatus(b.record.id, 'approved');
    const names = async (filter: Parameters<typeof listApplications>[0]) =>
      (await listApplications(filter)).map((r) => r.name);
    expect(await names({})).toEqual(['Zoe', 'Paul Partner', 'Mia Mentor']);
    expect(await names({ type: 'Mentor' })).toEqual(['Mia Mentor']);
    expect(await names({ status: 'approved' })).toEqual(['Paul Partner']);
    expect(await names({ status: 'pending', q: 'zoe@' })).toEqual(['Zoe']);
    expect(await names({ q: '%' })).toEqual([]);
    expect((await applicationsByEmail('zoe@example.ORG')).map((r) => r.id)).toEqual([c.record.id]);
    expect(a.record.id).toBeTruthy();
  });

  test('the change sequence: every change after a position, each application once in its latest state', async () => {
    const start = await latestChangeSeq();
    const a = await createApplication(application({ name: 'A' }));
    const b = await createApplication(application({ name: 'B' }));
    await setApplicationStatus(a.record.id, 'approved');
    const { changes, more } = await applicationsChangedSince(start);
    expect(more).toBe(false);
    expect(changes.map((c) => ('application' in c ? [c.application.name, c.application.status] : c))).toEqual([
      ['B', 'pending'],
      ['A', 'approved'],
    ]);
    expect(changes[1]!.seq).toBe(await latestChangeSeq());
    expect((await applicationsChangedSince(changes[1]!.seq)).changes).toEqual([]);
    const limited = await applicationsChangedSince(start, 1);
    expect(limited.more).toBe(true);

    // A deletion is an entry of the same sequence, after the changes before it.
    const beforeDeletion = await latestChangeSeq();
    await deleteApplications(sql`${schema.applications.id} = ${b.record.id}`);
    const deletion = await applicationsChangedSince(beforeDeletion);
    expect(deletion.changes).toEqual([{ seq: await latestChangeSeq(), removed: b.record.id }]);
    expect(deletion.changes[0]!.seq).toBeGreaterThan(beforeDeletion);
    // From the start: A in its latest state, then B's deletion (B's own changes are gone with it).
    expect(
      (await applicationsChangedSince(start)).changes.map((c) => ('removed' in c ? c.removed : c.application.id)),
    ).toEqual([a.record.id, b.record.id]);
    expect(b.created).toBe(true);
  });

  test('every creation and change is announced at commit with its sequence number', async () => {
    const database = current();
    // PostgreSQL's listening connection stays subscribed between tests, so an earlier test's
    // notice can still be on its way: only notices after this test's start count.
    const start = await latestChangeSeq();
    const notices: ApplicationNotice[] = [];
    const unlisten = await database.listen(APPLICATIONS_CHANNEL, (p) => {
      const notice = JSON.parse(p) as ApplicationNotice;
      if (notice.seq > start) notices.push(notice);
    });
    try {
      const { record } = await createApplication(application());
      await setApplicationStatus(record.id, 'rejected');
      await expect.poll(() => notices.length).toBe(2);
      expect(notices).toEqual([
        { seq: expect.any(Number), id: record.id },
        { seq: await latestChangeSeq(), id: record.id },
      ]);
    } finally {
      await unlisten();
    }
  });

  test('applications unchanged for the retention period are deleted with their history, and announced', async () => {
    const database = current();
    const old = await createApplication(application({ name: 'Alt' }));
    const fresh = await createApplication(application({ name: 'Neu' }));
    await database.db
      .update(schema.applications)
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(schema.applications.id, old.record.id));
    // As above: the creations' notices may still be on their way; only the deletion's counts.
    const start = await latestChangeSeq();
    const notices: ApplicationNotice[] = [];
    const unlisten = await database.listen(APPLICATIONS_CHANNEL, (p) => {
      const notice = JSON.parse(p) as ApplicationNotice;
      if (notice.seq > start) notices.push(notice);
    });
    try {
      const removed = await deleteApplicationsUnchangedSince(new Date(Date.now() - 365 * 86_400_000));
      expect(removed).toEqual([old.record.id]);
      expect((await listApplications()).map((r) => r.id)).toEqual([fresh.record.id]);
      const left = await database.db.execute(
        sql`select count(*)::int as n from application_history where application_id = ${old.record.id}`,
      );
      expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      await expect.poll(() => notices).toEqual([{ seq: await latestChangeSeq() }]);
    } finally {
      await unlisten();
    }
  });
});
