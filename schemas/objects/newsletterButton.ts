import { defineField, defineType } from '@sanity/types';
import { NEWSLETTER_MESSAGES as M } from '../../web/copy/newsletter';
import { linkProblem, NEWSLETTER_LIMITS } from '../../web/lib/newsletter';

/** The one call to action of a newsletter: a button with its label and where it leads. */
export const newsletterButton = defineType({
  name: 'button',
  title: 'Button',
  type: 'object',
  fields: [
    defineField({
      name: 'label',
      title: 'Beschriftung',
      description: `Kurz und klar, z. B. „Zur Gruppe“ (höchstens ${NEWSLETTER_LIMITS.buttonLabel} Zeichen).`,
      type: 'string',
      validation: (rule) =>
        rule.custom((label: string | undefined) =>
          label?.trim() && label.trim().length <= NEWSLETTER_LIMITS.buttonLabel
            ? true
            : M.buttonLabel(NEWSLETTER_LIMITS.buttonLabel),
        ),
    }),
    defineField({
      name: 'url',
      title: 'Adresse',
      description: 'https://…, mailto:… oder eine Seite dieser Website wie /gruppe/reiter.',
      type: 'string',
      validation: (rule) => rule.custom((url: string | undefined) => (url ? (linkProblem(url) ?? true) : M.buttonUrl)),
    }),
  ],
  preview: {
    select: { title: 'label', subtitle: 'url' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: `Button: ${title ?? '…'}`,
      subtitle,
    }),
  },
});
