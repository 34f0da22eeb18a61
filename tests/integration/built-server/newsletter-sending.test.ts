// A newsletter sent by the built server over plain HTTP, to a real SMTP server that records every
// Message-ID: two instances on one PostgreSQL share the sending, one is killed with SIGKILL mid-send
// and started again, and every recipient gets exactly one mail (one Message-ID; a mail the killed
// process had handed over but not marked, at most one per concurrent send, may arrive a second time
// with the same Message-ID, which mail programs treat as one). The mail program's one-click unsubscribe (a POST without cookie or
// Origin) answers 200. And PostgreSQL restarted under a server mid-send: nothing lost, nothing doubled.
//
// A process that dies holding claims leaves them until their lease (5 minutes) runs out; the tests
// do not wait that long: once the surviving instance has sent everything else, they move those
// claims' time back by the lease, as the clock would.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NEWSLETTER_CONCURRENCY } from '~/server/newsletter/delivery.server';
import { createPostgresDatabase } from '../../support/postgres';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres';
import { TEST_DATABASE_URL, requireOrSkip } from '../../support/requirements';
import { startServer, type TestServer } from '../../support/server';
import { newsletterApi, newsletterEntry } from '../../support/newsletters';
import { smtpSink, type CapturedMail } from '../../support/smtp';
import { teamToken } from '../../support/team-client';
import { until } from '../../support/until';

const NEWSLETTER = 'newsletter-sitz'; // the bundled sample newsletter, for riders
const smtp = smtpSink();

/** `count` confirmed riders who asked for the newsletter, written straight into the database. */
async function seedReaders(databaseUrl: string, prefix: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      `insert into signups (id, user_type, name, email, newsletter_opt_in, created_at, newsletter_confirmed_at)
       select $1 || n, 'reiter', 'Leserin ' || n, $1 || n || '@example.org', true, now() - interval '2 days', now() - interval '1 day'
       from generate_series(1, $2) as n returning email`,
      [prefix, count],
    );
    return rows.map((r) => r.email);
  } finally {
    await client.end();
  }
}

/** Runs one statement on the database (as the test's clock or its check). */
async function sql<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const api = (server: TestServer, token: string, path: string, body?: unknown) =>
  newsletterApi(server.url, token, path, body);
const entry = (server: TestServer, token: string) => newsletterEntry(server.url, token, NEWSLETTER);

/** The newsletter mails received per recipient: every delivery, and the distinct Message-IDs. */
function deliveries(mails: CapturedMail[], addresses: string[]) {
  const mine = mails.filter((m) => (m.headers['message-id'] ?? '').includes(`.${NEWSLETTER}@`));
  return addresses.map((address) => {
    const received = mine.filter((m) => m.to.includes(address));
    return { address, count: received.length, ids: new Set(received.map((m) => m.headers['message-id'])).size };
  });
}

/** Waits until the queue is idle: no mail for a while and every recipient still waiting is claimed (by a dead process). */
async function untilOnlyStaleClaimsWait(databaseUrl: string) {
  let seen = -1;
  await until(
    async () => {
      const [row] = await sql<{ waiting: number; unclaimed: number }>(
        databaseUrl,
        `select count(*)::int as waiting, count(*) filter (where claimed_at is null)::int as unclaimed
         from newsletter_recipients where status = 'pending'`,
      );
      const quiet = smtp.mails.length === seen;
      seen = smtp.mails.length;
      return quiet && row!.unclaimed === 0;
    },
    'the surviving instance to send all it can',
    { timeoutMs: 60_000, intervalMs: 1500 },
  );
}

/** The lease of the claims a dead process left runs out (the clock moved on by it). */
const leaseRunsOut = (databaseUrl: string) =>
  sql(
    databaseUrl,
    `update newsletter_recipients set claimed_at = claimed_at - interval '10 minutes'
     where status = 'pending' and claimed_at is not null`,
  );

