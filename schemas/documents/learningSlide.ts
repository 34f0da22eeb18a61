import { defineField, defineType } from '@sanity/types';
import { imageField, requiredText } from '../fields';

export const learningSlide = defineType({
  name: 'learningSlide',
  title: 'Folie „Ich zeige dir wie“',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      title: 'Titel',
      description: 'Setzt „Ich zeige dir wie …“ fort, z. B. „… du Schiefe früh erkennst“',
      type: 'string',
      validation: requiredText('Der Titel'),
    }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: requiredText('Der Text') }),
    imageField({ name: 'image', title: 'Bild', description: 'Querformat 4:3.', required: false }),
  ],
  preview: { select: { title: 'title', subtitle: 'text', media: 'image' } },
});
