import { describe, expect, test } from 'vitest';
import {
  addDays,
  berlinDay,
  berlinDayStart,
  daysBetween,
  formatDate,
  formatDateAtTime,
  formatDateTime,
  formatLongDate,
  formatTime,
} from './berlin-time';

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

  test('the 23-hour day of spring and the 25-hour day of autumn hold every instant of theirs', () => {
    // Asked in order, so the remembered day's bounds must be the short and the long day's own.
    expect(berlinDay(Date.parse('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(berlinDay(Date.parse('2026-03-29T00:59:59Z'))).toBe('2026-03-29');
    expect(berlinDay(Date.parse('2026-03-29T01:00:00Z'))).toBe('2026-03-29');
    expect(berlinDay(Date.parse('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(berlinDay(Date.parse('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(berlinDay(Date.parse('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(berlinDay(Date.parse('2026-10-25T00:59:59Z'))).toBe('2026-10-25');
    expect(berlinDay(Date.parse('2026-10-25T01:00:00Z'))).toBe('2026-10-25');
    expect(berlinDay(Date.parse('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(berlinDay(Date.parse('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    // And back again: an earlier instant is not read as the remembered day.
    expect(berlinDay(Date.parse('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
  });

  test('the clock jumps from 02:00 to 03:00 in spring and from 03:00 back to 02:00 in autumn', () => {
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('01:59');
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('03:00');
    expect(formatTime('2026-10-25T00:59:00Z')).toBe('02:59');
    expect(formatTime('2026-10-25T01:00:00Z')).toBe('02:00');
  });

  test('days are counted as calendar days, whatever their length', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(3);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(3);
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(1);
  });
});

describe('dates and times the German way', () => {
  // Formerly web/lib/format.ts: the pages that show dates (landing page, /konto).
  test('dates read the German way (a text that is no date stays as it is)', () => {
    const shown = { '2025-06-21': '21.06.2025', '2025-06-21T10:00:00Z': '21.06.2025', 'Oktober 2025': 'Oktober 2025' };
    for (const [date, german] of Object.entries(shown)) expect(formatDate(date), date).toBe(german);
  });

  test('moments read the German way, in Berlin time (summer and winter)', () => {
    expect(formatDateAtTime('2026-11-20T13:02:00.000Z')).toBe('20.11.2026 um 14:02 Uhr');
    expect(formatDateAtTime('2026-06-30T22:30:00.000Z')).toBe('01.07.2026 um 00:30 Uhr');
    expect(formatDateAtTime('gestern')).toBe('gestern');
  });

  // Formerly the dashboard's own pair in web/components/dashboard/view-state.ts.
  test('German format in Berlin time, so a late-evening application shows its German date', () => {
    expect(formatDate('2026-11-22T10:00:00.000Z')).toBe('22.11.2026');
    expect(formatDate('2026-11-22T23:30:00.000Z')).toBe('23.11.2026');
    expect(formatDateTime('2026-07-01T12:05:00.000Z')).toBe('01.07.2026, 14:05');
  });

  test('missing or broken dates read as the caller says (the dashboard: N/A)', () => {
    for (const value of [null, undefined, '', 'gestern']) {
      expect(formatDate(value, 'N/A')).toBe('N/A');
      expect(formatDateTime(value, 'N/A')).toBe('N/A');
    }
  });

  test('an instant near midnight is shown on its Berlin day, not its UTC day', () => {
    expect(formatDate('2026-06-30T22:30:00Z')).toBe('01.07.2026');
    expect(formatDate(new Date('2026-12-31T23:00:00Z'))).toBe('01.01.2027');
    expect(formatLongDate('2025-10-13T22:30:00Z')).toBe('14. Oktober 2025');
  });

  test('the other shapes: a letter date, a time with seconds', () => {
    expect(formatLongDate('2025-03-04')).toBe('4. März 2025');
    expect(formatLongDate(new Date('2025-10-14T10:00:00Z'))).toBe('14. Oktober 2025');
    expect(formatTime(new Date('2026-11-22T13:05:03Z'), { seconds: true })).toBe('14:05:03');
    expect(formatTime(null, { otherwise: '' })).toBe('');
  });

  test('every month and hour matches what Intl de-DE writes in Berlin', () => {
    const intl = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const long = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    for (
      let ms = Date.parse('2026-01-01T00:00:00Z');
      ms < Date.parse('2027-01-01T00:00:00Z');
      ms += 7 * 3_600_000 + 60_000
    ) {
      const at = new Date(ms);
      expect(formatDateTime(at), at.toISOString()).toBe(intl.format(at));
      expect(formatLongDate(at), at.toISOString()).toBe(long.format(at));
    }
  });
});
