import { describe, expect, test } from 'vitest';
import { chartSummary, newsletterState, pageCount, pageRequest, weeklyPoints, type TeamSignup } from './signups-view';
import { seriesData } from './chart-points';

const signup = (over: Partial<TeamSignup> = {}): TeamSignup => ({
  id: 's',
  userType: 'reiter',
  name: 'Anna',
  email: 'anna@example.org',
  newsletterOptIn: true,
  newsletterConfirmedAt: null,
  newsletterUnsubscribedAt: null,
  createdAt: '2026-11-20T10:00:00Z',
  ...over,
});

describe('paging', () => {
  test('page n asks for the n-th slice', () => {
    expect(pageRequest(1)).toEqual({ limit: 25, offset: 0 });
    expect(pageRequest(3, 10)).toEqual({ limit: 10, offset: 20 });
    expect(pageRequest(0)).toEqual({ limit: 25, offset: 0 });
  });

  test('the number of pages is at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });
});

test('the newsletter column tells opt-in, confirmation, unsubscription and an undeliverable address apart', () => {
  expect(newsletterState(signup({ newsletterOptIn: false }))).toBe('No');
  expect(newsletterState(signup())).toBe('Not confirmed');
  expect(newsletterState(signup({ newsletterConfirmedAt: '2026-11-20T11:00:00Z' }))).toBe('Confirmed');
  expect(
    newsletterState(
      signup({ newsletterConfirmedAt: '2026-11-20T11:00:00Z', newsletterUnsubscribedAt: '2026-11-21T11:00:00Z' }),
    ),
  ).toBe('Unsubscribed');
  expect(
    newsletterState(
      signup({ newsletterConfirmedAt: '2026-11-20T11:00:00Z', newsletterUndeliverableAt: '2026-11-21T11:00:00Z' }),
    ),
  ).toBe('Undeliverable');
});

describe('the weekly chart', () => {
  const weeks = [
    { week: '2026-W46', start: '2026-11-09', reiter: 3, trainer: 1 },
    { week: '2026-W47', start: '2026-11-16', reiter: 0, trainer: 0 },
    { week: '2026-W48', start: '2026-11-23', reiter: 2, trainer: 4 },
  ];

  test('one x per week, one series per type', () => {
    expect(seriesData(weeklyPoints(weeks))).toEqual([
      [0, 1, 2],
      [3, 0, 2],
      [1, 0, 4],
    ]);
    expect(weeklyPoints(weeks)[0]).toEqual({ axis: '2026-W46', row: '2026-W46', a: 3, b: 1 });
    expect(seriesData(weeklyPoints([]))).toEqual([[], [], []]);
  });

  test('its text summary', () => {
    expect(chartSummary(weeks)).toBe('Signups per week from 2026-W46 to 2026-W48: 5 riders and 5 trainers in all.');
    expect(chartSummary(weeks.slice(0, 1))).toBe('Signups per week in 2026-W46: 3 riders and 1 trainer in all.');
    expect(chartSummary([])).toBe('No signups yet.');
  });
});
