import { Picture } from '~/components/Picture';
import type { LearningSlide } from '~/lib/content-types';
import { SliderSection, type SliderSectionProps } from './SliderSection';
import './Learning.css';

/**
 * The "Ich zeige dir wie" slider. `slider`: its name and number of slides; `content`: texts and
 * slides, where they are at hand (see web/components/Static.tsx).
 */
export function Learning(props: SliderSectionProps<LearningSlide>) {
  return <SliderSection name="learning" {...props} card={(slide) => <LearningCard slide={slide} />} />;
}

function LearningCard({ slide }: { slide: LearningSlide }) {
  return (
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
  );
}
