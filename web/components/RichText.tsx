// Portable Text from the content module (programme descriptions, biography, FAQ answers, legal
// pages) with German-friendly defaults: headings with stable anchors for the legal pages, lists,
// emphasis, links (external ones open safely), line breaks kept.
import { PortableText, type PortableTextBlock, type PortableTextComponents } from '@portabletext/react';
import type { ReactNode } from 'react';

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

const components: PortableTextComponents = {
  // Content types this page does not know (e.g. a new Studio block) render nothing visible.
  unknownType: () => null,
  unknownBlockStyle: ({ children }) => <p>{children}</p>,
  block: {
    normal: ({ children }) => <p>{children}</p>,
    h2: ({ children }) => <h2 id={headingId(plainText(children))}>{children}</h2>,
    h3: ({ children }) => <h3 id={headingId(plainText(children))}>{children}</h3>,
    blockquote: ({ children }) => <blockquote>{children}</blockquote>,
  },
  list: {
    bullet: ({ children }) => <ul>{children}</ul>,
    number: ({ children }) => <ol>{children}</ol>,
  },
  marks: {
    strong: ({ children }) => <strong>{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : undefined;
      if (!href) return <>{children}</>;
      const external = /^https?:\/\//.test(href);
      return (
        <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {children}
        </a>
      );
    },
  },
};

export interface RichTextProps {
  value: PortableTextBlock[];
  className?: string;
}

export function RichText({ value, className }: RichTextProps) {
  const content = <PortableText value={value} components={components} onMissingComponent={false} />;
  return className ? <div className={className}>{content}</div> : content;
}
