// Shared field builders: images with required alt text, https links, Portable Text.
import { defineArrayMember, defineField, type RuleDef, type UrlRule } from '@sanity/types';

type ImageValue = { asset?: { _ref?: string }; alt?: string } | undefined;

/** An image with German alt text; `required` images must be uploaded, every uploaded image needs alt text. */
export function imageField(options: {
  name: string;
  title: string;
  description?: string;
  required?: boolean;
  group?: string;
}) {
  const { name, title, description, required = true, group } = options;
  return defineField({
    name,
    title,
    description,
    ...(group ? { group } : {}),
    type: 'image',
    options: { hotspot: true },
    fields: [
      defineField({
        name: 'alt',
        title: 'Alternativtext',
        description:
          'Beschreibt das Bild für Menschen, die es nicht sehen können (Screenreader, Suchmaschinen). Pflichtfeld.',
        type: 'string',
        validation: (rule) =>
          rule.custom((alt: string | undefined, context) => {
            const image = context.parent as ImageValue;
            if (!image?.asset?._ref) return true;
            return (alt?.trim().length ?? 0) >= 5 ? true : 'Bitte beschreibe das Bild in mindestens fünf Zeichen.';
          }),
      }),
    ],
    validation: (rule) => [
      ...(required ? [rule.required().assetRequired().error('Bitte lade ein Bild hoch.')] : []),
      rule.custom((value: ImageValue) => {
        if (!value) return true;
        if (!value.asset?._ref) return 'Bitte lade ein Bild hoch.';
        if (!value.alt?.trim()) return 'Bitte gib einen Alternativtext für das Bild ein.';
        return true;
      }),
    ],
  });
}

/** A link that must use https (no http, no other schemes). */
export const httpsUrl = (rule: UrlRule) =>
  rule.uri({ scheme: ['https'] }).error('Bitte gib eine vollständige Adresse ein, die mit https:// beginnt.');

/** A link's address in a page's text: https, mailto, or a page of this site. */
const pageLinkHref = defineField({
  name: 'href',
  title: 'Adresse',
  description: 'https://…, mailto:… oder eine Seite dieser Website wie /imprint',
  type: 'url',
  validation: (rule) =>
    rule
      .required()
      .uri({ scheme: ['https', 'mailto'], allowRelative: true })
      // A page of this site starts with "/": "imprint" alone would be relative to the page.
      .custom((href) => (typeof href !== 'string' || /^(\/|https:|mailto:)/.test(href) ? true : 'relative'))
      .error('Bitte gib eine Adresse mit https:// oder mailto: ein, oder eine Seite wie /imprint.'),
});

/**
 * Portable Text: paragraphs, bold/italic, links, lists; headings only where a page needs them.
 * `href` replaces the link's address field (the newsletter checks its links by its own rules).
 */
export function richText(
  options: { headings?: boolean; operatorDetails?: boolean; href?: ReturnType<typeof defineField> } = {},
) {
  return [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Absatz', value: 'normal' },
        ...(options.headings
          ? [
              { title: 'Überschrift', value: 'h2' },
              { title: 'Zwischenüberschrift', value: 'h3' },
            ]
          : []),
      ],
      lists: [
        { title: 'Aufzählung', value: 'bullet' },
        { title: 'Nummerierung', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Fett', value: 'strong' },
          { title: 'Kursiv', value: 'em' },
        ],
        annotations: [
          {
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [options.href ?? pageLinkHref],
          },
        ],
      },
    }),
    ...(options.operatorDetails ? [defineArrayMember({ type: 'operatorDetails' })] : []),
  ];
}

/** Required text with a German message. */
export const requiredText =
  (what: string) =>
  <R extends RuleDef<R, unknown>>(rule: R): R =>
    rule.required().error(`${what} fehlt.`);
