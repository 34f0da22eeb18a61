import { Picture } from '~/components/Picture';
import { Slider } from '~/components/Slider';
import type { LearningSlide, SectionTexts } from '~/lib/content-types';
import { SectionHeader } from './SectionHeader';
import './section.css';
import './Learning.css';

/** The "Ich zeige dir wie" slider. */
export function Learning({ texts, slides }: { texts: SectionTexts; slides: LearningSlide[] }) {
  return (
    <section className="section learning" aria-labelledby="learning-title">
      <div className="container">
        <SectionHeader texts={texts} id="learning-title" />
        <Slider label={texts.title}>
          {slides.map((slide) => (
            <article key={slide.title} className="card learning-card">
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
            </article>
          ))}
        </Slider>
      </div>
    </section>
  );
}
