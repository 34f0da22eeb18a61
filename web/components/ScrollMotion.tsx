// Scroll-in animations and the decorative rotation, with gsap and ScrollTrigger loaded on the
// visitor's first scroll (or key press, or touch) and only when they have not asked for reduced
// motion. Content is visible in the HTML; only groups still below the fold are faded out (opacity
// only: they stay in the accessibility tree) just before they animate in. Sections mark a group
// whose children fade in one after another with data-reveal, the element that turns with the
// scroll (15–45°) with data-rotate.
import { useEffect } from 'react';
import { REVEAL_MARGIN_PX, REVEAL_STAGGER_S, rotationFor } from '~/lib/motion';
import { prefersReducedMotion } from './motion-preference';

export function ScrollMotion() {
  useEffect(() => {
    if (prefersReducedMotion()) return;
    let revert: (() => void) | undefined;
    let cancelled = false;
    const start = async () => {
      const [{ gsap }, { ScrollTrigger }] = await Promise.all([import('gsap'), import('gsap/ScrollTrigger')]);
      if (cancelled) return;
      gsap.registerPlugin(ScrollTrigger);
      const context = gsap.context(() => {
        for (const group of document.querySelectorAll<HTMLElement>('[data-reveal]')) {
          // Already on screen: leave it alone (no flash, no layout work for the first view).
          if (group.getBoundingClientRect().top < window.innerHeight - REVEAL_MARGIN_PX) continue;
          gsap.from(group.children, {
            opacity: 0,
            y: 24,
            duration: 0.7,
            ease: 'power2.out',
            stagger: REVEAL_STAGGER_S,
            scrollTrigger: { trigger: group, start: `top bottom-=${REVEAL_MARGIN_PX}`, once: true },
          });
        }
        for (const element of document.querySelectorAll<HTMLElement>('[data-rotate]')) {
          ScrollTrigger.create({
            start: 0,
            end: 'max',
            onUpdate: (self) => gsap.set(element, { rotation: rotationFor(self.progress * 4) }),
          });
        }
      });
      document.documentElement.dataset.motion = 'on';
      revert = () => context.revert();
    };
    const events = ['scroll', 'wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const onFirstInteraction = () => {
      for (const type of events) window.removeEventListener(type, onFirstInteraction);
      void start();
    };
    for (const type of events) window.addEventListener(type, onFirstInteraction, { passive: true });
    // Opened further down the page (reload, anchor): start right away.
    if (window.scrollY > 0) onFirstInteraction();
    return () => {
      cancelled = true;
      for (const type of events) window.removeEventListener(type, onFirstInteraction);
      revert?.();
      delete document.documentElement.dataset.motion;
    };
  }, []);
  return null;
}
