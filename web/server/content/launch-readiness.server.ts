// Launch readiness: the placeholders the published content still holds (schemas/placeholders.ts: a
// WhatsApp link with PLATZHALTER, an example.org address, instagram.com/dein.profil/, a bracketed
// field of the imprint or footer, an audience without an active WhatsApp group), and an active
// group whose link is not a WhatsApp invitation (the stable links skip it). A production server
// names each one at start (a warning line each) and the team dashboard lists them until they are
// replaced. Each is named by its place in the Studio, in the Studio's words (schemas/studio-paths.ts).
import type { CommunityGroup, LandingContent, LegalPage, SiteSettings } from '~/lib/content-types';
import { NOT_WHATSAPP, type LaunchPlaceholder } from '~/lib/launch-readiness';
import { placeholderIn, placeholdersInBlocks } from '~schemas/placeholders';
import { COMMUNITY_AUDIENCES } from '~schemas/objects/settingsParts';
import { studioPath } from '~schemas/studio-paths';
import { CONTROL_CHARACTERS, whatsappInvite } from '~schemas/whatsapp-link';
import { log } from '../log.server';
import { OPERATOR_BLOCK_KEY } from './mapping.server';

const OPERATOR_FIELDS = [
  'name',
  'businessName',
  'street',
  'postalCode',
  'city',
  'email',
  'phone',
  'vatId',
  'responsibleForContent',
] as const satisfies readonly (keyof SiteSettings['operator'])[];

/** A value with its control characters written out (\u000d), so a list shows what the field holds. */
const visible = (value: string) =>
  value.replace(CONTROL_CHARACTERS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

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
  for (const { value: audience, title } of COMMUNITY_AUDIENCES) {
    const groups = content.communityGroups.filter((group) => group.audience === audience && group.active);
    if (!groups.length)
      found.push({
        where: studioPath('siteSettings', 'communityGroups', { entry: `aktive Gruppe für ${title}` }),
        value: '',
        marker: 'missing',
      });
    for (const group of groups) {
      const where = studioPath('siteSettings', 'communityGroups', { entry: `„${group.name}“` }, 'inviteUrl');
      if (group.inviteUrl?.trim() && !whatsappInvite(group.inviteUrl))
        found.push({ where, value: visible(group.inviteUrl), marker: NOT_WHATSAPP });
      else check(where, group.inviteUrl, { required: true });
    }
  }
  check(studioPath('siteSettings', 'heroVideo', 'youtubeId'), settings.heroVideo.youtubeId);
  check(studioPath('siteSettings', 'photoNetwork', 'url'), settings.photoNetwork.url);
  for (const field of OPERATOR_FIELDS) check(studioPath('siteSettings', 'operator', field), settings.operator[field]);
  for (const reference of content.mediaReferences)
    check(studioPath('mediaReference', { entry: `„${reference.title}“` }, 'url'), reference.url);
  for (const page of content.legalPages) {
    // The operator's details inside the imprint come from the site settings: listed there already.
    const own = page.body.filter((block) => !block._key?.startsWith(OPERATOR_BLOCK_KEY));
    for (const marker of new Set(placeholdersInBlocks(own)))
      found.push({ where: studioPath('legalPage', { entry: page.title }, 'body'), value: '', marker });
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
        `Content placeholder before launch: ${p.where} (${p.marker === 'missing' || p.marker === NOT_WHATSAPP ? p.marker : `holds "${p.marker}"`}); replace it in the Studio`,
      );
  } catch (error) {
    log.warn({ err: error }, 'The content could not be checked for placeholders');
  }
}
