import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CODE_ALPHABET, ConfigError, resolveConfig } from './config.server';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'bc-config-'));

describe('configuration', () => {
  test('a bad TEAM_ACCESS_CODE is refused with the variable named', () => {
    expect(() => resolveConfig({ TEAM_ACCESS_CODE: '12a4', DATA_DIR: dataDir() })).toThrowError(
      /TEAM_ACCESS_CODE: must be exactly 4 digits/,
    );
    expect(() => resolveConfig({ TEAM_ACCESS_CODE: '12345', DATA_DIR: dataDir() })).toThrowError(ConfigError);
  });

  test('every bad value names its variable', () => {
    const bad: Record<string, string> = {
      PORT: 'abc',
      PUBLIC_URL: 'ftp://example.org',
      DATABASE_URL: 'mysql://x',
      ACCESS_CODES: 'ABCDE,TOO-LONG',
      SMTP_URL: 'http://mail',
      TEAM_NOTIFY_EMAIL: 'no-at-sign',
      AUTH_SECRET: 'short',
      SANITY_PROJECT_ID: 'Not Valid',
      TRUST_PROXY: 'maybe',
      SIGNUP_RATE_LIMIT: '-1',
      AUTH_RATE_LIMIT: '1.5',
      NODE_ENV: 'staging',
    };
    for (const [name, value] of Object.entries(bad)) {
      expect(() => resolveConfig({ [name]: value, DATA_DIR: dataDir() }), name).toThrowError(new RegExp(`${name}:`));
    }
  });

  test('TRUST_PROXY counts the proxies in front: true is one, a number is that many, false none', () => {
    const hops = (value: string) => resolveConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect([hops('true'), hops('TRUE'), hops('yes'), hops('1')]).toEqual([1, 1, 1, 1]);
    expect([hops('2'), hops('0'), hops('false'), hops('no'), hops('')]).toEqual([2, 0, 0, 0, 0]);
    expect(() => hops('-1')).toThrowError(/TRUST_PROXY:/);
  });

  test('the draft preview needs its token, the Studio URL and a Sanity project together', () => {
    const base = { DATA_DIR: dataDir(), SANITY_PROJECT_ID: 'abc123' };
    expect(() => resolveConfig({ ...base, SANITY_STUDIO_URL: 'https://studio.example.org' })).toThrowError(
      /SANITY_API_READ_TOKEN: the draft preview needs it/,
    );
    expect(() => resolveConfig({ ...base, SANITY_API_READ_TOKEN: 'sk-viewer' })).toThrowError(
      /SANITY_STUDIO_URL: the draft preview needs it/,
    );
    expect(() =>
      resolveConfig({ DATA_DIR: dataDir(), SANITY_API_READ_TOKEN: 'sk', SANITY_STUDIO_URL: 'https://s.example.org' }),
    ).toThrowError(/SANITY_PROJECT_ID: the draft preview/);
    expect(() => resolveConfig({ ...base, SANITY_API_READ_TOKEN: 'sk', SANITY_STUDIO_URL: 'studio' })).toThrowError(
      /SANITY_STUDIO_URL:/,
    );
    expect(resolveConfig(base).sanity.preview).toBeUndefined();
    const on = resolveConfig({
      ...base,
      SANITY_API_READ_TOKEN: 'sk-viewer',
      SANITY_STUDIO_URL: 'https://example.org/studio/',
    });
    expect(on.sanity.preview).toEqual({
      readToken: 'sk-viewer',
      studioUrl: 'https://example.org/studio',
      studioOrigin: 'https://example.org',
    });
  });

  test('ACCESS_CODES: each code must be 5 letters or digits, and the message names the variable', () => {
    for (const value of ['ABCD', 'ABCDEF', 'AB-DE', 'ÄBCDE', 'ABCDE,X']) {
      expect(() => resolveConfig({ ACCESS_CODES: value, DATA_DIR: dataDir() }), value).toThrowError(
        /ACCESS_CODES: each code must be 5 letters or digits/,
      );
    }
    expect(resolveConfig({ ACCESS_CODES: ' mento , ab2de ,', DATA_DIR: dataDir() }).accessCodes).toEqual([
      'MENTO',
      'AB2DE',
    ]);
  });

  test('production without ACCESS_CODES generates no code: nobody gets to the form', () => {
    const config = resolveConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      TEAM_ACCESS_CODE: '0815',
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(config.accessCodes).toEqual([]);
    expect(config.generated.accessCodes).toBe(false);
  });

  test('production refuses to start without TEAM_ACCESS_CODE and AUTH_SECRET', () => {
    expect(() => resolveConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrowError(
      /TEAM_ACCESS_CODE: required[\s\S]*AUTH_SECRET: required/,
    );
  });

  test('development generates the codes and the secret once and keeps them in DATA_DIR', () => {
    const dir = dataDir();
    const first = resolveConfig({ DATA_DIR: dir });
    expect(first.teamAccessCode).toMatch(/^\d{4}$/);
    expect(first.accessCodes).toHaveLength(1);
    expect(first.accessCodes[0]).toMatch(/^[A-Z0-9]{5}$/);
    // No look-alikes in a generated code: 0/O and 1/I are never used.
    expect(first.accessCodes[0]).toMatch(new RegExp(`^[${CODE_ALPHABET}]{5}$`));
    expect(CODE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.generated.firstRun).toBe(true);
    const second = resolveConfig({ DATA_DIR: dir });
    expect(second.teamAccessCode).toBe(first.teamAccessCode);
    expect(second.accessCodes).toEqual(first.accessCodes);
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.generated.firstRun).toBe(false);
  });

  test('without variables: port 3000 on 127.0.0.1, PGlite, local public URL', () => {
    const config = resolveConfig({ DATA_DIR: dataDir(), TEAM_ACCESS_CODE: '0815' });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.signupRateLimit).toBe(10);
    expect(config.authRateLimit).toBe(5);
    expect(config.trustProxy).toBe(0);
    expect(config.https).toBe(false);
    const prod = resolveConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      TEAM_ACCESS_CODE: '0815',
      AUTH_SECRET: 'x'.repeat(32),
      ACCESS_CODES: 'abcde, FGHIJ',
      PUBLIC_URL: 'https://example.org/',
    });
    expect(prod.host).toBe('0.0.0.0');
    expect(prod.accessCodes).toEqual(['ABCDE', 'FGHIJ']);
    expect(prod.publicUrl).toBe('https://example.org');
    expect(prod.https).toBe(true);
  });
});