const postgres = requireOrSkip('postgres', Boolean(TEST_DATABASE_URL), 'set TEST_DATABASE_URL to run two instances');
describe.runIf(postgres)('a newsletter sent by two instances on one PostgreSQL', () => {
  const READERS = 400;
  let instances: TestServer[];
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let env: Record<string, string>;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    databaseUrl = database.url;
    // 100 a second for both together: the send takes a few seconds, long enough to kill one mid-send.
    env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '6000' };
    instances = [await startServer({ env }), await startServer({ env })];
  });
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await drop?.();
  });

  test('one is killed with SIGKILL mid-send and started again: every recipient gets exactly one mail', async () => {
    const addresses = await seedReaders(databaseUrl, `nl-${Date.now()}-`, READERS);
    const [victim, survivor] = instances as [TestServer, TestServer];
    const token = await teamToken(survivor.url);
    expect(await entry(survivor, token)).toMatchObject({ status: 'ready', recipients: READERS });
    const sent = await api(victim, token, `/api/newsletters/${NEWSLETTER}/send`, { expect: READERS });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ recipients: READERS });

    await until(() => smtp.mails.length >= 80, 'the first mails', { timeoutMs: 30_000, intervalMs: 10 });
    await victim.stop('SIGKILL');
    expect(victim.process.signalCode).toBe('SIGKILL');
    const atKill = smtp.mails.length;
    expect(atKill).toBeLessThan(READERS);
    // The survivor goes on alone (what the killed process had claimed waits for its lease).
    expect((await entry(survivor, token)).status).toBe('sending');
    await untilOnlyStaleClaimsWait(databaseUrl);
    expect(smtp.mails.length).toBeGreaterThan(atKill);

    await leaseRunsOut(databaseUrl);
    // Started again: its outbox looks for due mails at once.
    const restarted = await startServer({ env });
    instances[0] = restarted;
    await until(async () => (await entry(survivor, token)).status === 'sent', 'the newsletter to be sent', {
      timeoutMs: 60_000,
      intervalMs: 500,
    });

    const received = deliveries(smtp.mails, addresses);
    expect(received.filter((r) => r.ids !== 1)).toEqual([]);
    // At most the mails in flight at the kill arrived twice (each with its one Message-ID).
    expect(received.reduce((sum, r) => sum + r.count, 0)).toBeLessThanOrEqual(READERS + NEWSLETTER_CONCURRENCY);
    expect(await entry(restarted, token)).toMatchObject({
      status: 'sent',
      recipients: READERS,
      sent: READERS,
      failed: 0,
    });
  }, 240_000);

  test("the mail program's one-click unsubscribe (no cookie, no Origin) answers 200 and unsubscribes at once", async () => {
    const mail = smtp.mails.find((m) => (m.headers['message-id'] ?? '').includes(`.${NEWSLETTER}@`))!;
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const server = instances[1]!;
    const res = await fetch(`${server.url}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const [row] = await sql<{ at: Date | null }>(
      databaseUrl,
      `select newsletter_unsubscribed_at as at from signups where lower(email) = lower($1)`,
      [mail.to[0]],
    );
    expect(row!.at).toBeInstanceOf(Date);
  });
});

const privatePostgres = requireOrSkip(
  'postgres',
  Boolean(postgresBinDir()),
  'install the Debian package postgresql: the restart test runs a PostgreSQL server of its own',
);
describe.runIf(privatePostgres)('PostgreSQL restarted under a server mid-send', () => {
  const READERS = 200;
  let database: PrivatePostgres;
  let server: TestServer;

  beforeAll(async () => {
    database = await startPrivatePostgres();
    server = await startServer({
      env: { DATABASE_URL: database.url, SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '3000' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    database?.close();
  });

  test('nothing lost, nothing doubled', async () => {
    const addresses = await seedReaders(database.url, `pg-${Date.now()}-`, READERS);
    const token = await teamToken(server.url);
    const before = smtp.mails.length;
    const sent = await api(server, token, `/api/newsletters/${NEWSLETTER}/send`, { expect: READERS });
    expect(sent.status).toBe(202);
    await until(() => smtp.mails.length - before >= 40, 'the first mails', { timeoutMs: 30_000, intervalMs: 10 });
    database.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    database.start();

    // Back: the server goes on by itself with what nobody claimed.
    await until(async () => (await api(server, token, '/api/newsletters')).status === 200, 'the API', {
      timeoutMs: 30_000,
    });
    await untilOnlyStaleClaimsWait(database.url);
    // A batch claimed while the database went away waits for its lease; moved on, and a resume
    // (which kicks the outbox) takes it on.
    await leaseRunsOut(database.url);
    if ((await entry(server, token)).status === 'sending') {
      expect((await api(server, token, `/api/newsletters/${NEWSLETTER}/pause`, {})).status).toBe(202);
      expect((await api(server, token, `/api/newsletters/${NEWSLETTER}/resume`, {})).status).toBe(202);
    }
    await until(async () => (await entry(server, token)).status === 'sent', 'the newsletter to be sent', {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    const received = deliveries(smtp.mails, addresses);
    expect(received.filter((r) => r.ids !== 1)).toEqual([]);
    expect(received.reduce((sum, r) => sum + r.count, 0)).toBeLessThanOrEqual(READERS + NEWSLETTER_CONCURRENCY);
    expect(await entry(server, token)).toMatchObject({ status: 'sent', recipients: READERS, sent: READERS, failed: 0 });
    // The server stayed up throughout.
    expect(server.process.exitCode).toBeNull();
  }, 240_000);
});
