// The German mails of accounts: email verification, password reset and the confirmation of a
// deleted account. They are queued in the mail outbox (sent and then emptied by its runner), never
// sent directly, so an SMTP outage delays them and a crash does not lose them.
import { enqueueMail, kickOutbox, MAIL_SIGNATURE as signature, type OutboxMail } from '../mail/mail.server';
import { getDatabase } from '../db/db.server';

type AccountMail = OutboxMail;

export function verificationMail(to: string, url: string): AccountMail {
  return {
    to,
    subject: 'Bitte bestätige deine E-Mail-Adresse',
    text:
      `Hallo,\n\ndu hast ein Konto mit dieser E-Mail-Adresse angelegt. Bitte bestätige sie mit diesem Link ` +
      `(24 Stunden gültig):\n\n${url}\n\nErst danach zeigen wir dir in deinem Konto deine Bewerbungen und ` +
      `Anmeldungen. Wenn du kein Konto angelegt hast, kannst du diese E-Mail einfach löschen.${signature}`,
  };
}

export function passwordResetMail(to: string, url: string): AccountMail {
  return {
    to,
    subject: 'Dein Link für ein neues Passwort',
    text:
      `Hallo,\n\nhier kannst du ein neues Passwort für dein Konto festlegen. Der Link funktioniert einmal ` +
      `und ist eine Stunde gültig:\n\n${url}\n\nDanach bist du auf allen anderen Geräten abgemeldet. Wenn du ` +
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
