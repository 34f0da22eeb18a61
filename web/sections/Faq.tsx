import { Accordion } from '~/components/Accordion';
import { RichText } from '~/components/RichText';
import type { FaqItem, SectionTexts } from '~/lib/content-types';
import { SectionHeader } from './SectionHeader';
import './section.css';

export function Faq({ texts, items }: { texts: SectionTexts; items: FaqItem[] }) {
  return (
    <section className="section faq" aria-labelledby="faq-title">
      <div className="container container--narrow">
        <SectionHeader texts={texts} id="faq-title" />
        <Accordion
          items={items.map((item) => ({
            title: item.question,
            content: (
              <div className="prose">
                <RichText value={item.answer} />
              </div>
            ),
          }))}
        />
      </div>
    </section>
  );
}
