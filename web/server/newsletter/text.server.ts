// The plain-text part of a newsletter mail: the same words as the HTML, for mail programs (and
// readers) that prefer text. Headings are underlined, lists keep their bullets and numbers, a link
// is followed by its address, the button is its label and address.
import { nestLists } from '@portabletext/toolkit';
import { NEWSLETTER_MAIL_COPY as COPY } from '~/copy/newsletter';
import type { NewsletterBlock, NewsletterPart } from '~/lib/newsletter';
import type { MailParts } from './parts.server';

type Absolute = MailParts['absolute'];

function spansText(block: NewsletterBlock, absolute: Absolute): string {
  const links = new Map(block.markDefs.map((d) => [d._key, absolute(d.href)]));
  let out = '';
  let open: string | undefined;
  let linked = '';
  const close = () => {
    // A link whose text is its address already shows it.
    const shown = linked.trim();
    if (open && shown !== open && `mailto:${shown}` !== open && `${shown}/` !== open) out += ` (${open})`;
    open = undefined;
    linked = '';
  };
  for (const span of block.children) {
    // A list item also holds the list nested in it: listText writes that one.
    if (span._type !== 'span') continue;
    const href = span.marks.map((m) => links.get(m)).find(Boolean);
    if (href !== open) close();
    out += span.text;
    if (href) linked += span.text;
    open = href;
  }
  close();
  return out.replace(/[ \t]+\n/g, '\n');
}

const underline = (line: string, char: string) => `${line}\n${char.repeat(Math.min(line.length, 60))}`;

type Nested = ReturnType<typeof nestLists<NewsletterPart>>[number];

function listText(list: Extract<Nested, { _type: '@list' }>, absolute: Absolute, depth: number): string {
  const indent = '   '.repeat(depth);
  return list.children
    .map((item, i) => {
      const marker = list.listItem === 'number' ? `${i + 1}.` : '-';
      const own = spansText(item as unknown as NewsletterBlock, absolute).replace(/\n/g, `\n${indent}   `);
      const nested = (item.children as unknown[])
        .filter((c): c is Extract<Nested, { _type: '@list' }> => (c as { _type?: string })._type === '@list')
        .map((sub) => `\n${listText(sub, absolute, depth + 1)}`)
        .join('');
      return `${indent}${marker} ${own}${nested}`;
    })
    .join('\n');
}

function partText(part: Nested, absolute: Absolute): string | undefined {
  switch (part._type) {
    case '@list':
      return listText(part as Extract<Nested, { _type: '@list' }>, absolute, 0);
    case 'block': {
      const block = part as NewsletterBlock;
      const line = spansText(block, absolute).trim();
      if (!line) return undefined;
      if (block.style === 'h2') return underline(line, '=');
      if (block.style === 'h3') return underline(line, '-');
      return line;
    }
    case 'button': {
      const button = part as Extract<NewsletterPart, { _type: 'button' }>;
      return `${button.label}: ${absolute(button.url)}`;
    }
    default:
      // Images: the HTML shows them; their alt text describes them for that part.
      return undefined;
  }
}

/** The plain-text part of one newsletter mail. */
export function newsletterText(parts: MailParts): string {
  const body = nestLists(parts.newsletter.body, 'html')
    .map((part) => partText(part, parts.absolute))
    .filter((p): p is string => p !== undefined);
  const footer = [
    parts.why,
    `${COPY.unsubscribe}: ${parts.unsubscribeUrl}`,
    `${COPY.imprint}: ${parts.absolute('/imprint')}`,
    `${COPY.privacy}: ${parts.absolute('/datenschutz')}`,
    parts.sender.join('\n'),
  ];
  // "-- " on a line of its own: mail programs show what follows as the signature.
  return `${[...(parts.test ? [COPY.testNote] : []), ...body].join('\n\n')}\n\n-- \n${footer.join('\n\n')}\n`;
}
