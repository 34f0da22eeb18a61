import { expect, test } from 'vitest';
import { qrPath } from './qr-path';

test('every dark module is one unit square at its column and row; light ones draw nothing', () => {
  expect(
    qrPath([
      [true, false],
      [false, true],
    ]),
  ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
  expect(qrPath([[false]])).toBe('');
});
