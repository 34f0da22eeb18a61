import { expect, test } from 'vitest';
import { formatDate, formatPrice } from './ui-labels';

test('prices read the German way, with a non-breaking space before the euro sign', () => {
  expect(formatPrice(0)).toBe('0\u00a0€');
  expect(formatPrice(1290.5)).toBe('1.290,5\u00a0€');
});

test('dates read the German way', () => {
  expect(formatDate('2025-06-21')).toBe('21.06.2025');
  expect(formatDate('2025-06-21T10:00:00Z')).toBe('21.06.2025');
  expect(formatDate('Oktober 2025')).toBe('Oktober 2025');
});
