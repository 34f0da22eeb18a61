import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  activeStep,
  isStepActive,
  lineHeightPercent,
  MIN_OPACITY,
  showcaseProgress,
  stepOpacity,
  STEPS,
  TITLE_MIN_OPACITY,
} from './showcase';

/** A viewport 1,000 px high: the line at 80 % of it is 800 px from its top. */
const VIEWPORT = 1000;

describe('showcase progress against the line at 80 % of the viewport', () => {
  test('is 0 while the section top is below the line', () => {
    expect(showcaseProgress(900, 2000, VIEWPORT)).toBe(0);
    expect(showcaseProgress(800, 2000, VIEWPORT)).toBe(0);
  });
  test('grows as the section passes the line', () => {
    expect(showcaseProgress(300, 1000, VIEWPORT)).toBeCloseTo(0.5);
    expect(showcaseProgress(-200, 1000, VIEWPORT)).toBeCloseTo(1);
  });
  test('is 1 once the bottom has passed the line, and never leaves 0–1', () => {
    expect(showcaseProgress(-5000, 1000, VIEWPORT)).toBe(1);
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.double({ min: 1, max: 1e5, noNaN: true }),
        fc.double({ min: 1, max: 1e4, noNaN: true }),
        (top, height, vh) => {
          const p = showcaseProgress(top, height, vh);
          return p >= 0 && p <= 1;
        },
      ),
    );
  });
  test('a zero-height section is either not reached or done', () => {
    expect(showcaseProgress(900, 0, VIEWPORT)).toBe(0);
    expect(showcaseProgress(100, 0, VIEWPORT)).toBe(1);
  });
});

describe('active step = floor(progress × 5) clamped to 0–4', () => {
  test.each([
    [0, 0],
    [0.19, 0],
    [0.2, 1],
    [0.39, 1],
    [0.4, 2],
    [0.6, 3],
    [0.79, 3],
    [0.8, 4],
    [0.99, 4],
    [1, 4],
    [-0.5, 0],
    [7, 4],
  ])('progress %d → step %d', (progress, step) => expect(activeStep(progress)).toBe(step));

  test('steps up to and including the active one are active', () => {
    expect([0, 1, 2, 3, 4].map((s) => isStepActive(s, 0.45))).toEqual([true, true, true, false, false]);
    expect([0, 1, 2, 3, 4].map((s) => isStepActive(s, 0))).toEqual([true, false, false, false, false]);
    expect([0, 1, 2, 3, 4].map((s) => isStepActive(s, 1))).toEqual([true, true, true, true, true]);
  });
});

describe('progress line and opacity', () => {
  test('the line height is the progress in percent', () => {
    expect(lineHeightPercent(0)).toBe(0);
    expect(lineHeightPercent(0.37)).toBeCloseTo(37);
    expect(lineHeightPercent(1)).toBe(100);
    expect(lineHeightPercent(2)).toBe(100);
  });
  test('titles keep a readable floor above the minimum', () => {
    expect(stepOpacity(4, 0, TITLE_MIN_OPACITY)).toBe(TITLE_MIN_OPACITY);
    expect(stepOpacity(4, 0, 0.1)).toBe(MIN_OPACITY);
  });
  test('active steps are fully opaque', () => expect(stepOpacity(2, 0.5)).toBe(1));
  test('steps ahead fade but never below 0.2', () => {
    expect(stepOpacity(4, 0)).toBe(MIN_OPACITY);
    expect(stepOpacity(1, 0.1)).toBeGreaterThan(stepOpacity(3, 0.1));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: STEPS - 1 }), fc.double({ min: -1, max: 2, noNaN: true }), (step, p) => {
        const o = stepOpacity(step, p);
        return o >= MIN_OPACITY && o <= 1;
      }),
    );
  });
});
