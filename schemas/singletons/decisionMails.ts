// The mails that tell an applicant the team's decision: the founder writes them here. The server
// reads them when a mail is sent (after the team's delay), so a published change applies to the
// next mail. Placeholders: schemas/decision-mail-placeholders.ts.
import { defineArrayMember, defineField, defineType } from '@sanity/types';
import { DECISION_MAIL_PLACEHOLDERS, placeholderProblem } from '../decision-mail-placeholders';
import { requiredText } from '../fields';

/** The application types as the form stores them (web/lib/applications.ts). */
const APPLICATION_TYPES = [
  { title: 'Mentorin / Mentor', value: 'Mentor' },
  { title: 'Mentee', value: 'Mentee' },
  { title: 'Business-Partner', value: 'Business Partner' },
];

const placeholderHelp = Object.entries(DECISION_MAIL_PLACEHOLDERS)
  .map(([name, meaning]) => `{${name}}: ${meaning}`)
  .join('; ');

const placeholders = (value: string | undefined) => (value ? (placeholderProblem(value) ?? true) : true);

/** Subject and text of one mail. */
export const decisionMailText = defineType({
  name: 'decisionMailText',
  title: 'E-Mail',
  type: 'object',
  fields: [
    defineField({
      name: 'subject',
      title: 'Betreff',
      description: `Platzhalter: ${placeholderHelp}.`,
      type: 'string',
      validation: (rule) => [
        requiredText('Der Betreff')(rule),
        rule.max(150).error('Der Betreff ist länger als 150 Zeichen.'),
        rule.custom(placeholders),
      ],
    }),
    defineField({
      name: 'body',
      title: 'Text',
      description:
        `Die ganze E-Mail als einfacher Text, mit Anrede und Gruß; Leerzeilen trennen Absätze. ` +
        `Platzhalter: ${placeholderHelp}. Die Nachricht aus der Bewerbung steht nie in der E-Mail.`,
      type: 'text',
      rows: 14,
      validation: (rule) => [
        requiredText('Der Text')(rule),
        rule.max(5000).error('Der Text ist länger als 5000 Zeichen.'),
        rule.custom(placeholders),
      ],
    }),
  ],
});

/** Different words for one application type: what it leaves out comes from the general texts. */
export const decisionMailVariant = defineType({
  name: 'decisionMailVariant',
  title: 'Texte für eine Bewerbungsart',
  type: 'object',
  fields: [
    defineField({
      name: 'applicationType',
      title: 'Bewerbungsart',
      type: 'string',
      options: { list: APPLICATION_TYPES, layout: 'radio' },
      validation: requiredText('Die Bewerbungsart'),
    }),
    defineField({ name: 'approval', title: 'Zusage', type: 'decisionMailText' }),
    defineField({ name: 'rejection', title: 'Absage', type: 'decisionMailText' }),
  ],
  validation: (rule) =>
    rule.custom((value: { approval?: unknown; rejection?: unknown } | undefined) =>
      !value || value.approval || value.rejection
        ? true
        : 'Bitte schreibe eine Zusage, eine Absage oder beides (sonst gelten die allgemeinen Texte).',
    ),
  preview: {
    select: { type: 'applicationType', approval: 'approval.subject', rejection: 'rejection.subject' },
    prepare: ({ type, approval, rejection }: { type?: string; approval?: string; rejection?: string }) => ({
      title: APPLICATION_TYPES.find((t) => t.value === type)?.title ?? 'Bewerbungsart fehlt',
      subtitle: [approval && 'Zusage', rejection && 'Absage'].filter(Boolean).join(' und '),
    }),
  },
});

export const decisionMails = defineType({
  name: 'decisionMails',
  title: 'E-Mails zur Entscheidung',
  type: 'document',
  description:
    'Wenn das Team eine Bewerbung annimmt oder ablehnt, bekommt die Person diese E-Mail (nach einer kurzen Wartezeit, in der das Team die Entscheidung noch zurücknehmen kann).',
  fields: [
    defineField({
      name: 'approval',
      title: 'Zusage',
      type: 'decisionMailText',
      validation: (rule) => rule.required().error('Die Zusage fehlt.'),
    }),
    defineField({
      name: 'rejection',
      title: 'Absage',
      type: 'decisionMailText',
      validation: (rule) => rule.required().error('Die Absage fehlt.'),
    }),
    defineField({
      name: 'byType',
      title: 'Eigene Texte je Bewerbungsart',
      description:
        'Optional: andere Worte für Mentorinnen und Mentoren, Mentees oder Business-Partner. Was hier fehlt, kommt aus Zusage und Absage oben.',
      type: 'array',
      of: [defineArrayMember({ type: 'decisionMailVariant' })],
      validation: (rule) =>
        rule.custom((variants: { applicationType?: string }[] | undefined) => {
          const types = (variants ?? []).map((v) => v.applicationType).filter(Boolean);
          const twice = types.find((type, i) => types.indexOf(type) !== i);
          return twice
            ? `Für „${APPLICATION_TYPES.find((t) => t.value === twice)?.title ?? twice}“ gibt es zwei Einträge: bitte nur einen.`
            : true;
        }),
    }),
  ],
  preview: { prepare: () => ({ title: 'E-Mails zur Entscheidung' }) },
});
