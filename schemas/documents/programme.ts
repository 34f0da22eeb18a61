import { defineField, defineType } from '@sanity/types';
import { richText, requiredText } from '../fields';

export const PROGRAMME_NUMBERS = ['01', '02', '03', '04', '05'] as const;

export const programme = defineType({
  name: 'programme',
  title: 'Programm',
  type: 'document',
  fields: [
    defineField({
      name: 'number',
      title: 'Nummer',
      description: 'Jede Nummer von 01 bis 05 gibt es genau einmal.',
      type: 'string',
      options: {
        list: PROGRAMME_NUMBERS.map((n) => ({ title: n, value: n })),
        layout: 'radio',
        direction: 'horizontal',
      },
      validation: (rule) => [
        rule.required().error('Bitte wähle eine Nummer von 01 bis 05.'),
        rule.custom(async (value: string | undefined, context) => {
          if (!value || !context.document) return true;
          const id = context.document._id.replace(/^drafts\./, '');
          const others = await context
            .getClient({ apiVersion: '2025-10-01' })
            .fetch<number>(
              'count(*[_type == "programme" && number == $number && !(_id in [$id, "drafts." + $id]) && !(_id in path("drafts.**"))])',
              { number: value, id },
            );
          return others > 0 ? `Die Nummer ${value} hat schon ein anderes Programm.` : true;
        }),
      ],
    }),
    defineField({ name: 'title', title: 'Titel', type: 'string', validation: requiredText('Der Titel') }),
    defineField({
      name: 'description',
      title: 'Beschreibung',
      type: 'array',
      of: richText(),
      validation: (rule) => rule.required().min(1).error('Die Beschreibung fehlt.'),
    }),
    defineField({
      name: 'duration',
      title: 'Dauer',
      description: 'z. B. „10 Tage“, „6 Monate“, „ab 3 Monaten“',
      type: 'string',
      validation: requiredText('Die Dauer'),
    }),
  ],
  orderings: [{ title: 'Nummer', name: 'number', by: [{ field: 'number', direction: 'asc' }] }],
  preview: {
    select: { number: 'number', title: 'title', duration: 'duration' },
    prepare: ({ number, title, duration }) => ({
      title: `${number ?? '??'} · ${title ?? 'Ohne Titel'}`,
      subtitle: duration,
    }),
  },
});
