// The programme showcase in code, no DOM: the component measures, these decide.
import { clamp } from './clamp';

export const STEPS = 5;
/** The line the section is measured against, as a fraction of the viewport height. */
const VIEWPORT_LINE = 0.8;
export const MIN_OPACITY = 0.2;
/**
 * Floor for the step titles: readable text must keep a 3:1 contrast (WCAG AA, large text), which
 * forest green on off-white keeps down to an opacity of 0.6. The decorative numerals use 0.2.
 */
export const TITLE_MIN_OPACITY = 0.6;
/** Transition of the progress line's height, in seconds. */
export const LINE_TRANSITION_S = 0.1;

/**
 * Progress 0–1 of a section whose top edge is `top` px from the viewport top and which is
 * `height` px tall: 0 while its top is below the line at `line` × viewport height, 1 once its
 * bottom has passed that line.
 */
export function showcaseProgress(top: number, height: number, viewport: number, line = VIEWPORT_LINE): number {
  if (height <= 0) return top <= viewport * line ? 1 : 0;
  return clamp((viewport * line - top) / height, 0, 1);
}

/** The active step: floor(progress × 5), clamped 0–4. */
export const activeStep = (progress: number) => clamp(Math.floor(progress * STEPS), 0, STEPS - 1);

/** Steps up to and including the active one are marked active. */
export const isStepActive = (step: number, progress: number) => step <= activeStep(progress);

/** Height of the vertical progress line in percent. */
export const lineHeightPercent = (progress: number) => clamp(progress, 0, 1) * 100;

/**
 * Opacity of a step's number and title: 1 for active steps, fading with the distance ahead of the
 * progress for the others, never below 0.2.
 */
export function stepOpacity(step: number, progress: number, floor = MIN_OPACITY): number {
  if (isStepActive(step, progress)) return 1;
  const distance = step + 0.5 - clamp(progress, 0, 1) * STEPS;
  return clamp(1 - distance * 0.4, Math.max(MIN_OPACITY, floor), 1);
}
