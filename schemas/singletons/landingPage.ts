import { defineArrayMember, defineField, defineType, type ArrayRule } from '@sanity/types';
import { PROGRAMME_NUMBERS } from '../documents/programme';

type Ref = { _ref?: string };

/** A list of references to documents of one type, in the order shown on the page. */
function list(options: { name: string; title: string; to: string; exactly?: number; description?: string }) {
  const { name, title, to, exactly, description } = options;
  return defineField({
    name,
    title,
    description,
    type: 'array',
    of: [defineArrayMember({ type: 'reference', to: [{ type: to }] })],
    validation: (rule: ArrayRule<unknown[]>) => [
      rule.unique(),
      exactly
        ? rule.required().length(exactly).error(`Hier müssen genau ${exactly} Einträge stehen.`)
        : rule.required().min(1).error('Bitte mindestens einen Eintrag auswählen.'),
    ],
  });
}

export const landingPage = defineType({
  name: 'landingPage',
  title: 'Startseite',
  type: 'document',
  fields: [
    defineField({
      name: 'sections',
      title: 'Abschnitte',
      type: 'landingSections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      ...list({
        name: 'programmes',
        title: 'Programme',
        to: 'programme',
        exactly: 5,
        description: 'Genau fünf Programme in der Reihenfolge 01 bis 05.',
      }),
      validation: (rule: ArrayRule<unknown[]>) => [
        rule.required().length(5).error('Hier müssen genau 5 Programme stehen.'),
        rule.unique(),
        rule.custom(async (value: Ref[] | undefined, context) => {
          if (!value?.length) return true;
          const ids = value.map((r) => r._ref).filter(Boolean);
          const found = await context
            .getClient({ apiVersion: '2025-10-01' })
            .fetch<{ _id: string; number?: string }[]>('*[_id in $ids]{_id, number}', { ids });
          const numbers = ids.map((id) => found.find((d) => d._id === id)?.number ?? '??');
          const expected = PROGRAMME_NUMBERS.slice(0, numbers.length);
          return numbers.every((n, i) => n === expected[i])
            ? true
            : `Die Programme müssen in der Reihenfolge 01 bis 05 stehen (jetzt: ${numbers.join(', ')}).`;
        }),
      ],
    }),
    list({
      name: 'horses',
      title: 'Pferde (Vorher – Nachher)',
      to: 'horseCase',
      exactly: 5,
      description: 'Genau fünf Pferde.',
    }),
    list({ name: 'mediaReferences', title: 'Medienreferenzen', to: 'mediaReference' }),
    list({ name: 'questionCards', title: 'Fragekarten „Ist es wahr, dass …“', to: 'questionCard' }),
    list({ name: 'learningSlides', title: 'Folien „Ich zeige dir wie“', to: 'learningSlide' }),
    list({ name: 'faqItems', title: 'Häufige Fragen', to: 'faqItem', exactly: 5, description: 'Genau fünf Fragen.' }),
  ],
  preview: { prepare: () => ({ title: 'Startseite' }) },
});
