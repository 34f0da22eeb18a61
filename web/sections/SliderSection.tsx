import type { ReactNode } from 'react';
import { Slider } from '~/components/Slider';
import { Static } from '~/components/Static';
import type { SectionTexts } from '~/lib/content-types';
import type { LandingFrame } from '~/lib/landing-frame';
import { SectionHeader } from './SectionHeader';
import './section.css';

/** What the landing page gives a slider section. */
export interface SliderSectionProps<Item> {
  slider: LandingFrame['sliders'][keyof LandingFrame['sliders']];
  content?: { texts: SectionTexts; items: Item[] };
}

/**
 * A landing-page section whose cards sit in a slider. `name` gives the section's class, its title's
 * id (`name-title`) and each card's class (`name-card`); `slider`: the slider's name and number of
 * slides; `content`: texts and items, where they are at hand (see web/components/Static.tsx), each
 * item drawn by `card`.
 */
export function SliderSection<Item>({
  name,
  id,
  slider,
  content,
  card,
}: SliderSectionProps<Item> & { name: string; id?: string; card: (item: Item) => ReactNode }) {
  return (
    <section className={`section ${name}`} id={id} aria-labelledby={`${name}-title`}>
      <div className="container">
        <SectionHeader texts={content?.texts} id={`${name}-title`} />
        <Slider label={slider.label}>
          {Array.from({ length: slider.count }, (_, i) => {
            const item = content?.items[i];
            return (
              <Static key={i} as="article" className={`card ${name}-card`}>
                {item !== undefined && card(item)}
              </Static>
            );
          })}
        </Slider>
      </div>
    </section>
  );
}
