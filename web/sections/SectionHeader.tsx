import type { SectionTexts } from '~/lib/content-types';
import './section.css';

/** Eyebrow, title and intro of a landing-page section. */
export function SectionHeader({
  texts,
  id,
  align = 'center',
}: {
  texts: SectionTexts;
  id: string;
  align?: 'center' | 'start';
}) {
  return (
    <header className={`section-header section-header--${align}`} data-reveal="">
      {texts.eyebrow && <p className="eyebrow">{texts.eyebrow}</p>}
      <h2 id={id} className="section-title">
        {texts.title}
      </h2>
      {texts.intro && <p className="section-intro">{texts.intro}</p>}
    </header>
  );
}
