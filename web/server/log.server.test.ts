import { describe, expect, test } from 'vitest';
import { scrubPath, scrubText, serializeError, withoutCredentials } from './log.server';

describe('the path a log line shows', () => {
  test('keeps the pathname and the query keys, never the query values', () => {
    const shown = {
      '/': '/',
      '/agb': '/agb',
      '/newsletter/bestaetigen?token=abc.def': '/newsletter/bestaetigen?token',
      '/x?email=reiterin%40example.org&name=Ann&token=t0k&flag': '/x?email&name&token&flag',
      '/x?a=1&&b=2&': '/x?a&b',
    };
    for (const [path, scrubbed] of Object.entries(shown)) expect(scrubPath(path), path).toBe(scrubbed);
  });

  test('a query key that is no plain name is not shown either', () => {
    expect(scrubPath('/x?reiterin@example.org')).toBe('/x?…');
    expect(scrubPath('/x?ABC%20DEF=1')).toBe('/x?…');
  });

  test('hides path segments holding an e-mail address or a token', () => {
    expect(scrubPath('/reiterin@example.org')).toBe('/:email');
    expect(scrubPath('/a/reiterin%40example.org/b')).toBe('/a/:email/b');
    expect(scrubPath('/api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWx?callbackURL=/konto')).toBe(
      '/api/auth/reset-password/:token?callbackURL',
    );
    expect(scrubPath('/%E0%A4%A')).toBe('/:undecodable');
  });

  test('keeps what names a resource: ids, hashed asset names, prerendered data files', () => {
    const id = '0b7a2c1e-52f4-4c8e-9a3e-0c2f6f1d2e3a';
    expect(scrubPath(`/api/applications/${id}/history`)).toBe(`/api/applications/${id}/history`);
    expect(scrubPath('/assets/entry.client-B1xYz2_a.js')).toBe('/assets/entry.client-B1xYz2_a.js');
    expect(scrubPath('/images/2f1e0c9b8a7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f-1200.avif')).toBe(
      '/images/2f1e0c9b8a7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f-1200.avif',
    );
    expect(scrubPath('/agb.data')).toBe('/agb.data');
  });

  test('is at most 200 characters', () => {
    expect(scrubPath(`/${'a/'.repeat(300)}`)).toHaveLength(201);
  });
});

describe('scrubbing texts and errors', () => {
  test('e-mail addresses become [email]; package paths in stacks stay', () => {
    expect(scrubText('Mail to Reiterin.Ann+x@mail.example.org failed')).toBe('Mail to [email] failed');
    expect(scrubText('<a@b.de>, "c@d.com"')).toBe('<[email]>, "[email]"');
    const frame = 'at file:///app/node_modules/@react-router/express/dist/index.js:12:3';
    expect(scrubText(frame)).toBe(frame);
  });

  test('an error keeps type, message, stack, code and cause, and drops its other properties', () => {
    const cause = new Error('socket closed');
    const error = Object.assign(new Error('duplicate key for ann@example.org', { cause }), {
      code: '23505',
      detail: 'Key (email)=(ann@example.org) already exists.',
    });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'duplicate key for [email]',
      code: '23505',
      cause: { message: 'socket closed' },
    });
    expect(serialized.stack).toContain('duplicate key for [email]');
    expect(JSON.stringify(serialized)).not.toContain('ann@example.org');
    expect(serialized).not.toHaveProperty('detail');
    expect(serializeError('plain')).toEqual({ message: 'plain' });
  });
});

test('a header object never shows its cookies or credentials', () => {
  expect(withoutCredentials({ Cookie: 'a=b', authorization: 'Bearer x', accept: 'text/html' })).toEqual({
    Cookie: '[redacted]',
    authorization: '[redacted]',
    accept: 'text/html',
  });
});
