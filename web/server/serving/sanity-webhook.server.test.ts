// The Sanity webhook signature, checked against the published examples of Sanity's own toolkit.
import { describe, expect, test } from 'vitest';
import { SIGNATURE_TOLERANCE_MS, signSanityWebhook, verifySanityWebhook } from './sanity-webhook.server';

describe('Sanity webhook signature', () => {
  const valid = 't=1633519811129,v1=tLa470fx7qkLLEcMOcEUFuBbRSkGujyskxrNXcoh0N0';
  /** The moment that signature was made (Sanity's example is from 2021). */
  const signedAt = 1633519811129;
  const body = JSON.stringify({ _id: 'resume' });

  test('signs like Sanity (base64url HMAC-SHA256 of "<ms>.<body>")', () => {
    expect(signSanityWebhook(JSON.stringify({ title: 'GROQ-Hooks are neat' }), 'try-me', 1633518820676)).toBe(
      't=1633518820676,v1=e7C9h2sfbFfc4V7TEz7PSOp4IoNzl0UdVsBV-1wgdeA',
    );
  });

  test('accepts a valid signature, also with a space after the comma', () => {
    expect(verifySanityWebhook(body, valid, 'test', signedAt)).toBe(true);
    expect(verifySanityWebhook(body, valid.replace(',', ', '), 'test', signedAt + 1000)).toBe(true);
  });

  test('a signature older (or newer) than 5 minutes is refused: a captured call cannot be replayed', () => {
    expect(verifySanityWebhook(body, valid, 'test', signedAt + SIGNATURE_TOLERANCE_MS)).toBe(true);
    expect(verifySanityWebhook(body, valid, 'test', signedAt - SIGNATURE_TOLERANCE_MS)).toBe(true);
    expect(verifySanityWebhook(body, valid, 'test', signedAt + SIGNATURE_TOLERANCE_MS + 1)).toBe(false);
    expect(verifySanityWebhook(body, valid, 'test', signedAt - SIGNATURE_TOLERANCE_MS - 1)).toBe(false);
    expect(verifySanityWebhook(body, valid, 'test')).toBe(false);
    // A fresh signature of today's clock passes without a given time.
    expect(verifySanityWebhook(body, signSanityWebhook(body, 'test'), 'test')).toBe(true);
  });

  test.each([
    ['another timestamp', body, valid.replace('129,', '128,'), 'test'],
    ['another hash', body, valid.replace(/N0$/, 'N1'), 'test'],
    ['another body', JSON.stringify({ _id: 'structure' }), valid, 'test'],
    ['another secret', body, valid, 'wrong'],
    ['another version', body, valid.replace('v1=', 'v5='), 'test'],
    ['no header', body, undefined, 'test'],
    ['an empty body', '', valid, 'test'],
  ])('rejects %s', (_what, payload, header, secret) => {
    expect(verifySanityWebhook(payload, header, secret, signedAt)).toBe(false);
  });
});
