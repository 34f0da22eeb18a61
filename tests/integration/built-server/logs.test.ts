// The production server's log: one JSON line per request (method, path without the query's values,
// status, duration, request id, process id), the prerendered pages and assets of the fast path
// included; a failed request leaves an error line with its stack and the request's id; and no
// name, e-mail address, code, token or cookie a visitor, applicant or team member sends ever
// reaches the log, whichever endpoint they go through.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_ACCESS_CODES, TEST_TEAM_CODE } from '../../support/codes';
import { linksInMail, logLines, requestLines, type LogLine } from '../../support/logs';
import { createPostgresDatabase, postgresAvailable } from '../../support/postgres';
import { startServer, type TestServer } from '../../support/server';
import { accessGrant, teamToken } from '../../support/team-client';
import { until } from '../../support/until';

const marker = randomBytes(4).toString('hex');
/** Values that must never be logged; each distinctive enough that finding it anywhere is a leak. */
const secret = {
  signupEmail: `Reiterin.Signup.${marker}@example.org`,
  signupName: `Zacharias Quellenberg${marker}`,
  formEmail: `form.${marker}@example.net`,
  formName: `Walpurga Formular${marker}`,
  applicantEmail: `bewerberin.${marker}@example.org`,
  applicantName: `Adelheid Bewerbung${marker}`,
  applicantMessage: `Meine Stute heisst Nachricht${marker}`,
  applicantWebsite: `https://website-${marker}.example.org/profil`,
  accountEmail: `konto.${marker}@example.org`,
  accountName: `Kontoinhaberin${marker}`,
  password: `Passwort-${marker}-geheim`,
  newPassword: `Neues-Passwort-${marker}`,
  queryEmail: `query.${marker}@example.org`,
  queryToken: `querytoken${marker}`,
  queryName: `Queryname${marker}`,
  headerToken: `bearertoken${marker}`,
  headerCookie: `cookievalue${marker}`,
  teamNotify: `team.${marker}@example.org`,
  wrongAccessCode: `Q${marker.slice(0, 4).toUpperCase()}`.replace(/[01]/g, 'Z'),
};

let server: TestServer;
let database: { url: string; drop: () => Promise<void> } | undefined;
/** Values the server handed out during the test (tokens, cookies, links): never logged either. */
const handedOut = new Set<string>();

const run = postgresAvailable();

async function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${pathname}`, { headers, redirect: 'manual' });
}

/** The request line of the answer that carried this X-Request-Id (waits for it: lines follow the answer). */
async function lineFor(response: Response): Promise<LogLine> {
  const id = response.headers.get('x-request-id');
  expect(id, 'X-Request-Id').toBeTruthy();
  let found: LogLine[] = [];
  await until(
    () => (found = requestLines(server.output()).filter((l) => l.requestId === id)).length > 0,
    `${id}'s line`,
  );
  expect(found, `one line for request ${id}`).toHaveLength(1);
  return found[0]!;
}

