// Portable Text from the content module (programme descriptions, biography, FAQ answers, legal
// pages) with German-friendly defaults: headings with stable anchors for the legal pages, lists,
// emphasis, links (external ones open safely), line breaks kept, and the typography of
// ~/lib/typography (typographic apostrophes, no line starting with a dash, "E-Mail" never broken at
// its hyphen).
import { PortableText, type PortableTextBlock, type PortableTextComponents } from '@portabletext/react';
import { Children, type ReactNode } from 'react';
import { typeset, unbreakableRuns } from '~/lib/typography';

/**
 * "§ 5 Widerrufsrecht" → "5-widerrufsrecht"; umlauts spelled out so anchors stay readable.
 * Invisible format characters go first: soft hyphens, and the stega marks a draft's texts carry
 * in the editor's preview, so that a heading keeps its anchor there.
 */
export function headingId(text: string) {
  return text
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function plainText(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(plainText).join('');
  if (children && typeof children === 'object' && 'props' in children)
    return plainText((children as { props: { children?: ReactNode } }).props.children);
  return '';
}

/** The text runs of `children` typeset; marked elements keep their own (their components typeset them). */
function typesetText(children: ReactNode): ReactNode {
  return Children.map(children, (child) => {
    if (typeof child !== 'string') return child;
    const runs = unbreakableRuns(typeset(child));
    if (runs.length === 1 && !runs[0]!.keep) return runs[0]!.text;
    return (
      <>
        {runs.map((run, i) =>
          run.keep ? (
            <span key={i} className="nowrap">
              {run.text}
            </span>
          ) : (
            run.text
          ),
        )}
      </>
    );
  });
}

const components: PortableTextComponents = {
  // Content types this page does not know (e.g. a new Studio block) render nothing visible.
  unknownType: () => null,
  unknownBlockStyle: ({ children }) => <p>{typesetText(children)}</p>,
  block: {
    normal: ({ children }) => <p>{typesetText(children)}</p>,
    h2: ({ children }) => <h2 id={headingId(plainText(children))}>{typesetText(children)}</h2>,
    h3: ({ children }) => <h3 id={headingId(plainText(children))}>{typesetText(children)}</h3>,
    blockquote: ({ children }) => <blockquote>{typesetText(children)}</blockquote>,
  },
  list: {
    bullet: ({ children }) => <ul>{children}</ul>,
    number: ({ children }) => <ol>{children}</ol>,
  },
  listItem: ({ children }) => <li>{typesetText(children)}</li>,
  marks: {
    strong: ({ children }) => <strong>{typesetText(children)}</strong>,
    em: ({ children }) => <em>{typesetText(children)}</em>,
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : undefined;
      if (!href) return <>{typesetText(children)}</>;
      const external = /^https?:\/\//.test(href);
      return (
        <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {typesetText(children)}
        </a>
      );
    },
  },
};

export interface RichTextProps {
  value: PortableTextBlock[];
  className?: string;
}

/** Pages use it through ./RichText (which loads it in the browser only where a page renders content). */
export function RichTextRenderer({ value, className }: RichTextProps) {
  const content = <PortableText value={value} components={components} onMissingComponent={false} />;
  return className ? <div className={className}>{content}</div> : content;
}
