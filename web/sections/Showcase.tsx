// The programme showcase: progress 0–1 against the line at 80 % of the viewport, the
// active step, the progress line and the step opacities all come from ~/lib/showcase. Each step's
// number and title follow the scroll; its duration and description are content the browser keeps as
// the server rendered it.
import { useEffect, useRef, useState } from 'react';
import { RichText } from '~/components/RichText';
import { Static } from '~/components/Static';
import type { Programme, SectionTexts } from '~/lib/content-types';
import type { LandingFrame } from '~/lib/landing-frame';
import { typeset } from '~/lib/typography';
import {
  activeStep,
  isStepActive,
  LINE_TRANSITION_S,
  lineHeightPercent,
  showcaseProgress,
  stepOpacity,
  TITLE_MIN_OPACITY,
} from '~/lib/showcase';
import { NAV } from '~/copy/landing';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './Showcase.css';

function useShowcaseProgress() {
  const list = useRef<HTMLOListElement>(null);
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      setProgress(showcaseProgress(rect.top, rect.height, window.innerHeight));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Follow the scroll only while the section is near the viewport (no layout work elsewhere).
    let listening = false;
    const listen = (on: boolean) => {
      if (on === listening) return;
      listening = on;
      const method = on ? 'addEventListener' : 'removeEventListener';
      window[method]('scroll', onScroll, { passive: true } as AddEventListenerOptions);
      window[method]('resize', onScroll);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        listen(Boolean(entry?.isIntersecting));
        onScroll();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      listen(false);
      cancelAnimationFrame(frame);
    };
  }, []);
  return { list, progress };
}

/** `content`: the section's texts and programmes, where they are at hand (see web/components/Static.tsx). */
export function Showcase({
  steps,
  content,
}: {
  steps: LandingFrame['programmes'];
  content?: { texts: SectionTexts; programmes: Programme[] };
}) {
  const { list, progress } = useShowcaseProgress();
  const active = activeStep(progress);
  return (
    <section
      className="section showcase"
      id={NAV.products.id}
      aria-labelledby="showcase-title"
      data-progress={progress.toFixed(3)}
      data-active-step={active}
    >
      <div className="container">
        <SectionHeader texts={content?.texts} id="showcase-title" />
        <div className="showcase__body">
          <div className="showcase__rail" aria-hidden="true">
            <div
              className="showcase__line"
              style={{ height: `${lineHeightPercent(progress)}%`, transition: `height ${LINE_TRANSITION_S}s linear` }}
            />
          </div>
          <ol ref={list} className="showcase__steps">
            {steps.map(({ number, title }, step) => {
              const programme = content?.programmes[step];
              return (
                <li
                  key={number}
                  id={`programm-${number}`}
                  className={`showcase__step${isStepActive(step, progress) ? ' is-active' : ''}`}
                >
                  <span
                    className="showcase__number"
                    data-number={number}
                    aria-hidden="true"
                    style={{ opacity: stepOpacity(step, progress) }}
                  />
                  <div className="showcase__card">
                    <h3 className="showcase__title" style={{ opacity: stepOpacity(step, progress, TITLE_MIN_OPACITY) }}>
                      <span className="visually-hidden">{number} </span>
                      {typeset(title)}
                    </h3>
                    <Static className="showcase__details">
                      {programme && (
                        <>
                          <p className="eyebrow showcase__duration">{programme.duration}</p>
                          <div className="prose">
                            <RichText value={programme.description} />
                          </div>
                        </>
                      )}
                    </Static>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
