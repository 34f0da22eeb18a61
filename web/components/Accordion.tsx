// An accordion with one item open at a time: native disclosures (<details>) sharing a `name`, so
// the browser opens and closes them (also before the page's script runs, and without it), the
// keyboard works, and find-in-page opens the item it finds. No script of its own.
import type { ReactNode } from 'react';
import './Accordion.css';

export interface AccordionItem {
  title: ReactNode;
  content: ReactNode;
}

/** `name` groups the items (one open at a time); it must be unique on the page. */
export function Accordion({
  name,
  items,
  headingLevel = 3,
}: {
  name: string;
  items: AccordionItem[];
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {items.map((item, i) => (
        <details key={i} name={name} className="accordion__item">
          <summary className="accordion__summary">
            <Heading className="accordion__heading">{item.title}</Heading>
            <span className="accordion__icon" aria-hidden="true" />
          </summary>
          <div className="accordion__panel">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
