// An accordion with one item open at a time; each header is a button with aria-expanded. Closed
// panels carry `hidden`, which the page's <noscript> style reveals when JavaScript is off.
import { useId, useState, type ReactNode } from 'react';
import './Accordion.css';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {items.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${id}-button-${i}`;
        const panelId = `${id}-panel-${i}`;
        return (
          <div key={i} className={`accordion__item${expanded ? ' is-open' : ''}`}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span>{item.title}</span>
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion__panel"
              data-nojs-visible=""
              hidden={!expanded}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
