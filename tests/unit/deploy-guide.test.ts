// The deployment guide's commands, run where they can run here, and its statements checked against
// deploy/stack.sh: after the disaster restore's checkout the next upgrade's `git pull` works; the
// nightly backup is a systemd timer (a fresh Debian 12 has no cron) running the guide's backup
// command; every guide applies a changed .env with `deploy/stack.sh upgrade --config`; the step-6
// check prints curl's error instead of nothing, and its variant for a machine without a public name
// (TLS_MODE=internal, a .test name in the hosts file) answers with Caddy's own authority; the
// repository address is a placeholder the guide explains; the lines that look alarming are listed.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const guide = read('docs/deploy.md');

/** The text of the guide's step `n` (from its `## n.` heading to the next heading of that level). */
function step(n: number): string {
  const start = guide.indexOf(`\n## ${n}. `);
  if (start < 0) throw new Error(`docs/deploy.md has no step ${n}`);
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end < 0 ? undefined : end);
}

/** The command lines of the ```sh blocks of `text` (indentation removed); `first`: of its first block only. */
function shellLines(text: string, { first = false } = {}): string[] {
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)];
  return (first ? blocks.slice(0, 1) : blocks).flatMap(([, block]) =>
    block!
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

/** Runs `script` in bash; its exit status and output (both streams). */
function bash(script: string, options: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync('bash', ['-c', script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

const scratch = () => mkdtempSync(path.join(tmpdir(), 'deploy-guide-'));

describe('the disaster restore (step 13) and the next upgrade (step 11)', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], {
      cwd,
      encoding: 'utf8',
    }).trim();

  test('after the restore’s checkout of the commit that ran before, `git pull` of the next upgrade brings the new code', () => {
    const dir = scratch();
    const origin = path.join(dir, 'origin');
    const checkout = path.join(dir, 'srv', 'bewegungscoaching');
    mkdirSync(origin);
    mkdirSync(path.dirname(checkout));
    git(origin, 'init', '-q', '-b', 'main');
    const commit = (message: string) => {
      writeFileSync(path.join(origin, 'file'), message);
      git(origin, 'add', 'file');
      git(origin, 'commit', '-q', '-m', message);
      return git(origin, 'rev-parse', '--short', 'HEAD');
    };
    const ran = commit('the release that ran');
    commit('a later one');
    const local = (line: string) =>
      line.replaceAll('REPOSITORY_URL', origin).replaceAll('/srv/bewegungscoaching', checkout);

    const restore = shellLines(step(13)).filter((line) => line.startsWith('git '));
    expect(restore).toHaveLength(2);
    const restored = bash(restore.map((line) => local(line).replace('1a2b3c4', ran)).join('\n'), { cwd: dir });
    expect(restored.status, restored.output).toBe(0);
    expect(git(checkout, 'rev-parse', '--short', 'HEAD')).toBe(ran);

    const next = commit('the upgrade');
    const upgrade = shellLines(step(11), { first: true }).filter((line) => !line.startsWith('deploy/stack.sh'));
    expect(upgrade).toEqual(['cd /srv/bewegungscoaching', 'git pull']);
    const pulled = bash(upgrade.map(local).join(' && '), { cwd: dir });
    expect(pulled.status, pulled.output).toBe(0);
    expect(git(checkout, 'rev-parse', '--short', 'HEAD')).toBe(next);
  });
});

describe('the nightly backup (step 12)', () => {
  test('is a systemd timer (no cron needed) that runs the backup command of the guide, also after a night the server was off', () => {
    const dir = scratch();
    const [stack, units, bin] = ['stack', 'units', 'bin'].map((name) => path.join(dir, name)) as [
      string,
      string,
      string,
    ];
    for (const folder of [stack, units, bin]) mkdirSync(folder);
    writeFileSync(path.join(stack, '.env'), '', { mode: 0o600 });
    // systemctl as a record of what it was asked (there is no systemd to enable anything here).
    writeFileSync(path.join(bin, 'systemctl'), `#!/bin/sh\necho "systemctl $*" >> "${dir}/calls"\n`);
    chmodSync(path.join(bin, 'systemctl'), 0o755);

    const command = shellLines(step(12)).find((line) => line.startsWith('deploy/stack.sh schedule'));
    expect(command).toBe('deploy/stack.sh schedule /srv/backups');
    const run = bash(`${ROOT}/${command}`, {
      env: { PATH: `${bin}:${process.env.PATH}`, STACK_DIR: stack, STACK_TOOL: 'podman', SYSTEMD_UNIT_DIR: units },
    });
    expect(run.status, run.output).toBe(0);
    expect(readdirSync(units).sort()).toEqual(['stack-backup.service', 'stack-backup.timer']);
    const service = readFileSync(path.join(units, 'stack-backup.service'), 'utf8');
    const timer = readFileSync(path.join(units, 'stack-backup.timer'), 'utf8');
    // The command the guide gives for a backup by hand, for this stack.
    expect(shellLines(step(12))).toContain('deploy/stack.sh backup /srv/backups');
    expect(service).toContain(`ExecStart="${ROOT}/deploy/stack.sh" backup "/srv/backups"`);
    expect(service).toContain(`Environment="STACK_DIR=${stack}"`);
    expect(timer).toMatch(/^OnCalendar=\*-\*-\* 03:30:00$/m);
    expect(timer).toMatch(/^Persistent=true$/m);
    expect(readFileSync(path.join(dir, 'calls'), 'utf8').trim().split('\n')).toEqual([
      'systemctl daemon-reload',
      'systemctl enable --now stack-backup.timer',
    ]);
    if (spawnSync('systemd-analyze', ['--version']).status === 0) {
      const verified = spawnSync('systemd-analyze', ['verify', ...readdirSync(units).map((f) => path.join(units, f))], {
        encoding: 'utf8',
      });
      expect(verified.status, verified.stderr).toBe(0);
    }
    // cron is not on a fresh Debian 12: the guide never asks for a crontab without installing cron.
    for (const doc of ['docs/deploy.md', 'docs/operations.md']) {
      const text = read(doc);
      if (/crontab|```cron/.test(text)) expect(text, doc).toContain('apt-get install -y cron');
    }
  });
});

test('every guide applies a changed .env line with `deploy/stack.sh upgrade --config` (a restart keeps the old settings)', () => {
  const paragraphs = ['docs/deploy.md', 'docs/team.md', 'docs/operations.md'].flatMap((doc) =>
    read(doc)
      .split(/\n\s*\n/)
      .map((text) => ({ doc, text })),
  );
  const edits = paragraphs.filter(({ text }) => /edit `\.env`/i.test(text));
  expect(edits.map(({ doc }) => doc)).toEqual(expect.arrayContaining(['docs/deploy.md', 'docs/team.md']));
  for (const { doc, text } of edits) {
    expect(text, doc).toContain('deploy/stack.sh upgrade --config');
    expect(text, doc).not.toMatch(/restart the app/i);
  }
});

describe('the check from your own computer (step 6)', () => {
  const dir = scratch();
  let server: https.Server;
  let curlHome: string;
  beforeAll(async () => {
    // A site certificate that no system trusts, as Caddy's own authority signs it (TLS_MODE=internal).
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=bewegung.test',
        '-addext',
        'subjectAltName=DNS:bewegung.test,DNS:www.example.org',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'caddy-root.crt'),
      ],
      { stdio: 'ignore' },
    );
    server = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'caddy-root.crt')) },
      (_req, res) => {
        res.writeHead(200, {
          'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
          'Content-Security-Policy': "default-src 'self'",
          'X-Frame-Options': 'DENY',
          'Content-Type': 'text/html',
        });
        res.end();
      },
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    // Every name the guide's commands ask for is this server (a hosts entry, without touching /etc/hosts).
    curlHome = path.join(dir, 'curl');
    mkdirSync(curlHome);
    writeFileSync(
      path.join(curlHome, '.curlrc'),
      `connect-to = "::127.0.0.1:${(server.address() as AddressInfo).port}"\n`,
    );
  });
  afterAll(() => server?.close());

  const curlLines = () => shellLines(step(6)).filter((line) => line.startsWith('curl '));
  // Not spawnSync: the HTTPS server answering curl runs in this process.
  const run = (line: string) =>
    new Promise<{ output: string }>((resolve) =>
      execFile(
        'bash',
        ['-c', line],
        { cwd: dir, env: { ...process.env, CURL_HOME: curlHome, HOME: curlHome, NO_PROXY: '*', no_proxy: '*' } },
        (_error, stdout, stderr) => resolve({ output: stdout + stderr }),
      ),
    );

  test('with a certificate curl does not trust, the plain check prints curl’s error, not nothing', async () => {
    const plain = curlLines().find((line) => line.includes('https://www.example.org/'))!;
    const { output } = await run(plain);
    expect(output).toMatch(/curl: \(60\)/);
  });

  test('without a public name: a .test name in the hosts file, and the check with Caddy’s authority answers', async () => {
    const text = step(6);
    expect(text).toContain('TLS_MODE=internal');
    expect(text).toMatch(/SITE_DOMAIN=bewegung\.test/);
    expect(text).toMatch(/hosts/);
    expect(text).toMatch(/^203\.0\.113\.10 bewegung\.test$/m);
    expect(shellLines(text)).toContain('deploy/stack.sh ca > caddy-root.crt                  # on the server');
    const internal = curlLines().find((line) => line.includes('https://bewegung.test/'))!;
    expect(internal).toContain('--cacert caddy-root.crt');
    const { output } = await run(internal);
    expect(output).toMatch(/^HTTP\/\S+ 200/m);
    expect(output).toMatch(/^strict-transport-security: max-age=63072000; includeSubDomains/im);
    expect(output).toMatch(/^x-frame-options: DENY/im);
  });
});

test('`git clone` names a placeholder for the repository address, which the guide explains', () => {
  for (const line of shellLines(guide).filter((l) => l.startsWith('git clone')))
    expect(line).toMatch(/^git clone REPOSITORY_URL /);
  expect(step(4)).toMatch(/`REPOSITORY_URL` stands for the address of the site's Git repository/);
  expect(guide).not.toContain('<this repository>');
});

test('the lines that look alarming but are not include Caddy’s under internal TLS and PostgreSQL’s after a stop', () => {
  const list = guide
    .slice(guide.indexOf('Lines that look alarming but are not'), guide.indexOf('**Before launch'))
    .replace(/\n\s*/g, ' ');
  expect(list).toContain('`failed to install root certificate`');
  expect(list).toContain('`FATAL: terminating connection due to administrator command`');
});
