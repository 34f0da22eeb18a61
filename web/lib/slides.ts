// Sliders (media references, learning): how many slides show at a width, and the autoplay rhythm.

export const AUTOPLAY_MS = 4000;
const TABLET_BREAKPOINT_PX = 1024;
const MOBILE_BREAKPOINT_PX = 768;

/** 3 slides from 1024 px, 2 from 768 px, 1 below. */
export function slidesPerView(width: number): 1 | 2 | 3 {
  if (width >= TABLET_BREAKPOINT_PX) return 3;
  if (width >= MOBILE_BREAKPOINT_PX) return 2;
  return 1;
}

/** keen-slider's breakpoints option for the same rule (media queries, mobile first). */
export function sliderBreakpoints(spacing: number) {
  return {
    [`(min-width: ${MOBILE_BREAKPOINT_PX}px)`]: { slides: { perView: slidesPerView(MOBILE_BREAKPOINT_PX), spacing } },
    [`(min-width: ${TABLET_BREAKPOINT_PX}px)`]: { slides: { perView: slidesPerView(TABLET_BREAKPOINT_PX), spacing } },
  };
}

/** Autoplay runs unless the slider is hovered or focused or the visitor prefers reduced motion. */
export const autoplayRuns = (s: { hovered: boolean; focused: boolean; reducedMotion: boolean; hidden?: boolean }) =>
  !s.hovered && !s.focused && !s.reducedMotion && !s.hidden;