describe.runIf(run)('the production log', () => {
  beforeAll(async () => {
    database = await createPostgresDatabase();
    server = await startServer({
      env: { DATABASE_URL: database.url, AUTH_RATE_LIMIT: '0', TEAM_NOTIFY_EMAIL: secret.teamNotify },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test('one JSON line per request: the fast path, server-rendered pages, the API and a 404', async () => {
    const home = await get('/', { 'Accept-Encoding': 'br' });
    const html = await home.text();
    const asset = /\/assets\/[\w.-]+\.(?:css|js)/.exec(html)?.[0];
    expect(asset, 'an asset named on the landing page').toBeTruthy();
    const answers = [
      { response: home, method: 'GET', path: '/', status: 200 },
      { response: await get(asset!), method: 'GET', path: asset, status: 200 },
      { response: await get('/agb'), method: 'GET', path: '/agb', status: 200 },
      { response: await get('/access'), method: 'GET', path: '/access', status: 200 },
      { response: await get('/gibt-es-nicht'), method: 'GET', path: '/gibt-es-nicht', status: 404 },
      {
        response: await fetch(`${server.url}/api/signups`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{',
        }),
        method: 'POST',
        path: '/api/signups',
        status: 400,
      },
    ];
    for (const { response, method, path: pathname, status } of answers) {
      await response.body?.cancel().catch(() => {});
      const line = await lineFor(response);
      expect(line).toMatchObject({ level: 'info', msg: 'request', method, path: pathname, status });
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
      // Which process logged: its id (the `worker` field that repeated it is gone).
      expect(line.pid).toEqual(expect.any(Number));
      expect(line).not.toHaveProperty('worker');
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(line.time)).not.toBeNaN();
    }
    // Every line the server wrote is JSON (logLines throws on one that is not).
    expect(logLines(server.output()).length).toBeGreaterThan(answers.length);
  });

  test("the proxy's health checks (a /healthz answered 200, once a second per replica) leave no line", async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    const id = health.headers.get('x-request-id');
    // A later request's line is written after it, so the health check's would be there by then.
    await lineFor(await get('/agb'));
    expect(requestLines(server.output()).filter((l) => l.requestId === id)).toEqual([]);
  });

  test("a proxy's short X-Request-Id is kept and echoed; anything else is replaced", async () => {
    const kept = await get('/', { 'X-Request-Id': `proxy-${marker}-0001` });
    expect(kept.headers.get('x-request-id')).toBe(`proxy-${marker}-0001`);
    expect((await lineFor(kept)).path).toBe('/');
    const replaced = await get('/healthz', { 'X-Request-Id': `<script>${'x'.repeat(100)}` });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('the query keeps its keys, never its values', async () => {
    const response = await get(
      `/?email=${encodeURIComponent(secret.queryEmail)}&token=${secret.queryToken}&name=${secret.queryName}`,
    );
    expect((await lineFor(response)).path).toBe('/?email&token&name');
  });

  test('a failed request leaves an error line with the stack and the request id, and its request line is an error', async () => {
    const token = await teamToken(server.url);
    handedOut.add(token);
    // A fault the API does not expect: its table is gone.
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      await client.query('alter table applications rename to applications_away');
      const failed = await get('/api/applications', { Authorization: `Bearer ${token}` });
      expect(failed.status).toBe(500);
      const line = await lineFor(failed);
      expect(line).toMatchObject({ level: 'error', status: 500, path: '/api/applications' });
      const errors = logLines(server.output()).filter(
        (l) => l.requestId === line.requestId && l.level === 'error' && l.err,
      );
      expect(errors.length, 'an error line with the request id').toBeGreaterThan(0);
      expect(errors[0]!.err!.stack).toMatch(/applications[\s\S]*\n\s+at /);
    } finally {
      await client.query('alter table applications_away rename to applications');
      await client.end();
    }
  });

  test('names, e-mail addresses, codes, tokens and cookies sent anywhere never reach the log', async () => {
    const json = { 'Content-Type': 'application/json', Origin: server.url };
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url };
    const post = (pathname: string, body: string, headers: Record<string, string> = json) =>
      fetch(`${server.url}${pathname}`, { method: 'POST', headers, body, redirect: 'manual' });

    // Signups: the popup's JSON (with the newsletter, so a confirmation mail goes out) and the form.
    expect(
      (
        await post(
          '/api/signups',
          JSON.stringify({
            userType: 'reiter',
            name: secret.signupName,
            email: secret.signupEmail,
            newsletterOptIn: true,
          }),
        )
      ).status,
    ).toBe(201);
    await post(
      '/mitmachen',
      new URLSearchParams({ userType: 'trainer', name: secret.formName, email: secret.formEmail }).toString(),
      form,
    );
    // Invalid ones echo the values back in their answer: still not in the log.
    await post('/api/signups', JSON.stringify({ userType: 'reiter', name: secret.signupName, email: 'kein-at' }));

    // Access codes: a wrong one and the right one, then an application with the grant.
    await post('/api/access', JSON.stringify({ code: secret.wrongAccessCode }));
    await post('/access', new URLSearchParams({ code: secret.wrongAccessCode }).toString(), form);
    const grant = await accessGrant(server.url);
    handedOut.add(grant.split('=')[1]!);
    const application = await post(
      '/api/applications',
      JSON.stringify({
        applicationType: 'Mentee',
        name: secret.applicantName,
        email: secret.applicantEmail,
        websiteLink: secret.applicantWebsite,
        message: secret.applicantMessage,
        consent: true,
      }),
      { ...json, Cookie: grant },
    );
    expect(application.status).toBe(201);

    // The team: a wrong code, the right one, and its token in the header.
    await post('/api/team/session', JSON.stringify({ code: '0000' }));
    const token = await teamToken(server.url);
    handedOut.add(token);
    await get('/api/applications', { Authorization: `Bearer ${token}` });
    await get('/api/signups.csv', { Authorization: `Bearer ${token}` });

    // Accounts: sign up, sign in (JSON and the form), the session cookie on pages and the export.
    const signUp = await post(
      '/api/auth/sign-up/email',
      JSON.stringify({ name: secret.accountName, email: secret.accountEmail, password: secret.password }),
    );
    expect(signUp.status).toBe(200);
    // The same address again: Better Auth notes the attempt, and its owner gets a mail.
    await post(
      '/api/auth/sign-up/email',
      JSON.stringify({ name: secret.accountName, email: secret.accountEmail, password: secret.password }),
    );
    const signIn = await post(
      '/api/auth/sign-in/email',
      JSON.stringify({ email: secret.accountEmail, password: secret.password }),
    );
    const session = signIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;
    handedOut.add(session.split('=')[1]!);
    await post(
      '/auth',
      new URLSearchParams({
        intent: 'sign-in',
        email: secret.accountEmail,
        password: 'falsch-falsch-falsch',
      }).toString(),
      form,
    );
    await get('/konto', { Cookie: session });
    await get('/api/account/export', { Cookie: session });
    await post(
      '/api/auth/request-password-reset',
      JSON.stringify({ email: secret.accountEmail, redirectTo: '/passwort-neu' }),
    );
    await post('/auth', new URLSearchParams({ intent: 'reset', email: secret.signupEmail }).toString(), form);

    // Hostile or careless requests: personal values in the query, the path and the headers.
    await get(`/konto?email=${encodeURIComponent(secret.queryEmail)}&token=${secret.queryToken}`);
    await get(`/newsletter/bestaetigen?token=${secret.queryToken}&name=${secret.queryName}`);
    await get(`/${encodeURIComponent(secret.queryEmail)}`);
    await get(`/${secret.queryEmail}`);
    await get('/api/applications', { Authorization: `Bearer ${secret.headerToken}` });
    await get('/teamdashboard', { Cookie: `team_session=${secret.headerCookie}; access_grant=${secret.headerCookie}` });
    await get('/', {
      Cookie: `better-auth.session_token=${secret.headerCookie}`,
      Authorization: `Basic ${secret.headerToken}`,
    });
    await get('/api/account/export', { Cookie: `better-auth.session_token=${secret.headerCookie}` });

    // The mails went to the outbox (no SMTP_URL): follow their links, as their readers would.
    let links: string[] = [];
    await until(() => {
      const outbox = path.join(server.dataDir, 'outbox');
      const files = (() => {
        try {
          return readdirSync(outbox);
        } catch {
          return [];
        }
      })();
      links = files.flatMap((file) => linksInMail(readFileSync(path.join(outbox, file), 'utf8')));
      return ['/newsletter/bestaetigen', '/passwort-neu', '/konto/bestaetigen'].every((p) =>
        links.some((l) => l.includes(p)),
      );
    }, 'the newsletter, reset and verification mails');
    for (const link of links.filter((l) => /[?&]token=/.test(l) || l.includes('/reset-password/'))) {
      const url = new URL(link);
      handedOut.add(url.searchParams.get('token') ?? url.pathname.split('/').at(-1)!);
      await get(`${url.pathname}${url.search}`);
      if (url.pathname === '/newsletter/bestaetigen' || url.pathname === '/newsletter/abmelden')
        await post(url.pathname, new URLSearchParams({ token: url.searchParams.get('token')! }).toString(), form);
      if (url.pathname === '/konto/bestaetigen')
        await post(
          url.pathname,
          new URLSearchParams({ token: url.searchParams.get('token')!, password: secret.password }).toString(),
          form,
        );
      if (url.pathname === '/passwort-neu')
        await post(
          '/passwort-neu',
          new URLSearchParams({ token: url.searchParams.get('token')!, password: secret.newPassword }).toString(),
          form,
        );
    }

    // Wait for the last answer's line, then read everything the server wrote.
    await lineFor(await get('/agb'));
    const output = server.output();
    logLines(output); // every line JSON
    const leaks = [...Object.values(secret), ...handedOut]
      .flatMap((value) => [value, value.toLowerCase(), encodeURIComponent(value)])
      .filter((value) => value.length >= 5 && output.toLowerCase().includes(value.toLowerCase()));
    expect(leaks, 'values found in the log').toEqual([]);
    // The codes: the team's is four digits, so it is looked for where it could be said.
    const said = logLines(output).map((l) => `${l.msg} ${l.err?.message ?? ''}`);
    for (const code of [TEST_TEAM_CODE, ...TEST_ACCESS_CODES]) expect(said.filter((s) => s.includes(code))).toEqual([]);
    // And the requests were all logged, the hostile ones too, with their paths scrubbed.
    const paths = requestLines(output).map((l) => l.path);
    expect(paths).toContain('/konto?email&token');
    expect(paths).toContain('/:email');
  }, 120_000);
});
