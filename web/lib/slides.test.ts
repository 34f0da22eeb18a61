import { describe, expect, test } from 'vitest';
import { autoplayRuns, sliderBreakpoints, slidesPerView } from './slides';

describe('slides per width', () => {
  test.each([
    [320, 1],
    [375, 1],
    [767, 1],
    [768, 2],
    [800, 2],
    [1023, 2],
    [1024, 3],
    [1280, 3],
  ])('%d px shows %d', (width, n) => expect(slidesPerView(width)).toBe(n));

  test('keen-slider breakpoints follow the same rule', () => {
    expect(sliderBreakpoints(16)).toEqual({
      '(min-width: 768px)': { slides: { perView: 2, spacing: 16 } },
      '(min-width: 1024px)': { slides: { perView: 3, spacing: 16 } },
    });
  });
});

describe('autoplay', () => {
  const idle = { hovered: false, focused: false, reducedMotion: false };
  test('runs when nothing holds it', () => expect(autoplayRuns(idle)).toBe(true));
  test('pauses while hovered, focused, hidden, or with reduced motion', () => {
    expect(autoplayRuns({ ...idle, hovered: true })).toBe(false);
    expect(autoplayRuns({ ...idle, focused: true })).toBe(false);
    expect(autoplayRuns({ ...idle, reducedMotion: true })).toBe(false);
    expect(autoplayRuns({ ...idle, hidden: true })).toBe(false);
  });
});
