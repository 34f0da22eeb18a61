// The mails of a new application: a German confirmation to the applicant and, when
// TEAM_NOTIFY_EMAIL is set, a notice to the team. Both are queued in the transaction that stores
// the application, so they go out if and only if it was stored, and an SMTP outage only delays them.
import type { ApplicationRecord } from '~/lib/applications';
import { getConfig } from '../config.server';
import type { Db } from '../db/db.server';
import { enqueueMail, MAIL_SIGNATURE, type OutboxMail } from '../mail/mail.server';

export const APPLICATION_MAIL_KINDS = { received: 'application-received', team: 'application-team-notice' } as const;

export function applicationReceivedMail(application: ApplicationRecord, publicUrl: string): OutboxMail {
  const details = [
    `Bewerbung als: ${application.applicationType}`,
    `Name: ${application.name}`,
    `E-Mail: ${application.email}`,
    ...(application.websiteLink ? [`Website: ${application.websiteLink}`] : []),
  ].join('\n');
  return {
    to: application.email,
    subject: 'Deine Bewerbung ist angekommen',
    text:
      `Hallo ${application.name},\n\n` +
      `danke für deine Bewerbung! Sie ist bei uns angekommen:\n\n${details}\n\n` +
      `So geht es weiter: Unser Team liest jede Bewerbung persönlich und meldet sich per E-Mail bei dir, ` +
      `sobald wir entschieden haben. Wenn du magst, lege mit dieser E-Mail-Adresse ein Konto an ` +
      `(${publicUrl}/auth?mode=sign-up): Dort siehst du jederzeit den Stand deiner Bewerbung.\n\n` +
      `Wir speichern deine Angaben, um deine Bewerbung zu bearbeiten, und löschen sie 12 Monate nach der ` +
      `letzten Änderung. Mehr dazu: ${publicUrl}/datenschutz` +
      MAIL_SIGNATURE,
  };
}

/** The team's notice: who applied as what, and where to look; never the applicant's message. */
export function applicationTeamMail(application: ApplicationRecord, to: string, publicUrl: string): OutboxMail {
  return {
    to,
    subject: `Neue Bewerbung: ${application.name} (${application.applicationType})`,
    text:
      `Hallo Team,\n\neine neue Bewerbung ist eingegangen:\n\n` +
      `Name: ${application.name}\nBewerbung als: ${application.applicationType}\n\n` +
      `Ansehen und entscheiden im Team-Dashboard: ${publicUrl}/teamdashboard` +
      MAIL_SIGNATURE,
  };
}

/** Queues the mails of a new application in `tx`, the transaction that stores it. */
export async function queueApplicationMails(tx: Db, application: ApplicationRecord): Promise<void> {
  const { publicUrl, mail } = getConfig();
  await enqueueMail(tx, APPLICATION_MAIL_KINDS.received, applicationReceivedMail(application, publicUrl));
  if (mail.teamNotify) {
    await enqueueMail(tx, APPLICATION_MAIL_KINDS.team, applicationTeamMail(application, mail.teamNotify, publicUrl));
  }
}
