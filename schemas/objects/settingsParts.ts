import { defineField, defineType, type UrlRule } from '@sanity/types';
import { httpsUrl, imageField, requiredText } from '../fields';
import { warnOnPlaceholder } from '../placeholders';

export const photoNetwork = defineType({
  name: 'photoNetwork',
  title: 'Instagram',
  type: 'object',
  fields: [
    defineField({
      name: 'label',
      title: 'Beschriftung des Buttons',
      type: 'string',
      validation: requiredText('Die Beschriftung'),
    }),
    defineField({
      name: 'url',
      title: 'Profil-Adresse',
      description: 'z. B. https://www.instagram.com/dein.profil/',
      type: 'url',
      validation: (rule) => [httpsUrl(rule).required(), warnOnPlaceholder(rule)],
    }),
  ],
});

export const heroVideo = defineType({
  name: 'heroVideo',
  title: 'Video',
  type: 'object',
  fields: [
    defineField({
      name: 'youtubeId',
      title: 'YouTube-Video-ID',
      description:
        'Die elf Zeichen nach „watch?v=“ in der YouTube-Adresse, z. B. aus https://www.youtube.com/watch?v=AbCdEfGhIjK.',
      type: 'string',
      validation: (rule) => [
        rule
          .required()
          .regex(/^[A-Za-z0-9_-]{11}$/, { name: 'YouTube-ID' })
          .error('Eine YouTube-Video-ID hat genau elf Zeichen (Buchstaben, Ziffern, - oder _).'),
        warnOnPlaceholder(rule),
      ],
    }),
    defineField({ name: 'title', title: 'Titel des Videos', type: 'string', validation: requiredText('Der Titel') }),
    imageField({
      name: 'thumbnail',
      title: 'Vorschaubild',
      description: 'Wird gezeigt, bis jemand auf das Video klickt (erst dann wird YouTube geladen). Querformat 16:9.',
    }),
  ],
});

const whatsappLink = (rule: UrlRule) => [
  httpsUrl(rule).required(),
  rule.custom((value: string | undefined) =>
    !value || value.startsWith('https://chat.whatsapp.com/')
      ? true
      : 'Bitte füge den Einladungslink der Gruppe ein (beginnt mit https://chat.whatsapp.com/).',
  ),
  warnOnPlaceholder(rule),
];

export const groupLinks = defineType({
  name: 'groupLinks',
  title: 'WhatsApp-Gruppen',
  type: 'object',
  fields: [
    defineField({
      name: 'reiter',
      title: 'Reiterclub-Gruppe (für Reiterinnen)',
      type: 'url',
      validation: whatsappLink,
    }),
    defineField({ name: 'trainer', title: 'Trainerinnen-Gruppe', type: 'url', validation: whatsappLink }),
  ],
});

export const operator = defineType({
  name: 'operator',
  title: 'Betreiberin (Impressum)',
  type: 'object',
  description: 'Diese Angaben erscheinen im Impressum. Platzhalter in eckigen Klammern bitte ersetzen.',
  fields: [
    defineField({
      name: 'name',
      title: 'Vor- und Nachname',
      type: 'string',
      validation: (rule) => [requiredText('Der Name')(rule), warnOnPlaceholder(rule)],
    }),
    defineField({
      name: 'businessName',
      title: 'Name des Unternehmens',
      type: 'string',
      validation: warnOnPlaceholder,
    }),
    defineField({
      name: 'street',
      title: 'Straße und Hausnummer',
      type: 'string',
      validation: (rule) => [requiredText('Die Straße')(rule), warnOnPlaceholder(rule)],
    }),
    defineField({
      name: 'postalCode',
      title: 'PLZ',
      type: 'string',
      validation: (rule) => [requiredText('Die PLZ')(rule), warnOnPlaceholder(rule)],
    }),
    defineField({
      name: 'city',
      title: 'Ort',
      type: 'string',
      validation: (rule) => [requiredText('Der Ort')(rule), warnOnPlaceholder(rule)],
    }),
    defineField({
      name: 'country',
      title: 'Land',
      type: 'string',
      initialValue: 'Deutschland',
      validation: requiredText('Das Land'),
    }),
    defineField({
      name: 'email',
      title: 'E-Mail-Adresse',
      type: 'string',
      validation: (rule) => [
        rule.required().email().error('Bitte gib eine gültige E-Mail-Adresse ein.'),
        warnOnPlaceholder(rule),
      ],
    }),
    defineField({ name: 'phone', title: 'Telefon', type: 'string', validation: warnOnPlaceholder }),
    defineField({
      name: 'vatId',
      title: 'Umsatzsteuer-ID',
      description: 'Leer lassen, wenn keine vorhanden ist.',
      type: 'string',
      validation: warnOnPlaceholder,
    }),
    defineField({
      name: 'responsibleForContent',
      title: 'Verantwortlich für den Inhalt (§ 18 Abs. 2 MStV)',
      description: 'Name und Anschrift; leer lassen, wenn nicht nötig.',
      type: 'string',
      validation: warnOnPlaceholder,
    }),
  ],
});

/** Placeholder inside the imprint's text: the operator's details from the site settings appear here. */
export const operatorDetails = defineType({
  name: 'operatorDetails',
  title: 'Angaben zur Betreiberin (aus den Website-Einstellungen)',
  type: 'object',
  fields: [
    defineField({
      name: 'note',
      title: 'Hinweis',
      type: 'string',
      readOnly: true,
      initialValue: 'Hier erscheinen Name, Anschrift und Kontakt aus den Website-Einstellungen.',
    }),
  ],
  preview: { prepare: () => ({ title: 'Angaben zur Betreiberin', subtitle: 'aus den Website-Einstellungen' }) },
});
