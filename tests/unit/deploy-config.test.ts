// The numbers that make a replacement drop nothing, kept in step across the server, Caddy, compose
// and deploy/stack.sh: Caddy notices a draining replica before it closes its port, closes its idle
// connections before the replica would, never marks a replica down for one failed request, and
// compose and the script give a draining replica its whole grace period before SIGKILL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DRAIN } from '~/server/app/draining.server';
import { HTTP_TIMEOUTS } from '~/server/app/timeouts.server';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** The Caddyfile without its comments. */
const caddyfile = read('deploy/Caddyfile')
  .split('\n')
  .filter((line) => !line.trim().startsWith('#'))
  .join('\n');
const compose = read('compose.yaml');
const script = read('deploy/stack.sh');

const seconds = (pattern: RegExp, text: string) => {
  const match = pattern.exec(text);
  if (!match) throw new Error(`${String(pattern)} not found`);
  return Number(match[1]);
};

describe('draining, Caddy, compose and deploy/stack.sh agree', () => {
  test("Caddy's active health check sees a draining replica at least twice before it stops serving", () => {
    expect(caddyfile).toMatch(/^\s*health_uri \/healthz$/m);
    const interval = seconds(/^\s*health_interval (\d+)s$/m, caddyfile);
    expect(interval * 2 * 1000).toBeLessThanOrEqual(DRAIN.noticeMs);
  });

  test('no passive health check: one failed request never marks a replica down', () => {
    expect(caddyfile).not.toMatch(/^\s*(max_fails|fail_duration|unhealthy_status|unhealthy_latency)\b/m);
  });

  test("Caddy closes idle connections to a replica before the replica's keep-alive ends", () => {
    const keepalive = seconds(/^\s*keepalive (\d+)s$/m, caddyfile);
    expect(keepalive * 1000).toBeLessThan(HTTP_TIMEOUTS.keepAliveMs);
    // And Caddy gives headers no more time than the app does.
    expect(seconds(/^\s*read_header (\d+)s$/m, caddyfile) * 1000).toBeLessThanOrEqual(HTTP_TIMEOUTS.headersMs);
  });

  test('the upstreams are the replicas compose.yaml defines, which the script replaces', () => {
    const upstreams = /^\s*reverse_proxy ((?:app\d+:3000 ?)+) \{$/m.exec(caddyfile)?.[1]?.trim().split(' ');
    expect(upstreams).toEqual(['app1:3000', 'app2:3000']);
    for (const replica of ['app1', 'app2']) {
      expect(compose).toMatch(new RegExp(`^  ${replica}:\\n    <<: \\*app$`, 'm'));
      // DATA_DIR holds the control socket of team:invite: one volume per replica.
      expect(compose).toMatch(new RegExp(`^      - ${replica}-data:/data$`, 'm'));
    }
    expect(script).toContain('REPLICAS=(app1 app2)');
  });

  test('compose and the script wait longer for a stop than a replica takes to drain', () => {
    const grace = seconds(/^\s*stop_grace_period: (\d+)s$/m, compose);
    // In-flight requests, then up to 3 s for mails in flight, then the database closes.
    expect(grace * 1000).toBeGreaterThanOrEqual(DRAIN.graceMs + 4000);
    expect(seconds(/^STOP_TIMEOUT=(\d+)$/m, script)).toBe(grace);
    // podman-compose 1.0 ignores stop_grace_period: every container it makes for the script gets the
    // same stop timeout, which a plain `podman stop` (Podman's boot service at a shutdown) then uses.
    const podmanCompose = script.split('\n').filter((line) => /^\s*podman-compose /.test(line));
    expect(podmanCompose.length).toBeGreaterThan(0);
    for (const line of podmanCompose) expect(line).toContain('--podman-run-args="--stop-timeout=$STOP_TIMEOUT"');
    // The script waits for Caddy to notice a replica that came back as long as the replica waits
    // for Caddy to notice one that drains.
    expect(seconds(/^PROXY_NOTICES=(\d+)$/m, script) * 1000).toBe(DRAIN.noticeMs);
  });
});
