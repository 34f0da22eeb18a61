// One table of the dashboard's application filters, run through both implementations of the rule:
// the browser's `matchesFilter` (tests/unit/application-filters.test.ts) and the server's SQL
// behind `listApplications` on PGlite and PostgreSQL (tests/integration/application-filters.test.ts).
// Letters whose lower case JavaScript and PostgreSQL could spell differently are in it on purpose:
// İ (its full lower case is two code points), Σ (a final σ is ς in JavaScript's full mapping), ẞ,
// umlauts, and ı (a letter of its own, not an i).
import type { ApplicationFilter, ApplicationStatus, ApplicationType } from '~/lib/applications';

export interface FilterApplicant {
  name: string;
  email: string;
  applicationType: ApplicationType;
  status: ApplicationStatus;
}

export const FILTER_APPLICANTS: FilterApplicant[] = [
  { name: 'Mia Mentor', email: 'mia@example.org', applicationType: 'Mentor', status: 'pending' },
  { name: 'Paul Partner', email: 'paul@example.org', applicationType: 'Business Partner', status: 'approved' },
  { name: 'Zoe', email: 'ZOE@Example.org', applicationType: 'Mentee', status: 'pending' },
  { name: 'İlayda Yıldız', email: 'ilayda@example.org', applicationType: 'Mentee', status: 'pending' },
  { name: 'ΟΔΥΣΣΕΥΣ Παππάς', email: 'odysseus@example.org', applicationType: 'Mentor', status: 'rejected' },
  { name: 'Jörg Übermuth', email: 'joerg@example.org', applicationType: 'Mentee', status: 'approved' },
  { name: 'Grete GROẞ', email: 'grete@example.org', applicationType: 'Business Partner', status: 'pending' },
];

/** A filter and the names of the applicants it lets through (in the order of FILTER_APPLICANTS). */
export const FILTER_CASES: { filter: Partial<ApplicationFilter>; names: string[] }[] = [
  { filter: {}, names: FILTER_APPLICANTS.map((a) => a.name) },
  { filter: { type: 'Mentor' }, names: ['Mia Mentor', 'ΟΔΥΣΣΕΥΣ Παππάς'] },
  { filter: { status: 'approved' }, names: ['Paul Partner', 'Jörg Übermuth'] },
  { filter: { status: 'pending', q: 'zoe@' }, names: ['Zoe'] },
  { filter: { q: 'ZOE' }, names: ['Zoe'] },
  { filter: { q: 'example.org' }, names: FILTER_APPLICANTS.map((a) => a.name) },
  // Nothing is a pattern: % and _ are letters like any other.
  { filter: { q: '%' }, names: [] },
  { filter: { q: '_' }, names: [] },
  // İ folds to i, in the name and in the search alike.
  { filter: { q: 'ilayda' }, names: ['İlayda Yıldız'] },
  { filter: { q: 'İLAYDA' }, names: ['İlayda Yıldız'] },
  { filter: { q: 'İlayda' }, names: ['İlayda Yıldız'] },
  // ı is not i, and I folds to i: YILDIZ is not Yıldız.
  { filter: { q: 'yıldız' }, names: ['İlayda Yıldız'] },
  { filter: { q: 'YILDIZ' }, names: [] },
  // Σ folds to σ wherever it stands.
  { filter: { q: 'οδυσσευσ' }, names: ['ΟΔΥΣΣΕΥΣ Παππάς'] },
  { filter: { q: 'ΣΣΕΥΣ' }, names: ['ΟΔΥΣΣΕΥΣ Παππάς'] },
  { filter: { q: 'παππάς' }, names: ['ΟΔΥΣΣΕΥΣ Παππάς'] },
  { filter: { q: 'jörg' }, names: ['Jörg Übermuth'] },
  { filter: { q: 'ÜBER' }, names: ['Jörg Übermuth'] },
  { filter: { q: 'groß' }, names: ['Grete GROẞ'] },
  { filter: { type: 'Mentee', status: 'approved', q: 'über' }, names: ['Jörg Übermuth'] },
  { filter: { type: 'Mentor', q: 'über' }, names: [] },
];
