import { defineField, defineType } from '@sanity/types';
import { richText, requiredText } from '../fields';

export const faqItem = defineType({
  name: 'faqItem',
  title: 'FAQ-Eintrag',
  type: 'document',
  fields: [
    defineField({ name: 'question', title: 'Frage', type: 'string', validation: requiredText('Die Frage') }),
    defineField({
      name: 'answer',
      title: 'Antwort',
      type: 'array',
      of: richText(),
      validation: (rule) => rule.required().min(1).error('Die Antwort fehlt.'),
    }),
  ],
  preview: { select: { title: 'question' } },
});
