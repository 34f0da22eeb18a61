import { describe, expect, test } from 'vitest';
import { cleanUtm, notCounted } from './counting.server';

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('what is not counted', () => {
  const headers = (h: Record<string, string>) => new Headers({ 'user-agent': DESKTOP, ...h });
  test('an ordinary browser counts', () => expect(notCounted(headers({}))).toBe(false));
  test('bots, an empty user agent, prefetches, GPC and DNT do not', () => {
    expect(notCounted(headers({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))).toBe(true);
    expect(notCounted(headers({ 'user-agent': 'curl/8.5.0' }))).toBe(true);
    expect(notCounted(new Headers())).toBe(true);
    expect(notCounted(headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true);
    expect(notCounted(headers({ purpose: 'prefetch' }))).toBe(true);
    expect(notCounted(headers({ 'sec-gpc': '1' }))).toBe(true);
    expect(notCounted(headers({ dnt: '1' }))).toBe(true);
    expect(notCounted(headers({ dnt: '0' }))).toBe(false);
  });
});

describe('what is kept of a campaign', () => {
  test('utm values become plain words: no markup, formula or separator survives', () => {
    expect(cleanUtm('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(cleanUtm('=HYPERLINK("x")')).toBe('hyperlink-x');
    expect(cleanUtm('a|b;c')).toBe('a-b-c');
    expect(cleanUtm('   ')).toBe('');
  });
});
