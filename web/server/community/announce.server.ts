// The team hears once when a group of the pool is 90 % full: whichever click (on whichever
// instance) reaches the mark claims the announcement with a conditional update and queues the mail
// in the same transaction, so a second instance, a retry or a later click finds it claimed. A new
// capacity (the Studio gave the group more or fewer places) is announced again when it is reached.
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { CommunityGroup } from '~/lib/content-types';
import { communityPath } from '~/lib/community';
import { getConfig } from '../config.server';
import { getDatabase, schema } from '../db/db.server';
import { log } from '../log.server';
import { enqueueMail, kickOutbox, MAIL_SIGNATURE } from '../mail/mail.server';
import { announceAt, ANNOUNCE_PERCENT } from './pool.server';

export const CAPACITY_MAIL_KIND = 'community-capacity';

const AUDIENCE_NAMES = { reiter: 'Reiterinnen', trainer: 'Trainerinnen' } as const;

// Announcements this process made or found made (key → capacity): later clicks skip the database.
let announced = { db: undefined as object | undefined, keys: new Map<string, number>() };
function announcedIn(db: object) {
  if (announced.db !== db) announced = { db, keys: new Map() };
  return announced.keys;
}

const number = (n: number) => n.toLocaleString('de-DE');

/** The team's mail about `group`, with what happens next (`next`: the group the link moves on to). */
export function capacityMail(
  group: CommunityGroup,
  clicks: number,
  next: CommunityGroup | undefined,
  publicUrl: string,
): { subject: string; text: string } {
  const link = `${publicUrl}${communityPath(group.audience)}`;
  const then = next
    ? `Ist sie voll, führt der Link ${link} automatisch zur nächsten Gruppe: „${next.name}“. Ihr müsst nichts tun.`
    : `Danach gibt es keine weitere aktive Gruppe für ${AUDIENCE_NAMES[group.audience]}: Der Link ${link} führt ` +
      `dann weiter in diese Gruppe, auch wenn sie voll ist. Bitte legt im Studio (Website-Einstellungen → ` +
      `Community → WhatsApp-Gruppen) rechtzeitig eine neue Gruppe an.`;
  return {
    subject: `WhatsApp-Gruppe „${group.name}“ zu ${ANNOUNCE_PERCENT} % voll`,
    text:
      `Hallo Team,\n\ndie WhatsApp-Gruppe „${group.name}“ (${AUDIENCE_NAMES[group.audience]}) hat ` +
      `${number(clicks)} von ${number(group.capacity)} Plätzen erreicht (gezählte Klicks auf den Gruppenlink).\n\n` +
      then +
      MAIL_SIGNATURE,
  };
}

/**
 * After a counted click brought `group` to `clicks`: when that reaches 90 % of its capacity and the
 * announcement for this capacity was not made yet, claims it and queues the team's mail. Never
 * throws (the visitor's redirect does not wait on the team's mail); a failed attempt is made again
 * by the next click.
 */
export async function announceIfNearlyFull(
  group: CommunityGroup,
  clicks: number,
  next: CommunityGroup | undefined,
): Promise<void> {
  if (clicks < announceAt(group.capacity)) return;
  const { db } = getDatabase();
  const done = announcedIn(db);
  if (done.get(group.key) === group.capacity) return;
  try {
    const g = schema.communityGroups;
    const { mail, publicUrl } = getConfig();
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(g)
        .set({ announcedCapacity: group.capacity })
        .where(and(eq(g.key, group.key), or(isNull(g.announcedCapacity), ne(g.announcedCapacity, group.capacity))))
        .returning({ key: g.key });
      if (row && mail.teamNotify)
        await enqueueMail(tx, CAPACITY_MAIL_KIND, {
          to: mail.teamNotify,
          ...capacityMail(group, clicks, next, publicUrl),
        });
      return Boolean(row);
    });
    done.set(group.key, group.capacity);
    if (!claimed) return;
    log.warn(
      { group: group.key, clicks, capacity: group.capacity },
      `Community group "${group.name}" (${group.audience}) reached ${clicks} of ${group.capacity} places` +
        (mail.teamNotify ? '; the team is mailed' : '; TEAM_NOTIFY_EMAIL is not set, nobody is mailed'),
    );
    kickOutbox();
  } catch (error) {
    log.error({ err: error, group: group.key }, 'Announcing a nearly full community group failed');
  }
}

/** Forgets the announcements this process knows of (tests that empty the tables between cases). */
export function forgetAnnouncements(): void {
  announced = { db: undefined, keys: new Map() };
}
