import { describe, expect, test } from 'vitest';
import { deviceClass, parseBeacon, referrerGroup, reportRange } from './classify.server';

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
});

describe('days are Europe/Berlin days', () => {
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
  });
});
