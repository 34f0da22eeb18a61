import { expect, test } from 'vitest';
import { formatDate, formatDateTime, formatPrice } from './format';

test('prices read the German way, with a non-breaking space before the euro sign', () => {
  expect(formatPrice(0)).toBe('0\u00a0€');
  expect(formatPrice(1290.5)).toBe('1.290,5\u00a0€');
});

test('prices match what Intl.NumberFormat de-DE (at most two decimals) writes', () => {
  const intl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
  for (const euros of [0, 7, 49, 97, 99.9, 129.99, 1000, 1290.5, 12345.678, 1234567, 0.004, 0.005, -19.5]) {
    expect(formatPrice(euros), String(euros)).toBe(`${intl.format(euros)}\u00a0€`);
  }
});

test('dates read the German way', () => {
  expect(formatDate('2025-06-21')).toBe('21.06.2025');
  expect(formatDate('2025-06-21T10:00:00Z')).toBe('21.06.2025');
  expect(formatDate('Oktober 2025')).toBe('Oktober 2025');
});

test('moments read the German way, in Berlin time (summer and winter)', () => {
  expect(formatDateTime('2026-11-20T13:02:00.000Z')).toBe('20.11.2026 um 14:02 Uhr');
  expect(formatDateTime('2026-06-30T22:30:00.000Z')).toBe('01.07.2026 um 00:30 Uhr');
  expect(formatDateTime('gestern')).toBe('gestern');
});
