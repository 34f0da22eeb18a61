import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  changeText,
  funnelSteps,
  insightsRange,
  percent,
  shareOf,
  todayInBerlin,
  type FunnelStep,
} from './insights-view';
import { DEFAULT_QUERY } from './view-state';

/** The funnel's figures in its order; the signups as [riders, trainers]. */
const figures = (
  landingViews: number,
  popupOpens: number,
  [reiter, trainer]: [number, number],
  groupClicks: number,
  accessViews: number,
  codesAccepted: number,
  applications: number,
) => ({
  landingViews,
  popupOpens,
  signups: { reiter, trainer },
  groupClicks,
  accessViews,
  codesAccepted,
  applications,
});

describe('the insights view', () => {
  test('the last 30 days end today and include it', () => {
    expect(insightsRange({ ...DEFAULT_QUERY, range: '30' }, '2026-11-24')).toEqual({
      from: '2026-10-26',
      to: '2026-11-24',
    });
    expect(insightsRange({ ...DEFAULT_QUERY, range: '7' }, '2026-03-02')).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
    });
  });

  test('a custom range needs both dates in order', () => {
    const custom = { ...DEFAULT_QUERY, range: 'custom' as const };
    expect(insightsRange({ ...custom, from: '2026-11-01', to: '2026-11-10' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
    });
    expect(insightsRange({ ...custom, from: '2026-11-10', to: '2026-11-01' })).toBeNull();
    expect(insightsRange({ ...custom, from: '', to: '2026-11-01' })).toBeNull();
  });

  test('today is the Berlin day, not the UTC one', () => {
    expect(todayInBerlin(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
  });

  test('changes and conversions read the German way', () => {
    expect(changeText(150, 100)).toBe('+50 %');
    expect(changeText(50, 100)).toBe('−50 %');
    expect(changeText(5, 0)).toBeNull();
    expect(percent(1, 8)).toBe('12,5 %');
    expect(percent(1, 0)).toBe('–');
  });

  test('a share compares like with like: page counts with page counts, stored with stored', () => {
    const { community, applying } = funnelSteps(figures(100, 20, [5, 5], 8, 10, 4, 2));
    const shares = (steps: FunnelStep[]) => steps.map((s) => [s.key, s.counted, s.shareOf, s.share]);
    expect(shares(community)).toEqual([
      ['landingViews', 'page', undefined, undefined],
      ['popupOpens', 'page', 'landingViews', '20,0 %'],
      ['groupClicks', 'page', 'popupOpens', '40,0 %'],
      // Signups are stored, the popup opens counted on the page: no share between them.
      ['signups', 'stored', undefined, undefined],
      // Riders and trainers are parts of all signups, not one after the other.
      ['signupsReiter', 'stored', 'signups', '50,0 %'],
      ['signupsTrainer', 'stored', 'signups', '50,0 %'],
    ]);
    expect(community.filter((s) => s.part).map((s) => s.key)).toEqual(['signupsReiter', 'signupsTrainer']);
    // Accepted codes are every one, the /access views only those the page counted: no share.
    expect(shares(applying)).toEqual([
      ['accessViews', 'page', undefined, undefined],
      ['codesAccepted', 'stored', undefined, undefined],
      ['applications', 'stored', 'codesAccepted', '50,0 %'],
    ]);
  });

  test('the figures of the report that read 200 %, 250 % and 350 % no longer do', () => {
    // Popup opens and /access views counted on the page; signups and codes stored (more of them).
    const { community, applying } = funnelSteps(figures(40, 2, [4, 5], 3, 2, 7, 3));
    const all = [...community, ...applying].map((s) => s.share).filter(Boolean);
    expect(all).toEqual(['5,0 %', '–', '44,4 %', '55,6 %', '42,9 %']);
  });

  test('no share is ever above 100 %', () => {
    const count = fc.nat({ max: 5000 });
    fc.assert(
      fc.property(count, count, count, count, count, count, count, count, (a, b, c, d, e, f, g, h) => {
        const funnel = funnelSteps(figures(a, b, [c, d], e, f, g, h));
        for (const step of [...funnel.community, ...funnel.applying]) {
          if (!step.share || step.share === '–') continue;
          expect(Number(step.share.replace(' %', '').replace(',', '.'))).toBeLessThanOrEqual(100);
        }
      }),
    );
    expect(shareOf(3, 2)).toBe('–');
    expect(shareOf(2, 2)).toBe('100,0 %');
    expect(shareOf(0, 0)).toBe('–');
  });
});
