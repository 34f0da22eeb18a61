import { expect, test } from 'vitest';
import { formatPrice } from './format';

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
