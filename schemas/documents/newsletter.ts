// A newsletter the founder writes and the team sends from the dashboard. The server checks it again
// with the same rules (web/lib/newsletter.ts) before it goes out; the Presentation tool shows it as
// the mail will look.
import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { richText } from '../fields';
import { NEWSLETTER_AUDIENCE_TITLES, NEWSLETTER_MESSAGES as M } from '../../web/copy/newsletter';
import { DATASET_IMAGE_ID, linkProblem, NEWSLETTER_AUDIENCES, NEWSLETTER_LIMITS } from '../../web/lib/newsletter';

type ImageValue = { asset?: { _ref?: string }; alt?: string } | undefined;

const maxLength = (max: number, tooLong: (max: number, length: number) => string) => (value: string | undefined) =>
  (value?.trim().length ?? 0) > max ? tooLong(max, value!.trim().length) : true;

export const newsletter = defineType({
  name: 'newsletter',
  title: 'Newsletter',
  type: 'document',
  description:
    'Ein Newsletter an alle, die ihn bestätigt haben. Verschickt wird er im Team-Dashboard (erst ein Test an dich, dann an alle).',
  fields: [
    defineField({
      name: 'subject',
      title: 'Betreff',
      description: `Höchstens ${NEWSLETTER_LIMITS.subject} Zeichen; die ersten 40 sieht man auf dem Handy sofort.`,
      type: 'string',
      validation: (rule) => [
        rule.required().error(M.subjectMissing),
        rule.custom(maxLength(NEWSLETTER_LIMITS.subject, M.subjectTooLong)),
      ],
    }),
    defineField({
      name: 'preheader',
      title: 'Vorschautext',
      description: `Optional: die Zeile, die das Postfach nach dem Betreff zeigt (höchstens ${NEWSLETTER_LIMITS.preheader} Zeichen). Sie steht nicht sichtbar in der E-Mail.`,
      type: 'string',
      validation: (rule) => rule.custom(maxLength(NEWSLETTER_LIMITS.preheader, M.preheaderTooLong)),
    }),
    defineField({
      name: 'audience',
      title: 'Zielgruppe',
      type: 'string',
      initialValue: 'alle',
      options: {
        list: NEWSLETTER_AUDIENCES.map((value) => ({ value, title: NEWSLETTER_AUDIENCE_TITLES[value] })),
        layout: 'radio',
      },
      validation: (rule) => rule.required().error(M.audience),
    }),
    defineField({
      name: 'body',
      title: 'Text',
      description:
        'Überschriften, Absätze, Listen, Links, Bilder (mit Alternativtext) und höchstens ein Button. Links zur WhatsApp-Gruppe immer als /gruppe/reiter oder /gruppe/trainer.',
      type: 'array',
      of: [
        ...richText({
          headings: true,
          href: defineField({
            name: 'href',
            title: 'Adresse',
            description: 'https://…, mailto:… oder eine Seite dieser Website wie /gruppe/reiter',
            type: 'string',
            validation: (rule) => rule.custom((href: string | undefined) => linkProblem(href) ?? true),
          }),
        }),
        defineArrayMember({
          type: 'image',
          title: 'Bild',
          fields: [
            defineField({
              name: 'alt',
              title: 'Alternativtext',
              description:
                'Beschreibt das Bild für Menschen, die es nicht sehen können, und für Postfächer, die Bilder erst auf Wunsch laden. Pflichtfeld.',
              type: 'string',
            }),
          ],
          validation: (rule) =>
            rule.custom((value: ImageValue) => {
              const ref = value?.asset?._ref;
              // Only an image uploaded to this project's media library (an asset of the dataset).
              if (!ref || !DATASET_IMAGE_ID.test(ref)) return M.imageMissing;
              return (value?.alt?.trim().length ?? 0) >= NEWSLETTER_LIMITS.alt
                ? true
                : M.altMissing(NEWSLETTER_LIMITS.alt);
            }),
        }),
        defineArrayMember({ type: 'button' }),
      ],
      validation: (rule) => [
        rule.required().min(1).error(M.bodyMissing),
        rule.custom((parts: { _type?: string }[] | undefined) =>
          (parts ?? []).filter((p) => p._type === 'button').length > 1 ? M.oneButton : true,
        ),
      ],
    }),
  ],
  orderings: [{ title: 'Zuletzt bearbeitet', name: 'updatedDesc', by: [{ field: '_updatedAt', direction: 'desc' }] }],
  preview: {
    select: { title: 'subject', audience: 'audience' },
    prepare: ({ title, audience }: { title?: string; audience?: keyof typeof NEWSLETTER_AUDIENCE_TITLES }) => ({
      title: title || 'Newsletter ohne Betreff',
      subtitle: audience ? `An: ${NEWSLETTER_AUDIENCE_TITLES[audience]}` : undefined,
    }),
  },
});
