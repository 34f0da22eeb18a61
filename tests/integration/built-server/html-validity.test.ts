// Every page's HTML is valid in the W3C Nu HTML checker (vnu, the checker behind validator.w3.org),
// as the built server sends it: the prerendered pages, the server-rendered ones signed out and
// signed in, the 404 page, and the pages a refused form post without JavaScript answers with.
// One run of the checker over all files (it starts a JVM: seconds, so only once).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasJava, requireOrSkip, VNU_JAR } from '../../support/requirements';
import { startServer, type TestServer } from '../../support/server';
import { accessGrant, localInviter, teamOwner } from '../../support/team-client';

const javaAvailable = () =>
  requireOrSkip('java', hasJava(), 'install a Java runtime (apt-get install -y default-jre-headless) to check HTML');

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe.runIf(javaAvailable())('HTML validity (W3C Nu checker)', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startServer();
    dir = mkdtempSync(path.join(tmpdir(), 'bc-vnu-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every page, in every state a visitor can reach without JavaScript, has no error', async () => {
    const origin = { Origin: server.url };
    // A signed-in account and an access grant, for /konto and the application form.
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...origin },
      body: JSON.stringify({ email: 'html@example.org', password: 'pferd-und-reiter-2026', name: '' }),
    });
    expect(signUp.status).toBe(200);
    // A sign-up does not sign in: the session comes from signing in.
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...origin },
      body: JSON.stringify({ email: 'html@example.org', password: 'pferd-und-reiter-2026' }),
    });
    const session = signIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))!
      .split(';')[0]!;
    const grant = await accessGrant(server.url);

    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...origin, Cookie: grant },
      body: new URLSearchParams(fields).toString(),
    });
    // The team: an invitation in its first two steps, and the dashboard signed in (its code gate).
    const invite = async () =>
      new URL(await localInviter(server.dataDir)(`html-${Math.random()}@example.org`, { owner: false, name: 'H' }))
        .search;
    const [firstStep, secondStep] = [await invite(), await invite()];
    const owner = await teamOwner(server.url);
    const member = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const account = form({ intent: 'account', name: 'Hanna HTML', password: 'hanna-password-1' });
    const pages: [name: string, path: string, init?: RequestInit, status?: number][] = [
      ['home', '/'],
      ['imprint', '/imprint'],
      ['datenschutz', '/datenschutz'],
      ['agb', '/agb'],
      ['mitmachen', '/mitmachen'],
      ['mitmachen-refused', '/mitmachen', form({ userType: 'reiter', name: '', email: 'kein-at' }), 400],
      ['access', '/access'],
      ['access-wrong-code', '/access', form({ code: 'ZZZZZ' })],
      ['auth', '/auth'],
      ['auth-sign-up', '/auth?mode=sign-up'],
      ['auth-refused', '/auth', form({ intent: 'sign-in', email: 'html@example.org', password: 'falsch-falsch' }), 401],
      ['teamdashboard', '/teamdashboard'],
      [
        'teamdashboard-refused',
        '/teamdashboard',
        form({ intent: 'sign-in', email: 'x@example.org', password: 'x' }),
        401,
      ],
      ['teamdashboard-signed-in', '/teamdashboard', { headers: { Cookie: member } }],
      ['team-invitation', `/team/einladung${firstStep}`],
      ['team-invitation-factor', `/team/einladung${secondStep}`, account],
      ['team-invitation-unknown', '/team/einladung?token=unbekannt', undefined, 410],
      // Signed out, /konto leads to the sign-in page (checked above); signed in it shows the account.
      ['konto-signed-out', '/konto'],
      ['konto', '/konto', { headers: { Cookie: session } }],
      ['bewerbung', '/bewerbung', { headers: { Cookie: grant } }],
      ['bewerbung-refused', '/bewerbung', form({ applicationType: 'Mentee', name: '', email: 'x' }), 400],
      ['bewerbung-danke', '/bewerbung/danke'],
      ['passwort-neu', '/passwort-neu?token=abc'],
      ['konto-bestaetigen', '/konto/bestaetigen?token=abc'],
      ['newsletter-bestaetigen', '/newsletter/bestaetigen?token=ungueltig'],
      ['newsletter-abmelden', '/newsletter/abmelden?token=ungueltig'],
      ['not-found', '/gibt-es-nicht', undefined, 404],
    ];

    const files: string[] = [];
    for (const [name, pagePath, init, status = 200] of pages) {
      const response = await fetch(`${server.url}${pagePath}`, init);
      expect(response.status, `${name}: ${pagePath}`).toBe(status);
      expect(response.headers.get('content-type'), name).toMatch(/^text\/html/);
      const file = path.join(dir, `${name}.html`);
      writeFileSync(file, await response.text());
      files.push(file);
    }

    // A control with one known error: shows the checker really read the files and reported.
    const control = path.join(dir, 'control-invalid.html');
    writeFileSync(control, '<!DOCTYPE html><html lang="de"><title>x</title><p id="a"></p><p id="a"></p></html>');
    files.push(control);

    // vnu exits with 1 when it found errors; the JSON report (on stderr) says which.
    const { stderr } = await promisify(execFile)(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }));
    const report = JSON.parse(stderr) as { messages: VnuMessage[] };
    const [controlErrors, pageErrors] = [
      report.messages.filter((m) => m.url.endsWith('control-invalid.html')),
      report.messages.filter((m) => !m.url.endsWith('control-invalid.html')),
    ];
    expect(controlErrors.map((m) => m.message)).toEqual(['Duplicate ID “a”.']);
    const errors = pageErrors.map(
      (m) => `${path.basename(m.url)}:${m.lastLine ?? '?'} ${m.type}: ${m.message} — ${m.extract?.trim() ?? ''}`,
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
