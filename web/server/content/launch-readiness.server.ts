// Launch readiness: the placeholders the published content still holds (schemas/placeholders.ts: a
// WhatsApp link with PLATZHALTER, an example.org address, instagram.com/dein.profil/, a bracketed
// field of the imprint or footer, an audience without an active WhatsApp group). A production server names each
// one at start (a warning line each) and the team dashboard lists them until they are replaced.
import type { CommunityGroup, LandingContent, LegalPage, SiteSettings } from '~/lib/content-types';
import type { LaunchPlaceholder } from '~/lib/launch-readiness';
import { placeholderIn, placeholdersInBlocks } from '../../../schemas/placeholders';
import { log } from '../log.server';
import { OPERATOR_BLOCK_KEY } from './mapping.server';

const OPERATOR_FIELDS = [
  ['name', 'name'],
  ['businessName', 'business name'],
  ['street', 'street'],
  ['postalCode', 'postcode'],
  ['city', 'town'],
  ['email', 'e-mail address'],
  ['phone', 'phone'],
  ['vatId', 'VAT ID'],
  ['responsibleForContent', 'responsible for the content'],
] as const satisfies readonly (readonly [keyof SiteSettings['operator'], string])[];

/** Every placeholder of the content, in the order the Studio shows the fields. */
export function launchPlaceholders(content: {
  settings: SiteSettings;
  /** The community's pool of WhatsApp groups (the stable links /gruppe/… lead into them). */
  communityGroups: CommunityGroup[];
  mediaReferences: LandingContent['mediaReferences'];
  legalPages: Pick<LegalPage, 'title' | 'body'>[];
}): LaunchPlaceholder[] {
  const { settings } = content;
  const found: LaunchPlaceholder[] = [];
  const check = (where: string, value: string | undefined, { required = false } = {}) => {
    if (required && !value?.trim()) return found.push({ where, value: '', marker: 'missing' });
    const marker = placeholderIn(value);
    if (marker) found.push({ where, value: value!, marker });
  };
  for (const [audience, label] of [
    ['reiter', 'riders'],
    ['trainer', 'trainers'],
  ] as const) {
    const groups = content.communityGroups.filter((group) => group.audience === audience && group.active);
    if (!groups.length)
      found.push({ where: `Site settings › Community › ${label}’ WhatsApp group`, value: '', marker: 'missing' });
    for (const group of groups)
      check(`Site settings › Community › ${label}’ group “${group.name}” › invitation`, group.inviteUrl, {
        required: true,
      });
  }
  check('Site settings › Video › YouTube id', settings.heroVideo.youtubeId);
  check('Site settings › Instagram › profile address', settings.photoNetwork.url);
  for (const [field, label] of OPERATOR_FIELDS)
    check(`Site settings › Imprint (operator) › ${label}`, settings.operator[field]);
  for (const reference of content.mediaReferences) check(`Media reference “${reference.title}” › link`, reference.url);
  for (const page of content.legalPages) {
    // The operator's details inside the imprint come from the site settings: listed there already.
    const own = page.body.filter((block) => !block._key?.startsWith(OPERATOR_BLOCK_KEY));
    for (const marker of new Set(placeholdersInBlocks(own)))
      found.push({ where: `${page.title} › text`, value: '', marker });
  }
  return found;
}

/**
 * One warning line per placeholder (a production server, at start). The line names the field and
 * what marks it, never the value (an address or a name may be real by then).
 */
export async function logPlaceholders(placeholders: () => Promise<LaunchPlaceholder[]>): Promise<void> {
  try {
    for (const p of await placeholders())
      log.warn(
        { field: p.where, marker: p.marker },
        `Content placeholder before launch: ${p.where} (${p.marker === 'missing' ? 'missing' : `holds "${p.marker}"`}); replace it in the Studio`,
      );
  } catch (error) {
    log.warn({ err: error }, 'The content could not be checked for placeholders');
  }
}
