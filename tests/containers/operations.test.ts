// Operations without downtime, as docs/deploy.md has an owner do them: deploy/stack.sh on the
// compose stack under podman-compose 1.0 (Debian's). Under 20 requests/s of page loads and signups
// through Caddy, an upgrade to a newly built image, a restart of one replica and a roll-back each
// fail no request and lose no signup (the figures are printed). A replica stopped as Podman's boot
// service stops it gets its whole drain time (podman-compose ignores stop_grace_period; the script
// gives it). Then: least privilege as it runs, backups copied out and pruned without a secret
// printed, the restore drill, a reboot, and the disaster restore of a backup onto a stack whose
// volumes are gone.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  caddyRootCertificate,
  containerInviter,
  containerLog,
  containersMissing,
  h2Request,
  podman,
  publishedUrl,
  REPLICAS,
  STACK_ENV,
  stackScript,
  startStack,
  TEST_IMAGE,
  type ScriptRun,
  type Stack,
} from '../support/containers';
import { startLoad } from '../support/load';
import { requireOrSkip } from '../support/requirements';
import { signupBody } from '../support/signups';
import { accessGrant, registerInviter, teamToken } from '../support/team-client';
import { until } from '../support/until';

const missing = containersMissing();
const available = requireOrSkip('containers', !missing, missing ?? '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(available)(
  'operations on the compose stack (deploy/stack.sh, podman-compose)',
  { timeout: 300_000 },
  () => {
    let stack: Stack;
    let ca: string;
    const runs: ScriptRun[] = [];
    const backupDir = mkdtempSync(path.join(tmpdir(), 'bcops-backups-'));

    beforeAll(async () => {
      stack = await startStack(`bcops${process.pid}`, { env: { SIGNUP_RATE_LIMIT: '0', BACKUP_KEEP: '3' } });
      ca = await caddyRootCertificate(stack.container('proxy'));
    });
    afterAll(async () => {
      await stack?.down();
      rmSync(backupDir, { recursive: true, force: true });
    });

    const script = async (...args: string[]) => {
      const run = await stackScript(stack, ...args);
      runs.push(run);
      return run;
    };
    const psql = (sql: string, database = 'app') =>
      podman('exec', stack.container('db'), 'psql', '-U', 'postgres', '-d', database, '-At', '-c', sql);
    const imageOf = (service: string) => podman('inspect', '--format', '{{.ImageName}}', stack.container(service));
    const envValue = (name: string) =>
      readFileSync(path.join(stack.dir, '.env'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith(`${name}=`))
        .at(-1)
        ?.slice(name.length + 1);

    /** Runs deploy/stack.sh `args` under 20 requests/s through Caddy; prints and checks the figures. */
    async function underLoad(what: string, ...args: string[]) {
      const load = startLoad({ proxyUrl: stack.proxyUrl, ca, rate: 20 });
      await sleep(2000);
      const run = await script(...args);
      await sleep(3000);
      const report = await load.stop();
      const ids = report.accepted.map((id) => `'${id}'`).join(',');
      const stored = ids ? Number(await psql(`select count(*) from signups where id in (${ids})`)) : 0;
      console.log(
        `${what} (deploy/stack.sh ${args.join(' ')}): took ${(run.ms / 1000).toFixed(1)} s; under load ` +
          `${report.requests} requests in ${report.seconds} s (${report.pages} page loads, ${report.signups} signups): ` +
          `${report.failures.length} failed, p50 ${report.p50Ms} ms, p99 ${report.p99Ms} ms, max ${report.maxMs} ms; ` +
          `signups answered 201: ${report.accepted.length}, stored: ${stored}`,
      );
      expect(run.code, run.output).toBe(0);
      if (report.failures.length) {
        // What Caddy said about them (its errors and the health checks around them).
        const proxyLog = await containerLog(stack.container('proxy'));
        console.log(
          proxyLog
            .split('\n')
            .filter((line) => /"level":"error"|health_checker/.test(line))
            .slice(-30)
            .join('\n'),
        );
      }
      expect(report.failures).toEqual([]);
      expect(report.requests).toBeGreaterThan((run.ms / 1000) * 15);
      expect(stored).toBe(report.accepted.length);
      return run;
    }

    test('least privilege as it runs: the app is not a database superuser, the superuser has no network login, read-only root file systems, no capabilities, no privilege escalation, memory limits', async () => {
      expect(await psql("select rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = 'app'")).toBe(
        'f|f|f',
      );
      expect(await psql("select tableowner from pg_tables where tablename = 'signups'")).toBe('app');
      // The app's URL names the role `app`; the superuser cannot log in over the network, password or not.
      const env = await podman(
        'inspect',
        '--format',
        '{{range .Config.Env}}{{println .}}{{end}}',
        stack.container('app1'),
      );
      expect(env).toMatch(/^DATABASE_URL=postgres:\/\/app:[^@]+@db:5432\/app$/m);
      const superuser = await podman(
        'exec',
        '-e',
        `PGPASSWORD=${STACK_ENV.POSTGRES_PASSWORD}`,
        stack.container('app1'),
        'psql',
        'postgres://postgres@db:5432/postgres',
        '-c',
        'select 1',
      ).then(
        () => 'logged in',
        (error: Error & { stderr?: string }) => error.stderr ?? error.message,
      );
      expect(superuser).toContain('password authentication failed for user "postgres"');

      for (const service of ['db', ...REPLICAS, 'proxy']) {
        const container = stack.container(service);
        const [readOnly, memory] = (
          await podman('inspect', '--format', '{{.HostConfig.ReadonlyRootfs}} {{.HostConfig.Memory}}', container)
        ).split(' ');
        expect(readOnly, service).toBe('true');
        expect(Number(memory), service).toBeGreaterThan(0);
        const status = await podman('exec', container, 'cat', '/proc/1/status');
        expect(status, service).toMatch(/^NoNewPrivs:\s+1$/m);
        // No capability at all; Caddy only CAP_NET_BIND_SERVICE (bit 10) for ports 80 and 443.
        expect(/^CapEff:\s+(\w+)$/m.exec(status)?.[1], service).toBe(
          service === 'proxy' ? '0000000000000400' : '0000000000000000',
        );
        // Caddy alone is root inside its container (without any other capability).
        if (service !== 'proxy') expect(await podman('exec', container, 'id', '-u'), service).not.toBe('0');
      }
      // The user node's own home: writable but for the read-only root file system.
      const written = await podman('exec', stack.container('app1'), 'touch', '/home/node/x').then(
        () => 'written',
        (error: Error & { stderr?: string }) => error.stderr ?? '',
      );
      expect(written).toContain('Read-only file system');
    });

    test('an upgrade to an image built from this checkout replaces app1 and app2 without a failed request or a lost signup', async () => {
      const run = await underLoad('Upgrade', 'upgrade');
      const built = envValue('APP_IMAGE')!;
      expect(built).toMatch(new RegExp(`^${stack.scriptEnv.IMAGE_REPO}:\\d{8}-\\d{6}-\\w+`));
      for (const replica of REPLICAS) expect(await imageOf(replica)).toBe(built);
      expect(run.output).toContain('app1: draining the old replica');
      expect(run.output).toContain(`To go back: deploy/stack.sh rollback`);
    });

    test('restarting one replica fails no request', async () => {
      const before = await podman('inspect', '--format', '{{.State.StartedAt}}', stack.container('app1'));
      await underLoad('Restart of app1', 'restart', 'app1');
      expect(await podman('inspect', '--format', '{{.State.StartedAt}}', stack.container('app1'))).not.toBe(before);
    });

    test('a roll-back to the previous image (with a changed .env, applied on the way) fails no request', async () => {
      writeFileSync(
        path.join(stack.dir, '.env'),
        `${readFileSync(path.join(stack.dir, '.env'), 'utf8')}BACKUP_KEEP=2\n`,
      );
      await underLoad('Roll-back', 'rollback');
      expect(envValue('APP_IMAGE')).toBe(TEST_IMAGE);
      for (const replica of REPLICAS) expect(await imageOf(replica)).toBe(TEST_IMAGE);
      const env = await podman(
        'inspect',
        '--format',
        '{{range .Config.Env}}{{println .}}{{end}}',
        stack.container('app2'),
      );
      expect(env).toMatch(/^BACKUP_KEEP=2$/m);
    });

    test("a replica stopped as Podman's boot service stops it (`podman stop`, no -t) gets its whole drain time: a request 12 s in flight finishes", async () => {
      // The replicas as deploy/stack.sh makes them (the stack above was started by podman-compose itself).
      const config = await script('upgrade', '--config');
      expect(config.code, config.output).toBe(0);
      const app1 = stack.container('app1');
      const replica = new URL(await publishedUrl(app1, '3000/tcp'));
      const id = crypto.randomUUID();
      const body = signupBody(id, 'Langsam');
      // A signup whose body takes 12 s to arrive: in flight through the whole stop.
      const answered = new Promise<number | string>((resolve) => {
        const req = http.request(
          {
            host: replica.hostname,
            port: replica.port,
            method: 'POST',
            path: '/api/signups',
            headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', (error) => resolve(error.message));
        const pieces = body.match(/.{1,8}/g)!;
        const each = 12_000 / pieces.length;
        pieces.forEach((piece, i) =>
          setTimeout(() => req.write(piece, () => i === pieces.length - 1 && req.end()), i * each),
        );
      });
      await sleep(1000);
      // podman-restart.service's ExecStop: `podman stop $(podman container ls --filter restart-policy=always -q)`.
      const started = performance.now();
      await podman('stop', app1);
      const stopSeconds = (performance.now() - started) / 1000;
      expect(await answered).toBe(201);
      expect(stopSeconds).toBeGreaterThan(10);
      expect(await podman('inspect', '--format', '{{.State.ExitCode}}', app1)).toBe('0');
      expect(await psql(`select count(*) from signups where id = '${id}'`)).toBe('1');
      // Podman's own default would be 10 s: the stop timeout the script gave each replica.
      for (const replica of REPLICAS)
        expect(await podman('inspect', '--format', '{{.Config.StopTimeout}}', stack.container(replica))).toBe('20');
      console.log(
        `A plain podman stop of app1 with a request in flight: the replica drained and exited 0 after ${stopSeconds.toFixed(1)} s`,
      );
      await podman('start', app1);
      await until(async () => (await stackScript(stack, 'status')).output.includes('app1: /healthz 200'), 'app1 back', {
        timeoutMs: 180_000,
        intervalMs: 2000,
      });
    });

    test("deploy/stack.sh ca prints Caddy's own authority (TLS_MODE=internal), as step 6 uses it for curl --cacert", async () => {
      const run = await script('ca');
      expect(run.code, run.output).toBe(0);
      expect(run.output.trim()).toBe((await caddyRootCertificate(stack.container('proxy'))).trim());
      // The line docs/deploy.md lists as harmless under TLS_MODE=internal.
      expect(await containerLog(stack.container('proxy'))).toContain('failed to install root certificate');
    });

    test('after both replicas were replaced, each answers team:invite on its own control socket (its own data volume)', async () => {
      const invited = await script('invite', 'zweite@example.org', '--owner', '--name', 'Zweite Inhaberin');
      expect(invited.code, invited.output).toBe(0);
      expect(invited.output).toMatch(/https:\/\/localhost\/team\/einladung\?token=\S+/);
      const second = await podman(
        'exec',
        stack.container('app2'),
        'node',
        'scripts/team-invite.ts',
        'dritte@example.org',
        '--name',
        'Dritte',
      );
      expect(second).toMatch(/\/team\/einladung\?token=\S+/);
    });

    test('backups: made in a replica, copied out readable by root only, pruned in the volume (BACKUP_KEEP) and outside; no secret printed', async () => {
      const made: string[] = [];
      for (let i = 0; i < 3; i++) {
        if (i) await sleep(1100); // a new name each second
        const run = await stackScript(stack, 'backup', backupDir);
        runs.push(run);
        expect(run.code, run.output).toBe(0);
        made.push(run.output.trim().split('\n').at(-1)!);
      }
      for (const file of made) expect(file).toMatch(/\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.pgdump$/);
      // Each run says when it ran, for a log that is only appended to.
      for (const run of runs.slice(-3))
        expect(run.output).toMatch(/^== \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ backup of the stack /m);
      // BACKUP_KEEP=2 (the roll-back brought it into the replicas) in the volume, 30 copies outside.
      const inVolume = (await podman('exec', stack.container('app1'), 'ls', '/data/backups')).split('\n');
      expect(inVolume).toEqual(made.slice(-2).map((file) => path.basename(file)));
      expect(readdirSync(backupDir).sort()).toEqual(made.map((file) => path.basename(file)).sort());
      for (const file of made) expect(statSync(file).mode & 0o777).toBe(0o600);
      const pruned = await stackScript(
        { ...stack, scriptEnv: { ...stack.scriptEnv, BACKUP_COPIES: '2' } },
        'backup',
        backupDir,
      );
      runs.push(pruned);
      expect(readdirSync(backupDir)).toHaveLength(2);
    });

    test('no command of deploy/stack.sh printed a secret of .env', () => {
      expect(runs.length).toBeGreaterThan(5);
      const secrets = [STACK_ENV.POSTGRES_PASSWORD, STACK_ENV.AUTH_SECRET, STACK_ENV.SANITY_WEBHOOK_SECRET];
      for (const run of runs) for (const secret of secrets) expect(run.output).not.toContain(secret);
    });

    describe('the restore drill of docs/deploy.md', () => {
      beforeAll(async () => {
        // Some data in every kind of table the site writes: an application and a status change too.
        // The replicas were replaced: their published ports are new.
        const replica = await publishedUrl(stack.container('app1'), '3000/tcp');
        registerInviter(replica, containerInviter(stack.container('app1')));
        const token = await teamToken(replica);
        const grant = await accessGrant(replica);
        const created = await fetch(`${replica}/api/applications`, {
          method: 'POST',
          headers: { Cookie: grant, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            applicationType: 'Mentee',
            name: 'Gesichert',
            email: 'backup@example.org',
            consent: true,
          }),
        });
        const { id } = (await created.json()) as { id: string };
        await fetch(`${replica}/api/applications/${id}`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 'rejected' }),
        });
      });

      test('db:backup in a replica restores, table by table, into a second, empty database; the live one refuses it', async () => {
        const app = stack.container('app1');
        const original = await tableDigests('app');
        expect(original.length).toBeGreaterThan(5);
        const file = await podman('exec', app, 'npm', 'run', '--silent', 'db:backup');
        expect(file).toMatch(/^\/data\/backups\/\S+\.pgdump$/);
        await psql('CREATE DATABASE drill OWNER app', 'postgres');
        const url = `postgres://app:${STACK_ENV.POSTGRES_PASSWORD}@db:5432/drill`;
        await podman('exec', '-e', `DATABASE_URL=${url}`, app, 'npm', 'run', '--silent', 'db:restore', '--', file);
        expect(await tableDigests('drill')).toEqual(original);
        await psql('DROP DATABASE drill', 'postgres');

        const refused = await podman('exec', app, 'npm', 'run', '--silent', 'db:restore', '--', file).then(
          () => undefined,
          (error: Error & { code?: number }) => error,
        );
        expect(refused?.code).toBe(1);
        expect(await tableDigests('app')).toEqual(original);
      });
    });

    test('deploy/stack.sh drill restores the newest backup into a scratch database and drops it again', async () => {
      const drill = await script('drill');
      expect(drill.code, drill.output).toBe(0);
      expect(drill.output).toMatch(/signups: [1-9]\d*/);
      expect(drill.output).toContain('✔ The backup restores.');
      // The first drill's DROP DATABASE IF EXISTS finds nothing to drop, and says nothing about it.
      expect(drill.output).not.toContain('NOTICE');
      expect(await psql("select count(*) from pg_database where datname = 'drill'", 'postgres')).toBe('0');
    });

    test('undoing a release: restore --replace puts the backup the upgrade took back in place of the live data', async () => {
      const upgrade = runs.find((run) => run.output.includes('Backup before the change:'))!;
      const file = /Backup before the change: (\S+)/.exec(upgrade.output)![1]!;
      const before = Number(await psql('select count(*) from signups'));
      const replaced = await script('restore', '--replace', file);
      expect(replaced.code, replaced.output).toBe(0);
      const after = Number(await psql('select count(*) from signups'));
      // The signups of the load tests came after that backup.
      expect(after).toBeLessThan(before);
      expect(replaced.output).toContain(`signups: ${after}`);
      stack.proxyUrl = await publishedUrl(stack.container('proxy'), '443/tcp', 'https');
      expect((await h2Request(stack.proxyUrl, '/healthz', { ca })).status).toBe(200);
    });

    test('after a reboot (every container stopped, then started as podman-restart.service does) the site answers again', async () => {
      const ids = (await podman('ps', '-q', '--filter', `label=io.podman.compose.project=${stack.project}`)).split(
        '\n',
      );
      expect(ids).toHaveLength(4);
      // podman-restart.service's ExecStop at a shutdown: each container with its own stop timeout.
      await podman('stop', ...ids);
      // podman-restart.service: `podman start --all --filter restart-policy=always`, for this stack only.
      const always = (
        await podman(
          'ps',
          '-aq',
          '--filter',
          'restart-policy=always',
          '--filter',
          `label=io.podman.compose.project=${stack.project}`,
        )
      ).split('\n');
      expect(always.sort()).toEqual(ids.sort());
      const started = performance.now();
      await podman('start', ...always);
      const proxyUrl = await publishedUrl(stack.container('proxy'), '443/tcp', 'https');
      await until(
        async () =>
          (await h2Request(proxyUrl, '/healthz', { ca }).then(
            (answer) => answer.status,
            () => 0,
          )) === 200,
        'https://localhost/healthz after the reboot',
        { timeoutMs: 180_000, intervalMs: 500 },
      );
      const answered = Math.round((performance.now() - started) / 1000);
      // A replica that started before PostgreSQL answered restarts until it does: both come back.
      let status = '';
      await until(
        async () => {
          status = (await stackScript(stack, 'status')).output;
          return status.includes('app1: /healthz 200') && status.includes('app2: /healthz 200');
        },
        'both replicas ready after the reboot',
        { timeoutMs: 180_000, intervalMs: 2000 },
      );
      expect(status).toContain('HTTP/2 200');
      console.log(
        `Reboot: the site answered again ${answered} s after the start, both replicas ready after ${Math.round((performance.now() - started) / 1000)} s`,
      );
    });

    test('disaster restore: the latest off-site copy onto a stack without volumes (a new machine) brings every signup and application back', async () => {
      const stored = await h2Request(stack.proxyUrl, '/api/signups', {
        ca,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://localhost' },
        body: signupBody(crypto.randomUUID(), 'Vor dem Ausfall'),
      });
      expect(stored.status).toBe(201);
      const backup = await stackScript(stack, 'backup', backupDir);
      runs.push(backup);
      const file = backup.output.trim().split('\n').at(-1)!;
      const business = async () => [
        await psql("select count(*) || ' ' || md5(string_agg(id || name || email, '|' order by id)) from signups"),
        await psql("select count(*) || ' ' || md5(string_agg(id || status, '|' order by id)) from applications"),
      ];
      const before = await business();
      expect(Number(before[0]!.split(' ')[0])).toBeGreaterThan(0);

      // The machine is gone: containers and volumes. What remains: the checkout, .env and the file.
      const ids = (await podman('ps', '-aq', '--filter', `label=io.podman.compose.project=${stack.project}`)).split(
        '\n',
      );
      await podman('rm', '-f', '-t', '20', ...ids);
      const volumes = (
        await podman('volume', 'ls', '-q', '--filter', `label=io.podman.compose.project=${stack.project}`)
      )
        .split('\n')
        .filter(Boolean);
      await podman('volume', 'rm', ...volumes);

      const restore = await stackScript(stack, 'restore', file);
      runs.push(restore);
      console.log(
        `Disaster restore (deploy/stack.sh restore): ${(restore.ms / 1000).toFixed(1)} s until the site answered`,
      );
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/signups: \d+/);
      expect(await business()).toEqual(before);
      const proxyUrl = await publishedUrl(stack.container('proxy'), '443/tcp', 'https');
      const newCa = await caddyRootCertificate(stack.container('proxy'));
      const signup = await h2Request(proxyUrl, '/api/signups', {
        ca: newCa,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://localhost' },
        body: signupBody(crypto.randomUUID(), 'Nach der Wiederherstellung'),
      });
      expect(signup.status).toBe(201);
    });

    /** One line per table of the app's schemas: its name, row count and a digest of every row (one psql run). */
    async function tableDigests(database: string) {
      const digests =
        "select format('select %L || '' '' || count(*) || '' '' || coalesce(md5(string_agg(t::text, ''|'' order by t::text)), ''-'') from %I.%I t', " +
        "schemaname || '.' || tablename, schemaname, tablename) from pg_tables " +
        "where schemaname not in ('pg_catalog', 'information_schema') order by schemaname, tablename \\gexec";
      const out = await podman(
        'exec',
        stack.container('db'),
        'sh',
        '-c',
        `printf '%s\\n' "$1" | psql -U postgres -d ${database} -At`,
        'sh',
        digests,
      );
      return out.split('\n');
    }
  },
);
