import { Static } from '~/components/Static';
import type { SectionTexts } from '~/lib/content-types';
import { typeset } from '~/lib/typography';
import './section.css';

/**
 * Eyebrow, title and intro of a landing-page section: content the browser keeps as the server
 * rendered it (`texts` is undefined there; see web/components/Static.tsx).
 */
export function SectionHeader({
  texts,
  id,
  align = 'center',
}: {
  texts: SectionTexts | undefined;
  id: string;
  align?: 'center' | 'start';
}) {
  return (
    <Static as="header" className={`section-header section-header--${align}`} data-reveal="">
      {texts && (
        <>
          {texts.eyebrow && <p className="eyebrow">{texts.eyebrow}</p>}
          <h2 id={id} className="section-title">
            {typeset(texts.title)}
          </h2>
          {texts.intro && <p className="section-intro">{typeset(texts.intro)}</p>}
        </>
      )}
    </Static>
  );
}
