import { describe, expect, test } from 'vitest';
import type { CommunityGroup } from '~/lib/content-types';
import { activePool, announceAt, clickCampaign, currentGroup, poolFull } from './pool.server';

const group = (key: string, capacity: number, extra: Partial<CommunityGroup> = {}): CommunityGroup => ({
  key,
  audience: 'reiter',
  name: key,
  inviteUrl: `https://chat.whatsapp.com/${key}`,
  capacity,
  active: true,
  ...extra,
});

describe('the pool', () => {
  const pool = [
    group('a', 2),
    group('off', 5, { active: false }),
    group('t', 5, { audience: 'trainer' }),
    group('b', 3),
  ];

  test("an audience's link may lead to its active groups, in the Studio's order", () => {
    expect(activePool(pool, 'reiter').map((g) => g.key)).toEqual(['a', 'b']);
    expect(activePool(pool, 'trainer').map((g) => g.key)).toEqual(['t']);
  });

  test('a group whose link is not a WhatsApp invitation is skipped; a link is sent in the URL form (ASCII)', () => {
    const written = [
      group('phish', 5, { inviteUrl: 'https://evil.example/phish' }),
      group('look-alike', 5, { inviteUrl: 'https://chat.whatsapp.com.evil.example/x' }),
      group('http', 5, { inviteUrl: 'http://chat.whatsapp.com/x' }),
      group('split', 5, { inviteUrl: 'https://chat.whatsapp.com/x\r\nSet-Cookie: a=1' }),
      group('tab', 5, { inviteUrl: 'https://chat.whatsapp.com/x\ty' }),
      group('c1', 5, { inviteUrl: 'https://chat.whatsapp.com/x\u0085' }),
      group('script', 5, { inviteUrl: 'javascript:alert(1)//https://chat.whatsapp.com/' }),
      group('euro', 5, { inviteUrl: 'https://chat.whatsapp.com/Grüße€ a' }),
    ];
    expect(activePool(written, 'reiter').map((g) => [g.key, g.inviteUrl])).toEqual([
      ['euro', 'https://chat.whatsapp.com/Gr%C3%BC%C3%9Fe%E2%82%AC%20a'],
    ]);
  });

  test('the current group is the first that has not reached its capacity', () => {
    const riders = activePool(pool, 'reiter');
    expect(currentGroup(riders, new Map())?.key).toBe('a');
    expect(currentGroup(riders, new Map([['a', 1]]))?.key).toBe('a');
    expect(currentGroup(riders, new Map([['a', 2]]))?.key).toBe('b');
    expect(poolFull(riders, new Map([['a', 2]]))).toBe(false);
  });

  test('when every group is full, the link still leads into the last one', () => {
    const counts = new Map([
      ['a', 2],
      ['b', 7],
    ]);
    expect(currentGroup(activePool(pool, 'reiter'), counts)?.key).toBe('b');
    expect(poolFull(activePool(pool, 'reiter'), counts)).toBe(true);
  });

  test('an empty pool leads nowhere and is not "full"', () => {
    expect(currentGroup([], new Map())).toBeUndefined();
    expect(poolFull([], new Map())).toBe(false);
  });
});

describe('the 90 % mark', () => {
  test.each([
    [1000, 900],
    [1024, 922],
    [70, 63],
    [10, 9],
    [3, 3],
    [2, 2],
    [1, 1],
  ])('a group of %i places is announced at %i counted clicks', (capacity, at) => {
    expect(announceAt(capacity)).toBe(at);
    expect(at / capacity).toBeGreaterThanOrEqual(0.9);
    expect((at - 1) / capacity).toBeLessThan(0.9);
  });
});

describe("a click's campaign", () => {
  test('the three utm values, cleaned like the beacon keeps them', () => {
    const params = new URLSearchParams('utm_source=Instagram&utm_medium=Story&utm_campaign=Frühjahr 2026!&x=1');
    expect(clickCampaign(params)).toBe('instagram|story|frühjahr-2026');
    expect(clickCampaign(new URLSearchParams('utm_source=qr'))).toBe('qr||');
  });

  test('no utm value, no campaign; odd or over-long values are cleaned and cut, never refused', () => {
    expect(clickCampaign(new URLSearchParams('ref=x'))).toBe('');
    expect(clickCampaign(new URLSearchParams('utm_source=%20%20'))).toBe('');
    expect(clickCampaign(new URLSearchParams('utm_source==HYPERLINK("x")|a'))).toBe('hyperlink-x-a||');
    expect(clickCampaign(new URLSearchParams(`utm_campaign=${'x'.repeat(5000)}`))).toBe(`||${'x'.repeat(100)}`);
  });
});
