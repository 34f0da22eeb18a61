import { expect, test } from 'vitest';
import { beaconBody } from './insights-beacon';

test('a page view carries the path, the referrer and the utm values of its own URL', () => {
  expect(
    beaconBody('pageview', {
      pathname: '/',
      search: '?utm_source=instagram&utm_medium=story&utm_campaign=fruehjahr&fbclid=abc',
      referrer: 'https://l.instagram.com/',
    }),
  ).toEqual({
    name: 'pageview',
    path: '/',
    referrer: 'https://l.instagram.com/',
    utm_source: 'instagram',
    utm_medium: 'story',
    utm_campaign: 'fruehjahr',
  });
});

test('a funnel step carries only its name and path', () => {
  expect(beaconBody('popup_open', { pathname: '/', search: '?utm_source=x', referrer: 'https://a.de/' })).toEqual({
    name: 'popup_open',
    path: '/',
  });
});

test('pages that are not counted send nothing; long values are cut to what the server takes', () => {
  expect(beaconBody('pageview', { pathname: '/teamdashboard', search: '', referrer: '' })).toBeNull();
  expect(beaconBody('pageview', { pathname: '/agb/', search: '', referrer: '' })).toEqual({
    name: 'pageview',
    path: '/agb',
  });
  const body = beaconBody('pageview', { pathname: '/', search: `?utm_source=${'x'.repeat(300)}`, referrer: '' });
  expect(body?.utm_source).toHaveLength(100);
});
