import { describe, expect, test } from 'vitest';
import { addDays } from '~/lib/insights';
import {
  berlinDay,
  berlinDayStart,
  cleanUtm,
  deviceClass,
  notCounted,
  parseBeacon,
  referrerGroup,
  reportRange,
} from './classify.server';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1';

describe('referrers are reduced to a group', () => {
  test.each([
    ['https://www.instagram.com/', 'instagram'],
    ['https://l.instagram.com/?u=https%3A%2F%2Fexample.org', 'instagram'],
    ['android-app://com.instagram.android/', 'instagram'],
    ['https://www.google.de/', 'google'],
    ['https://www.google.co.uk/search?q=x', 'google'],
    ['https://google.com/', 'google'],
    ['android-app://com.google.android.googlequicksearchbox/', 'google'],
    ['https://googleusercontent.com.evil.example/', 'other'],
    ['https://notgoogle.de/', 'other'],
    ['https://www.facebook.com/', 'other'],
    ['', 'direct'],
    [undefined, 'direct'],
    ['not a url', 'direct'],
    ['javascript:alert(1)', 'direct'],
  ])('%s → %s', (referrer, group) => {
    expect(referrerGroup(referrer, 'example.org')).toBe(group);
  });

  test('a visit from our own pages is direct', () => {
    expect(referrerGroup('https://www.bewegung.example/agb', 'bewegung.example')).toBe('direct');
    expect(referrerGroup('http://127.0.0.1:3000/', '127.0.0.1:3000')).toBe('direct');
  });
});

describe('device class', () => {
  test('phones are phones; desktops and tablets are desktop', () => {
    expect(deviceClass(PHONE)).toBe('phone');
    expect(deviceClass(IPHONE)).toBe('phone');
    expect(deviceClass(DESKTOP)).toBe('desktop');
    expect(deviceClass(IPAD)).toBe('desktop');
  });
});

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

describe('validation', () => {
  test('a page view with utm values and a referrer', () => {
    const beacon = parseBeacon(
      JSON.stringify({
        name: 'pageview',
        path: '/',
        referrer: 'https://l.instagram.com/x',
        utm_source: 'Instagram',
        utm_medium: 'story',
        utm_campaign: 'Frühjahr 2026!',
      }),
    );
    expect(beacon).toEqual({
      name: 'pageview',
      path: '/',
      referrer: 'instagram',
      campaign: 'instagram|story|frühjahr-2026',
    });
  });

  test.each([
    ['not json', 'nope'],
    ['an array', '[]'],
    ['null', 'null'],
    ['an unknown event', JSON.stringify({ name: 'purchase', path: '/' })],
    ['an unknown path', JSON.stringify({ name: 'pageview', path: '/wp-admin' })],
    ['a path with a query', JSON.stringify({ name: 'pageview', path: '/?x=1' })],
    ['an over-long utm value', JSON.stringify({ name: 'pageview', path: '/', utm_source: 'x'.repeat(101) })],
    [
      'an over-long referrer',
      JSON.stringify({ name: 'pageview', path: '/', referrer: `https://a.de/${'x'.repeat(1020)}` }),
    ],
    ['a number for a string', JSON.stringify({ name: 'pageview', path: '/', utm_source: 5 })],
  ])('%s is refused', (_what, body) => {
    expect(parseBeacon(body)).toBeNull();
  });

  test('utm values become plain words: no markup, formula or separator survives', () => {
    expect(cleanUtm('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(cleanUtm('=HYPERLINK("x")')).toBe('hyperlink-x');
    expect(cleanUtm('a|b;c')).toBe('a-b-c');
    expect(cleanUtm('   ')).toBe('');
  });
});

describe('days are Europe/Berlin days', () => {
  test('midnight in Berlin, not in UTC, starts a day', () => {
    expect(berlinDay(new Date('2026-11-23T22:59:59Z'))).toBe('2026-11-23');
    expect(berlinDay(new Date('2026-11-23T23:00:00Z'))).toBe('2026-11-24');
    // Summer time: UTC+2.
    expect(berlinDay(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(berlinDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  test('a day starts at Berlin midnight, also on the days the clocks change', () => {
    expect(berlinDayStart('2026-11-24').toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(berlinDayStart('2026-07-02').toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(berlinDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(berlinDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(berlinDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(berlinDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  test('the default range is the last 30 Berlin days; bad ranges are refused', () => {
    const now = new Date('2026-11-23T23:30:00Z');
    expect(reportRange({}, now)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(reportRange({ from: '2026-11-01', to: '2026-11-07' }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-07',
    });
    expect(reportRange({ from: '2026-11-08', to: '2026-11-07' }, now)).toBeNull();
    expect(reportRange({ from: '2026-02-30', to: '2026-03-07' }, now)).toBeNull();
    expect(reportRange({ from: '2025-01-01', to: '2026-11-07' }, now)).toBeNull();
    expect(reportRange({ from: 'x', to: '2026-11-07' }, now)).toBeNull();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
