import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { revealDelay, rotationFor } from './motion';

describe('decorative rotation', () => {
  test('runs from 15° to 45° with the scroll progress', () => {
    expect(rotationFor(0)).toBe(15);
    expect(rotationFor(0.5)).toBe(30);
    expect(rotationFor(1)).toBe(45);
  });
  test('is clamped to 15–45° whatever the scroll', () => {
    expect(rotationFor(-3)).toBe(15);
    expect(rotationFor(9)).toBe(45);
    fc.assert(fc.property(fc.double({ noNaN: false }), (p) => rotationFor(p) >= 15 && rotationFor(p) <= 45));
  });
});

describe('scroll-in stagger', () => {
  test('50 ms per child', () => {
    expect(revealDelay(0)).toBe(0);
    expect(revealDelay(3)).toBeCloseTo(0.15);
  });
});
