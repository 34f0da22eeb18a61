// The German mails of accounts: email verification, the notice to the owner of an address that
// someone tried to sign up with again, password reset and the confirmation of a deleted account.
// They are queued in the mail outbox (sent and then emptied by its runner), never sent directly, so
// an SMTP outage delays them and a crash does not lose them.
import { enqueueMail, kickOutbox, MAIL_SIGNATURE as signature, type OutboxMail } from '../mail/mail.server';
import { getConfig } from '../config.server';
import { getDatabase } from '../db/db.server';
import { allow } from '../rate-limit.server';

type AccountMail = OutboxMail;

/** Where the verification mail's link leads: the page that asks for the password. */
export const VERIFY_PAGE_PATH = '/konto/bestaetigen';

/** The verification mail's link for `token` (Better Auth's signed verification token). */
export const verifyPageUrl = (token: string) =>
  `${getConfig().publicUrl}${VERIFY_PAGE_PATH}?token=${encodeURIComponent(token)}`;

export function verificationMail(to: string, url: string): AccountMail {
  return {
    to,
    subject: 'Bitte bestätige deine E-Mail-Adresse',
    text:
      `Hallo,\n\nmit dieser E-Mail-Adresse wurde ein Konto angelegt. Wenn du das warst, bestätige die Adresse ` +
      `über diesen Link (24 Stunden gültig). Dort fragen wir nach dem Passwort, das du beim Anlegen gewählt ` +
      `hast:\n\n${url}\n\nErst danach zeigen wir dir in deinem Konto deine Bewerbungen und Anmeldungen.\n\n` +
      `Wenn du kein Konto angelegt hast, kannst du diese E-Mail einfach löschen: Ohne das Passwort kann niemand ` +
      `diese Adresse bestätigen, und niemand sieht, was unter ihr bei uns liegt.${signature}`,
  };
}

/** To the owner of an address someone tried to sign up with again (the sign-up answered as for a new one). */
export function existingAccountMail(to: string): AccountMail {
  const { publicUrl } = getConfig();
  return {
    to,
    subject: 'Du hast schon ein Konto bei uns',
    text:
      `Hallo,\n\ngerade wollte jemand – vielleicht du – mit dieser E-Mail-Adresse ein neues Konto anlegen. ` +
      `Du hast aber schon eins, deshalb haben wir kein zweites angelegt.\n\nWarst du das? Dann melde dich ` +
      `einfach an:\n\n${publicUrl}/auth\n\nPasswort vergessen? Auf derselben Seite legst du mit ` +
      `„Forgot Password?“ ein neues fest.\n\nWarst du es nicht, kannst du diese E-Mail löschen: An deinem ` +
      `Konto hat sich nichts geändert.${signature}`,
  };
}

/** How often the owner of an address is told of sign-ups with it: at most once an hour. */
const EXISTING_ACCOUNT_MAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * Tells the owner of `email` that someone tried to sign up with it, at most once an hour (a
 * flood of such sign-ups must not flood their mailbox).
 */
export async function queueExistingAccountMail(userId: string, email: string) {
  const window = { bucket: 'existing-account-mail', key: userId, windowMs: EXISTING_ACCOUNT_MAIL_WINDOW_MS };
  if (!(await allow(window, 1)).allowed) return;
  await queueAccountMail('existing-account', existingAccountMail(email));
}

/** The reset link; for a team member's account (`team`) it leads back to the team sign-in. */
export function passwordResetMail(to: string, url: string, team = false): AccountMail {
  const account = team ? 'dein Team-Konto' : 'dein Konto';
  const after = team
    ? ' Danach meldest du dich im Team-Dashboard mit dem neuen Passwort und deiner Authenticator-App an.'
    : '';
  return {
    to,
    subject: 'Dein Link für ein neues Passwort',
    text:
      `Hallo,\n\nhier kannst du ein neues Passwort für ${account} festlegen. Der Link funktioniert einmal ` +
      `und ist eine Stunde gültig:\n\n${url}\n\nDanach bist du auf allen anderen Geräten abgemeldet.${after} Wenn du ` +
      `kein neues Passwort angefordert hast, ignoriere diese E-Mail; dein Passwort bleibt unverändert.${signature}`,
  };
}

export function accountDeletedMail(to: string): AccountMail {
  return {
    to,
    subject: 'Dein Konto ist gelöscht',
    text:
      `Hallo,\n\nwie gewünscht haben wir dein Konto gelöscht, zusammen mit den Bewerbungen und Anmeldungen ` +
      `unter deiner bestätigten E-Mail-Adresse. Du bist auf allen Geräten abgemeldet.\n\nWenn du das nicht ` +
      `warst, antworte bitte auf diese E-Mail.${signature}`,
  };
}

/** Queues one account mail (committed at once) and asks the outbox to send it now. */
export async function queueAccountMail(kind: string, mail: AccountMail) {
  await enqueueMail(getDatabase().db, kind, mail);
  kickOutbox();
}
