import { defineField, defineType, type UrlRule } from '@sanity/types';
import { httpsUrl, imageField, requiredText } from '../fields';
import { warnOnPlaceholder } from '../placeholders';
import { WHATSAPP_INVITE_PREFIX, whatsappInvite } from '../whatsapp-link';

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
    !value || whatsappInvite(value)
      ? true
      : `Bitte füge den Einladungslink der Gruppe ein (beginnt mit ${WHATSAPP_INVITE_PREFIX}).`,
  ),
  warnOnPlaceholder(rule),
];

/** The most members a WhatsApp group can hold. */
export const WHATSAPP_GROUP_LIMIT = 1024;
/** The capacity a new group of the pool starts with: room below WhatsApp's limit for admins and late joins. */
export const DEFAULT_GROUP_CAPACITY = 1000;
export const COMMUNITY_AUDIENCES = [
  { title: 'Reiterinnen (Reiterclub)', value: 'reiter' },
  { title: 'Trainerinnen', value: 'trainer' },
];

/**
 * One WhatsApp group of the community's pool. The stable links /gruppe/reiter and /gruppe/trainer
 * lead to the first active group of their audience that has not reached its capacity; the clicks
 * are counted per entry (its `_key`), so a reset invitation is replaced in `inviteUrl` of the same
 * entry, and a new group gets an entry of its own.
 */
export const communityGroup = defineType({
  name: 'communityGroup',
  title: 'WhatsApp-Gruppe',
  type: 'object',
  fields: [
    defineField({
      name: 'audience',
      title: 'Für',
      type: 'string',
      options: { list: COMMUNITY_AUDIENCES, layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required().error('Bitte wähle, für wen die Gruppe ist.'),
    }),
    defineField({
      name: 'name',
      title: 'Name der Gruppe',
      description: 'Nur für euch: so heißt die Gruppe im Dashboard und in den Hinweisen per E-Mail.',
      type: 'string',
      validation: requiredText('Der Name'),
    }),
    defineField({
      name: 'inviteUrl',
      title: 'Einladungslink',
      description:
        'Aus WhatsApp: Gruppeninfo → „Über Link einladen“. Hast du den Link zurückgesetzt, ersetze ihn hier: Die Links der Website (/gruppe/…) führen dann sofort zum neuen. Für eine neue Gruppe lege einen neuen Eintrag an.',
      type: 'url',
      validation: whatsappLink,
    }),
    defineField({
      name: 'capacity',
      title: 'Plätze',
      description: `Nach so vielen Klicks auf den Gruppenlink führt er zur nächsten Gruppe. Bei 90 % bekommt das Team eine E-Mail. WhatsApp erlaubt höchstens ${WHATSAPP_GROUP_LIMIT.toLocaleString('de-DE')} Mitglieder.`,
      type: 'number',
      initialValue: DEFAULT_GROUP_CAPACITY,
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(1)
          .max(WHATSAPP_GROUP_LIMIT)
          .error(`Die Plätze sind eine ganze Zahl von 1 bis ${WHATSAPP_GROUP_LIMIT.toLocaleString('de-DE')}.`),
    }),
    defineField({
      name: 'active',
      title: 'Aktiv',
      description: 'Ausgeschaltet führt kein Link mehr zu dieser Gruppe.',
      type: 'boolean',
      initialValue: true,
    }),
  ],
  preview: {
    select: { name: 'name', audience: 'audience', capacity: 'capacity', active: 'active' },
    prepare: ({ name, audience, capacity, active }: Record<string, unknown>) => ({
      title: `${String(name ?? 'Ohne Namen')}${active === false ? ' (aus)' : ''}`,
      subtitle: `${audience === 'trainer' ? 'Trainerinnen' : 'Reiterinnen'} · ${String(capacity ?? DEFAULT_GROUP_CAPACITY)} Plätze`,
    }),
  },
});

/** The pool needs an active group for each audience: each stable link must lead somewhere. */
export function poolProblems(groups: { audience?: string; active?: boolean }[] | undefined): string | true {
  const missing = COMMUNITY_AUDIENCES.filter(
    ({ value }) => !(groups ?? []).some((g) => g.audience === value && g.active !== false),
  );
  if (!missing.length) return true;
  return `Es fehlt eine aktive Gruppe für: ${missing.map((a) => a.title).join(', ')}.`;
}

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
