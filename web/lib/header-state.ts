// The header's reaction to scrolling, as a pure step function: it slides away when the visitor
// reads on (down past 100 px) and comes back as soon as they scroll up, to reach the navigation.

const HIDE_AFTER_PX = 100;
const FLOATING_LOGO_AFTER_PX = 200;
const SCROLLED_AT_PX = 300;

export interface HeaderState {
  /** Slid out of view (scrolling down past 100 px); back on any upward scroll. */
  hidden: boolean;
  /** The compact "scrolled" style (from 300 px). */
  scrolled: boolean;
  /** The floating logo (after 200 px of downward scroll). */
  floatingLogo: boolean;
  /** The scroll position this state was computed for. */
  y: number;
}

export const initialHeaderState = (y = 0): HeaderState => ({
  hidden: false,
  scrolled: y >= SCROLLED_AT_PX,
  floatingLogo: y > FLOATING_LOGO_AFTER_PX,
  y,
});

/** The next header state when the page has scrolled from `previous.y` to `y`. */
export function nextHeaderState(previous: HeaderState, y: number): HeaderState {
  const top = Math.max(0, y);
  const down = top > previous.y;
  const up = top < previous.y;
  const hidden = top <= HIDE_AFTER_PX ? false : down ? true : up ? false : previous.hidden;
  const floatingLogo = top <= FLOATING_LOGO_AFTER_PX ? false : down ? true : previous.floatingLogo;
  return { hidden, scrolled: top >= SCROLLED_AT_PX, floatingLogo, y: top };
}

export const sameHeaderState = (a: HeaderState, b: HeaderState) =>
  a.hidden === b.hidden && a.scrolled === b.scrolled && a.floatingLogo === b.floatingLogo;
