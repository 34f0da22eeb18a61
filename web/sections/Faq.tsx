import { Accordion } from '~/components/Accordion';
import { RichText } from '~/components/RichText';
import { Static } from '~/components/Static';
import type { FaqItem, SectionTexts } from '~/lib/content-types';
import { SectionHeader } from './SectionHeader';
import './section.css';

/** The FAQ: content and native disclosures only, which the browser keeps as the server rendered them. */
export function Faq({ content }: { content?: { texts: SectionTexts; items: FaqItem[] } }) {
  return (
    <Static as="section" className="section faq" aria-labelledby="faq-title">
      {content && (
        <div className="container container--narrow">
          <SectionHeader texts={content.texts} id="faq-title" />
          <Accordion
            name="faq"
            items={content.items.map((item) => ({
              title: item.question,
              content: (
                <div className="prose">
                  <RichText value={item.answer} />
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Static>
  );
}
