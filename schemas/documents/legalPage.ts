import { defineField, defineType } from '@sanity/types';
import { warnOnPlaceholderInBlocks } from '../placeholders';
import { richText, requiredText } from '../fields';

export const LEGAL_PAGES = [
  { title: 'Impressum', value: 'imprint' },
  { title: 'Datenschutzerklärung', value: 'datenschutz' },
  { title: 'AGB', value: 'agb' },
] as const;

export const legalPage = defineType({
  name: 'legalPage',
  title: 'Rechtstext',
  type: 'document',
  fields: [
    defineField({
      name: 'slug',
      title: 'Seite',
      description: 'Welche Seite dieser Text ist (/imprint, /datenschutz oder /agb).',
      type: 'string',
      options: { list: [...LEGAL_PAGES], layout: 'radio' },
      readOnly: ({ document }) => Boolean(document?._createdAt && document?.slug),
      validation: (rule) => [
        rule.required().error('Bitte wähle die Seite.'),
        rule.custom(async (value: string | undefined, context) => {
          if (!value || !context.document) return true;
          const id = context.document._id.replace(/^drafts\./, '');
          const others = await context
            .getClient({ apiVersion: '2025-10-01' })
            .fetch<number>(
              'count(*[_type == "legalPage" && slug == $slug && !(_id in [$id, "drafts." + $id]) && !(_id in path("drafts.**"))])',
              { slug: value, id },
            );
          return others > 0 ? 'Für diese Seite gibt es schon einen Rechtstext.' : true;
        }),
      ],
    }),
    defineField({ name: 'title', title: 'Überschrift', type: 'string', validation: requiredText('Die Überschrift') }),
    defineField({
      name: 'dateLabel',
      title: 'Stand',
      description: 'Wird unter der Überschrift gezeigt, z. B. „Stand: Oktober 2025“.',
      type: 'string',
      validation: (rule) =>
        rule
          .required()
          .regex(/^Stand: /, { name: 'Stand' })
          .error('Bitte im Format „Stand: Monat Jahr“ angeben, z. B. „Stand: Oktober 2025“.'),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      description:
        'Mit Überschriften gliedern. Im Impressum setzt der Baustein „Angaben zur Betreiberin“ Name und Anschrift aus den Website-Einstellungen ein.',
      type: 'array',
      of: richText({ headings: true, operatorDetails: true }),
      validation: (rule) => [rule.required().min(1).error('Der Text fehlt.'), warnOnPlaceholderInBlocks(rule)],
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'dateLabel' } },
});
