// Motion constants (scroll-in margin and stagger, rotation range) and the decorative rotation that
// follows the scroll.
import { clamp } from './clamp';

/** Scroll-in animations start when an element comes within 200 px of the viewport's bottom edge. */
export const REVEAL_MARGIN_PX = 200;
/** Children of a revealed group follow each other by 50 ms. */
export const REVEAL_STAGGER_S = 0.05;
export const revealDelay = (index: number) => Math.max(0, index) * REVEAL_STAGGER_S;

const MIN_ROTATION_DEG = 15;
const MAX_ROTATION_DEG = 45;

/**
 * The decorative rotation for a scroll progress (0 at the top of the page, 1 at the end of the
 * range): from 15° to 45°, clamped.
 */
export const rotationFor = (progress: number) =>
  clamp(MIN_ROTATION_DEG + progress * (MAX_ROTATION_DEG - MIN_ROTATION_DEG), MIN_ROTATION_DEG, MAX_ROTATION_DEG);
