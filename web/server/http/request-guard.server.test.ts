import { describe, expect, test } from 'vitest';
import { refusalOf, validHost } from './request-guard.server';

describe('validHost', () => {
  test.each([
    'localhost',
    'localhost:3000',
    'www.example.org',
    'www.example.org.',
    'bewegung_app_1:3000',
    '127.0.0.1',
    '127.0.0.1:65535',
    '[::1]',
    '[2001:db8::1]:443',
  ])('%s is a host', (host) => expect(validHost(host)).toBe(true));

  test.each([
    'a:b:c',
    '[::1',
    '[::1]:x',
    '::1',
    'a b',
    '',
    ':80',
    'a:',
    'a:99999',
    'evil/x',
    'a@b',
    '[zz]',
    'x'.repeat(300),
  ])('%j is refused', (host) => expect(validHost(host)).toBe(false));
});

describe('refusalOf', () => {
  const request = (method: string, headers: Record<string, string> = { host: 'example.org' }) => ({ method, headers });

  test('TRACE, TRACK, CONNECT and unknown methods → 405 with Allow', () => {
    for (const method of ['TRACE', 'TRACK', 'CONNECT', 'PROPFIND', 'FOO']) {
      expect(refusalOf(request(method), 0)).toMatchObject({
        status: 405,
        headers: { Allow: expect.stringContaining('GET') },
      });
    }
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(refusalOf(request(method), 0)).toBeUndefined();
    }
  });

  test('a malformed Host → 400; X-Forwarded-Host only counts behind a trusted proxy', () => {
    expect(refusalOf(request('GET', { host: 'a:b:c' }), 0)).toMatchObject({ status: 400 });
    expect(refusalOf(request('GET', { host: '[::1' }), 0)).toMatchObject({ status: 400 });
    expect(refusalOf(request('GET', {}), 0)).toBeUndefined();
    const forwarded = { host: 'app:3000', 'x-forwarded-host': '[::1' };
    expect(refusalOf(request('GET', forwarded), 0)).toBeUndefined();
    expect(refusalOf(request('GET', forwarded), 1)).toMatchObject({ status: 400 });
    expect(refusalOf(request('GET', { host: 'app', 'x-forwarded-host': 'www.example.org, a:b:c' }), 1)).toMatchObject({
      status: 400,
    });
  });
});
