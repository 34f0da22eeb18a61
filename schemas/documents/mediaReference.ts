import { defineField, defineType } from '@sanity/types';
import { warnOnPlaceholder } from '../placeholders';
import { httpsUrl, imageField, requiredText } from '../fields';

export const mediaReference = defineType({
  name: 'mediaReference',
  title: 'Medienreferenz',
  type: 'document',
  fields: [
    defineField({
      name: 'outlet',
      title: 'Medium',
      description: 'Magazin, Podcast, Veranstaltung …',
      type: 'string',
      validation: requiredText('Das Medium'),
    }),
    defineField({ name: 'title', title: 'Titel des Beitrags', type: 'string', validation: requiredText('Der Titel') }),
    defineField({ name: 'excerpt', title: 'Auszug oder Zitat', type: 'text', rows: 3 }),
    defineField({
      name: 'url',
      title: 'Link zum Beitrag',
      type: 'url',
      validation: (rule) => [httpsUrl(rule), warnOnPlaceholder(rule)],
    }),
    imageField({ name: 'logo', title: 'Logo', required: false }),
    defineField({ name: 'date', title: 'Datum', type: 'date', options: { dateFormat: 'DD.MM.YYYY' } }),
  ],
  preview: { select: { title: 'title', subtitle: 'outlet', media: 'logo' } },
});
