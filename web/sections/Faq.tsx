import { Accordion } from '~/components/Accordion';
import { RichText } from '~/components/RichText';
import type { FaqItem, SectionTexts } from '~/lib/content-types';
import { ContentSection } from './ContentSection';

/** The FAQ: content and native disclosures only, which the browser keeps as the server rendered them. */
export function Faq({ content }: { content?: { texts: SectionTexts; items: FaqItem[] } }) {
  return (
    <ContentSection name="faq" narrow content={content}>
      {({ items }) => (
        <Accordion
          name="faq"
          items={items.map((item) => ({
            title: item.question,
            content: (
              <div className="prose">
                <RichText value={item.answer} />
              </div>
            ),
          }))}
        />
      )}
    </ContentSection>
  );
}
