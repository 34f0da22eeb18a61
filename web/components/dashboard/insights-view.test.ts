import { describe, expect, test } from 'vitest';
import { changeText, funnelSteps, insightsRange, percent, todayInBerlin } from './insights-view';
import { DEFAULT_QUERY } from './view-state';

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

  test('each funnel step converts from the one before, signups per user type', () => {
    const { community, applying } = funnelSteps({
      landingViews: 100,
      popupOpens: 20,
      signups: { reiter: 5, trainer: 5 },
      groupClicks: 8,
      accessViews: 10,
      codesAccepted: 4,
      applications: 2,
    });
    expect(community.map((s) => s.conversion)).toEqual([undefined, '20,0 %', '25,0 %', '25,0 %', '50,0 %', '80,0 %']);
    expect(applying.map((s) => s.conversion)).toEqual([undefined, '40,0 %', '50,0 %']);
  });
});
