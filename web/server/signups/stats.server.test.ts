import { describe, expect, test } from 'vitest';
import { signupPageQuery } from './queries.server';
import { isoWeek, weeklySeries } from './stats.server';

describe('ISO weeks', () => {
  test('the week belongs to the year of its Thursday', () => {
    expect(isoWeek('2025-12-29')).toBe('2026-W01'); // Monday; its Thursday is 1 January 2026
    expect(isoWeek('2026-01-04')).toBe('2026-W01'); // Sunday of the same week
    expect(isoWeek('2026-01-05')).toBe('2026-W02');
    expect(isoWeek('2021-01-03')).toBe('2020-W53'); // 2020 had 53 weeks
    expect(isoWeek('2026-12-31')).toBe('2026-W53');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2026-06-15')).toBe('2026-W25');
  });
});

describe('weekly series for the chart', () => {
  test('empty without signups', () => {
    expect(weeklySeries([])).toEqual([]);
  });

  test('gapless from the first to the last week, split by type, quiet weeks as zero', () => {
    expect(
      weeklySeries([
        { start: '2026-01-12', userType: 'trainer', count: 1 },
        { start: '2025-12-29', userType: 'reiter', count: 3 },
        { start: '2025-12-29', userType: 'trainer', count: 2 },
        { start: '2026-01-12', userType: 'reiter', count: 4 },
      ]),
    ).toEqual([
      { week: '2026-W01', start: '2025-12-29', reiter: 3, trainer: 2 },
      { week: '2026-W02', start: '2026-01-05', reiter: 0, trainer: 0 },
      { week: '2026-W03', start: '2026-01-12', reiter: 4, trainer: 1 },
    ]);
  });

  test('across the change to summer time the weeks stay Mondays', () => {
    const weeks = weeklySeries([
      { start: '2026-03-23', userType: 'reiter', count: 1 },
      { start: '2026-04-06', userType: 'reiter', count: 1 },
    ]);
    expect(weeks.map((w) => w.start)).toEqual(['2026-03-23', '2026-03-30', '2026-04-06']);
  });
});

describe('paging query', () => {
  test('without limit the whole list; limit 1–500, offset from 0', () => {
    expect(signupPageQuery.parse({})).toEqual({ offset: 0 });
    expect(signupPageQuery.parse({ limit: '50', offset: '100' })).toEqual({ limit: 50, offset: 100 });
    for (const bad of [{ limit: '0' }, { limit: '501' }, { limit: 'x' }, { offset: '-1' }, { limit: '1.5' }]) {
      expect(signupPageQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
