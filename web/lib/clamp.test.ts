import { describe, expect, test } from 'vitest';
import { clamp } from './clamp';

describe('clamp', () => {
  test('keeps values inside the range', () => expect(clamp(7, 0, 10)).toBe(7));
  test('limits values below and above', () => {
    expect(clamp(-3, 0, 10)).toBe(0);
    expect(clamp(11, 0, 10)).toBe(10);
  });
  test('NaN becomes the lower bound', () => expect(clamp(Number.NaN, 15, 45)).toBe(15));
});
