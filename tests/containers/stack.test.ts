// compose.yaml as a founder runs it (podman-compose): PostgreSQL, two app replicas (app1, app2), Caddy with
// HTTPS (its local authority: TLS_MODE=internal). Through Caddy: HTTP/2 with the app's security
// headers. Across the replicas: signups, rate limits, the team session and live events are one,
// and a publish reaches every replica, also one that starts afterwards.
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationRecord } from '~/lib/applications';
import {
  caddyRootCertificate,
  containersMissing,
  podman,
  publishedUrl,
  STACK_ENV,
  h2EventStream,
  h2Request,
  ROOT,
  startStack,
  waitForHealthy,
  type Stack,
} from '../support/containers';
import { awayFromWindowEdge } from '../support/rate-windows';
import { requireOrSkip } from '../support/requirements';
import { postRevalidate } from '../support/sanity-standin';
import { signupBody } from '../support/signups';
import { accessGrant, teamToken } from '../support/team-client';
import { until } from '../support/until';

const missing = containersMissing();
const available = requireOrSkip('containers', !missing, missing ?? '');

describe.runIf(available)('the compose stack', () => {
  let stack: Stack;
  let ca: string;
  let contentDir: string;

  beforeAll(async () => {
    // The replicas read their content from a folder the test can change (a publish, below).
    contentDir = mkdtempSync(path.join(tmpdir(), 'stack-content-'));
    cpSync(path.join(ROOT, 'content'), contentDir, { recursive: true });
    // mkdtemp makes the folder private to root; the replicas read it as the user `node`.
    chmodSync(contentDir, 0o755);
    stack = await startStack(`bcstack${process.pid}`, { contentDir });
    ca = await caddyRootCertificate(stack.container('proxy'));
  });
  afterAll(async () => {
    await stack?.down();
    if (contentDir) rmSync(contentDir, { recursive: true, force: true });
  });

  test("https through Caddy answers over HTTP/2 with the app's security headers and its precompressed page", async () => {
    const answer = await h2Request(stack.proxyUrl, '/', { ca, headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // HTTP/3 is offered to browsers; Caddy does not name itself.
    expect(answer.headers['alt-svc']).toContain('h3');
    expect(answer.headers.server).toBeUndefined();
  });

  test('the app sees the visitor, not Caddy: /healthz through the proxy, X-Forwarded-For trusted', async () => {
    const health = await h2Request(stack.proxyUrl, '/healthz', { ca });
    expect(JSON.parse(health.body.toString())).toMatchObject({ ok: true, db: 'postgres' });
  });

  test('a signup through one replica is in the team list of the other, with a team token from the first', async () => {
    const [first, second] = stack.replicaUrls as [string, string];
    const token = await teamToken(first);
    const id = crypto.randomUUID();
    const created = await h2Request(stack.proxyUrl, '/api/signups', {
      ca,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signupBody(id, 'Über Caddy'),
    });
    expect(created.status).toBe(201);
    const list = await fetch(`${second}/api/signups`, { headers: { Authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);
    const { signups } = (await list.json()) as { signups: { id: string; name: string }[] };
    expect(signups.find((s) => s.id === id)?.name).toBe('Über Caddy');
  });

  test('the signup rate limit counts across both replicas', async () => {
    // One made-up client address (the replicas trust X-Forwarded-For, as behind Caddy).
    const client = `203.0.113.${(process.pid % 250) + 1}`;
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${stack.replicaUrls[i % 2]}/api/signups`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: signupBody(crypto.randomUUID()),
      });
      statuses.push(res.status);
    }
    // SIGNUP_RATE_LIMIT is 10 a minute per address: ten answered 201 whichever replica took them.
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
  });

  test('through Caddy a forged X-Forwarded-For changes nothing: the limit counts the real address', async () => {
    await awayFromWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await h2Request(stack.proxyUrl, '/api/signups', {
        ca,
        method: 'POST',
        // A different made-up address every time: Caddy replaces the header with the client's.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: signupBody(crypto.randomUUID()),
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
  });

  test('a live event stream through Caddy gets a status change made through the other replica', async () => {
    const [first, second] = stack.replicaUrls as [string, string];
    const grant = await accessGrant(first);
    const created = await fetch(`${first}/api/applications`, {
      method: 'POST',
      headers: { Cookie: grant, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        applicationType: 'Mentor',
        name: 'Live Über Caddy',
        email: 'live@example.org',
        consent: true,
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const token = await teamToken(first);
    const stream = await h2EventStream(stack.proxyUrl, '/api/applications/events', {
      ca,
      headers: { authorization: `Bearer ${token}` },
    });
    try {
      await stream.waitFor((e) => e.event === 'snapshot');
      const changed = await fetch(`${second}/api/applications/${id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'approved' }),
      });
      expect(changed.status).toBe(200);
      const event = await stream.waitFor(
        (e) => e.event === 'application' && (e.data as ApplicationRecord).id === id,
        10_000,
      );
      expect((event.data as ApplicationRecord).status).toBe('approved');
    } finally {
      stream.close();
    }
  });

  test('a signed publish to one replica changes / on every replica within 2 s, and through Caddy', async () => {
    const [first, second] = stack.replicaUrls as [string, string];
    const tagline = 'In jedem Container zugleich veröffentlicht';
    // The bundled content source of both replicas is this folder: editing it is the publish.
    const dataset = path.join(contentDir, 'dataset.ndjson');
    writeFileSync(dataset, readFileSync(dataset, 'utf8').replace(BUILD_TAGLINE, tagline));
    expect(await home(second)).not.toContain(tagline);

    const sent = performance.now();
    const res = await postRevalidate(first, PUBLISH, STACK_ENV.SANITY_WEBHOOK_SECRET);
    expect(res.status).toBe(200);
    await until(
      async () => (await home(first)).includes(tagline) && (await home(second)).includes(tagline),
      'the new tagline on both replicas',
      { timeoutMs: 2000, intervalMs: 20 },
    );
    console.log(`Publish fan-out across the replicas: ${Math.round(performance.now() - sent)} ms`);
    const proxied = await h2Request(stack.proxyUrl, '/', { ca });
    expect(proxied.body.toString()).toContain(tagline);
  });

  test('a replica restarted after the publish serves the new content from its first answer', async () => {
    const second = stack.container('app2');
    await podman('restart', '-t', '20', second);
    // The published port may change with the restart; the first answer must already be the new page.
    const url = await publishedUrl(second, '3000/tcp');
    let first: string | undefined;
    await until(
      async () => {
        first = await fetch(`${url}/`).then(
          (r) => (r.ok ? r.text() : undefined),
          () => undefined,
        );
        return first !== undefined;
      },
      'the restarted replica to answer',
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    expect(first).toContain('In jedem Container zugleich veröffentlicht');
    await waitForHealthy(url);
  });
});

const BUILD_TAGLINE = 'Reiten im Einklang – Bewegung, die Pferd und Mensch verbindet';
const PUBLISH = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
const home = async (url: string) => (await fetch(`${url}/`)).text();
