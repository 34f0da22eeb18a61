import { defineField, defineType } from '@sanity/types';
import { imageField, requiredText } from '../fields';

export const horseCase = defineType({
  name: 'horseCase',
  title: 'Pferd (Vorher – Nachher)',
  type: 'document',
  fields: [
    defineField({ name: 'name', title: 'Name des Pferdes', type: 'string', validation: requiredText('Der Name') }),
    defineField({
      name: 'age',
      title: 'Alter',
      description: 'z. B. „9 Jahre“',
      type: 'string',
      validation: requiredText('Das Alter'),
    }),
    imageField({
      name: 'beforeImage',
      title: 'Vorher-Bild',
      description: 'Querformat 3:2, gleicher Bildausschnitt wie das Nachher-Bild.',
    }),
    imageField({
      name: 'afterImage',
      title: 'Nachher-Bild',
      description: 'Querformat 3:2, gleicher Bildausschnitt wie das Vorher-Bild.',
    }),
    defineField({
      name: 'beforeText',
      title: 'Text vorher',
      type: 'text',
      rows: 4,
      validation: requiredText('Der Text'),
    }),
    defineField({
      name: 'afterText',
      title: 'Text nachher',
      type: 'text',
      rows: 4,
      validation: requiredText('Der Text'),
    }),
  ],
  preview: {
    select: { title: 'name', subtitle: 'age', media: 'afterImage' },
  },
});
