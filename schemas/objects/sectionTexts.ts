import { defineField, defineType } from '@sanity/types';
import { requiredText } from '../fields';

export const sectionTextFields = [
  defineField({
    name: 'eyebrow',
    title: 'Dachzeile',
    description: 'Kleine Zeile über der Überschrift (optional).',
    type: 'string',
  }),
  defineField({ name: 'title', title: 'Überschrift', type: 'string', validation: requiredText('Die Überschrift') }),
  defineField({ name: 'intro', title: 'Einleitung', type: 'text', rows: 3 }),
  defineField({
    name: 'cta',
    title: 'Beschriftung des Buttons',
    description: 'Nur wo der Abschnitt einen Button hat.',
    type: 'string',
  }),
];

export const sectionTexts = defineType({
  name: 'sectionTexts',
  title: 'Abschnittstexte',
  type: 'object',
  fields: sectionTextFields,
});

export const switchSection = defineType({
  name: 'switchSection',
  title: 'Abschnitt Reiterin/Trainerin',
  type: 'object',
  fields: [
    ...sectionTextFields,
    defineField({
      name: 'riderLabel',
      title: 'Beschriftung „Reiterin“',
      type: 'string',
      validation: requiredText('Die Beschriftung'),
    }),
    defineField({
      name: 'trainerLabel',
      title: 'Beschriftung „Trainerin“',
      type: 'string',
      validation: requiredText('Die Beschriftung'),
    }),
    defineField({
      name: 'riderText',
      title: 'Text für Reiterinnen',
      type: 'text',
      rows: 3,
      validation: requiredText('Der Text'),
    }),
    defineField({
      name: 'trainerText',
      title: 'Text für Trainerinnen',
      type: 'text',
      rows: 3,
      validation: requiredText('Der Text'),
    }),
  ],
});

const section = (name: string, title: string, type = 'sectionTexts') =>
  defineField({ name, title, type, validation: (rule) => rule.required() });

export const landingSections = defineType({
  name: 'landingSections',
  title: 'Abschnitte der Startseite',
  type: 'object',
  options: { collapsible: true, collapsed: false },
  fields: [
    section('showcase', 'Programme („Synchronität erschaffen“)'),
    section('video', 'Video'),
    section('beforeAfter', 'Vorher – Nachher'),
    section('media', 'Medienreferenzen'),
    section('questions', '„Ist es wahr, dass …“'),
    section('learning', '„Ich zeige dir wie“'),
    section('switch', 'Reiterin/Trainerin mit Aufruf', 'switchSection'),
    section('faq', 'Häufige Fragen'),
  ],
});
