// A slider over keen-slider, loaded only when the slider comes near the viewport. Without
// JavaScript (and until keen-slider arrives) the slides are a horizontal scroll-snap row with the
// same 1/2/3 slides per width, so every slide stays readable.
import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import type { KeenSliderInstance, KeenSliderPlugin } from 'keen-slider';
import { AUTOPLAY_MS, autoplayRuns, sliderBreakpoints } from '~/lib/slides';
import { LABELS } from '~/copy/landing';
import { REDUCED_MOTION_QUERY } from './motion-preference';
import './Slider.css';
import { StrokeIcon } from './StrokeIcon';

const SPACING_PX = 24;

/** Advances every 4000 ms unless `root` is hovered or focused, the page hidden, or motion reduced. */
function autoplay(root: HTMLElement, onState: (running: boolean) => void): KeenSliderPlugin {
  return (slider) => {
    const state = { hovered: false, focused: false, reducedMotion: false, hidden: false };
    const motion = window.matchMedia(REDUCED_MOTION_QUERY);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      state.reducedMotion = motion.matches;
      state.hidden = document.visibilityState === 'hidden';
      const running = autoplayRuns(state);
      onState(running);
      if (running) timer = setTimeout(() => slider.next(), AUTOPLAY_MS);
    };
    const set = (key: 'hovered' | 'focused', value: boolean) => () => {
      state[key] = value;
      schedule();
    };
    const listeners: [EventTarget, string, () => void][] = [];
    slider.on('created', () => {
      listeners.push(
        [root, 'mouseenter', set('hovered', true)],
        [root, 'mouseleave', set('hovered', false)],
        [root, 'focusin', set('focused', true)],
        [root, 'focusout', set('focused', false)],
        [document, 'visibilitychange', schedule],
        [motion, 'change', schedule],
      );
      for (const [target, type, fn] of listeners) target.addEventListener(type, fn);
      schedule();
    });
    slider.on('dragStarted', () => clearTimeout(timer));
    slider.on('animationEnded', schedule);
    slider.on('updated', schedule);
    slider.on('destroyed', () => {
      clearTimeout(timer);
      for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
    });
  };
}

export function Slider({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const root = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const instance = useRef<KeenSliderInstance | null>(null);
  const [live, setLive] = useState(false);
  const [running, setRunning] = useState(false);
  const [current, setCurrent] = useState(0);
  const slides = Children.toArray(children);

  useEffect(() => {
    const container = track.current;
    const rootElement = root.current;
    if (!container || !rootElement) return;
    let cancelled = false;
    const start = async () => {
      const { default: KeenSlider } = await import('keen-slider');
      if (cancelled) return;
      container.classList.add('keen-slider');
      instance.current = new KeenSlider(
        container,
        {
          loop: true,
          selector: '.keen-slider__slide',
          slides: { perView: 1, spacing: SPACING_PX },
          breakpoints: sliderBreakpoints(SPACING_PX),
          created: () => setLive(true),
          slideChanged: (s) => setCurrent(s.track.details.rel),
        },
        [autoplay(rootElement, setRunning)],
      );
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void start();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(rootElement);
    return () => {
      cancelled = true;
      observer.disconnect();
      instance.current?.destroy();
      instance.current = null;
      container.classList.remove('keen-slider');
    };
  }, []);

  const arrowButton = (direction: 'left' | 'right') => (
    <button
      type="button"
      className="slider__arrow"
      aria-label={direction === 'left' ? LABELS.previousSlide : LABELS.nextSlide}
      onClick={() => (direction === 'left' ? instance.current?.prev() : instance.current?.next())}
    >
      <Arrow direction={direction} />
    </button>
  );

  return (
    <div
      ref={root}
      className={`slider${live ? ' is-live' : ''}${className ? ` ${className}` : ''}`}
      role="region"
      aria-roledescription="Karussell"
      aria-label={label}
      data-autoplay={live ? (running ? 'running' : 'paused') : 'off'}
      data-current={current}
    >
      {/* Until keen-slider takes over (and without JavaScript) the row scrolls: focusable and
          named, so the keyboard can scroll it and a screen reader says what it is. A name needs a
          role to belong to: a plain div may not carry aria-label. */}
      <div
        ref={track}
        className="slider__track"
        role={live ? undefined : 'group'}
        tabIndex={live ? undefined : 0}
        aria-label={live ? undefined : `${label}: ${LABELS.scrollRow}`}
      >
        {slides.map((slide, i) => (
          <div
            key={i}
            className="slider__slide keen-slider__slide"
            role="group"
            aria-roledescription={LABELS.slide}
            aria-label={`${i + 1} ${LABELS.slideOf} ${slides.length}`}
          >
            {slide}
          </div>
        ))}
      </div>
      {live && (
        <div className="slider__controls">
          {arrowButton('left')}
          <span className="slider__count" aria-hidden="true">
            {current + 1} / {slides.length}
          </span>
          {arrowButton('right')}
        </div>
      )}
    </div>
  );
}

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return <StrokeIcon path={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />;
}
