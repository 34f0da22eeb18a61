import { defineField, defineType } from '@sanity/types';
import { requiredText } from '../fields';

export const questionCard = defineType({
  name: 'questionCard',
  title: 'Fragekarte „Ist es wahr, dass …“',
  type: 'document',
  fields: [
    defineField({
      name: 'question',
      title: 'Frage',
      description: 'Setzt „Ist es wahr, dass …“ fort, z. B. „… Schiefe kein Schicksal ist?“',
      type: 'string',
      validation: requiredText('Die Frage'),
    }),
    defineField({ name: 'answer', title: 'Antwort', type: 'text', rows: 3 }),
  ],
  preview: { select: { title: 'question', subtitle: 'answer' } },
});
