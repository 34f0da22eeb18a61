import { Picture } from '~/components/Picture';
import { Slider } from '~/components/Slider';
import { Static } from '~/components/Static';
import type { LearningSlide, SectionTexts } from '~/lib/content-types';
import type { LandingFrame } from '~/lib/landing-frame';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './Learning.css';

/**
 * The "Ich zeige dir wie" slider. `slider`: its name and number of slides; `content`: texts and
 * slides, where they are at hand (see web/components/Static.tsx).
 */
export function Learning({
  slider,
  content,
}: {
  slider: LandingFrame['sliders']['learning'];
  content?: { texts: SectionTexts; slides: LearningSlide[] };
}) {
  return (
    <section className="section learning" aria-labelledby="learning-title">
      <div className="container">
        <SectionHeader texts={content?.texts} id="learning-title" />
        <Slider label={slider.label}>
          {Array.from({ length: slider.count }, (_, i) => {
            const slide = content?.slides[i];
            return (
              <Static key={i} as="article" className="card learning-card">
                {slide && (
                  <>
                    {slide.image && (
                      <Picture
                        image={slide.image}
                        sizes="(min-width: 1024px) 360px, (min-width: 768px) 45vw, 90vw"
                        className="learning-card__image"
                      />
                    )}
                    <div className="learning-card__body">
                      <h3 className="learning-card__title">{slide.title}</h3>
                      <p>{slide.text}</p>
                    </div>
                  </>
                )}
              </Static>
            );
          })}
        </Slider>
      </div>
    </section>
  );
}
