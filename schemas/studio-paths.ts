// Where a field is in the Studio, in the Studio's own words: the desk's list title, each field's
// title with the tab it sits on, and an entry of a list by its name, e.g. "Website-Einstellungen ›
// Betreiberin (Impressum) › Umsatzsteuer-ID". The team dashboard gives such directions to the
// founder (the launch list, the community's notices); they are read from the schema types and the
// desk structure's titles, so a renamed field or tab is renamed in the directions too.
import { legalPage } from './documents/legalPage';
import { mediaReference } from './documents/mediaReference';
import { communityGroup, heroVideo, operator, photoNetwork } from './objects/settingsParts';
import { siteSettings } from './singletons/siteSettings';

/** The desk structure's titles (studio/structure.ts lists the content under these names). */
export const DESK_TITLES = {
  landingPage: 'Startseite',
  siteSettings: 'Website-Einstellungen',
  decisionMails: 'E-Mails zur Entscheidung',
  programme: 'Programme',
  horseCase: 'Pferde (Vorher – Nachher)',
  mediaReference: 'Medienreferenzen',
  questionCard: 'Fragekarten „Ist es wahr, dass …“',
  learningSlide: 'Folien „Ich zeige dir wie“',
  faqItem: 'Häufige Fragen',
  legalPage: 'Rechtstexte',
  newsletter: 'Newsletter',
} as const;

interface SchemaField {
  name: string;
  title?: string;
  type: string;
  group?: string | string[];
  of?: { type: string }[];
  fields?: SchemaField[];
}
interface SchemaType {
  name: string;
  title?: string;
  fields?: SchemaField[];
  groups?: { name: string; title?: string }[];
}

// The types the directions lead through (a field of another type is named by the type it has).
const TYPES = [siteSettings, operator, photoNetwork, heroVideo, communityGroup, mediaReference, legalPage] as const;
const typeNamed = (name: string) => (TYPES as readonly SchemaType[]).find((t) => t.name === name);

/** A step of a path: a field's name, or an entry of a list (a document or an array item) as the Studio lists it. */
export type StudioStep = string | { entry: string };

/**
 * The Studio's path to a field: `studioPath('siteSettings', 'operator', 'vatId')` is
 * "Website-Einstellungen › Betreiberin (Impressum) › Umsatzsteuer-ID". Throws for a field the
 * schema does not have (a test walks every path the dashboard uses).
 */
export function studioPath(document: keyof typeof DESK_TITLES, ...steps: StudioStep[]): string {
  const parts: string[] = [DESK_TITLES[document]];
  let type: SchemaType | undefined = typeNamed(document);
  for (const step of steps) {
    if (typeof step !== 'string') {
      parts.push(step.entry);
      continue;
    }
    const field = type?.fields?.find((f) => f.name === step);
    if (!type || !field) throw new Error(`The Studio has no field "${step}" in ${type?.name ?? document}`);
    const groupName = Array.isArray(field.group) ? field.group[0] : field.group;
    const group = type.groups?.find((g) => g.name === groupName)?.title;
    parts.push(`${field.title ?? field.name}${group ? ` (${group})` : ''}`);
    // On into the field's own type: an object type, an array's items, or fields of its own.
    const inner = field.type === 'array' ? field.of?.[0]?.type : field.type;
    type = (inner && typeNamed(inner)) || (field.fields ? { name: field.name, fields: field.fields } : undefined);
  }
  return parts.join(' › ');
}
