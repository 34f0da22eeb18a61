// The before/after comparison: a divider position in percent and the text it shows.
import { clamp } from './clamp';

export const START_POSITION = 50;
const KEY_STEP = 1;
const PAGE_STEP = 10;

export const clampPosition = (position: number) => clamp(position, 0, 100);

/** At 50 or less the text shows the "after" description, above 50 the "before" description. */
export const descriptionSide = (position: number): 'before' | 'after' => (position <= 50 ? 'after' : 'before');

/** Divider position from a pointer's x within an element spanning `left` to `left + width`. */
export const positionFromPointer = (x: number, left: number, width: number) =>
  width > 0 ? clampPosition(((x - left) / width) * 100) : START_POSITION;

/** The new position after a key press on the divider (role="slider"), or undefined if not handled. */
export function positionAfterKey(position: number, key: string): number | undefined {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampPosition(position - KEY_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampPosition(position + KEY_STEP);
    case 'PageDown':
      return clampPosition(position - PAGE_STEP);
    case 'PageUp':
      return clampPosition(position + PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return undefined;
  }
}
