// What a WhatsApp group's invitation link must be, for the Studio (it refuses to publish another)
// and for the server, which checks again: a dataset can be written past the Studio (an API token),
// and the stable links /gruppe/… send visitors wherever the link points. A group whose link is not
// one is skipped, and launch readiness names it.

export const WHATSAPP_INVITE_PREFIX = 'https://chat.whatsapp.com/';

/** C0 and C1 control characters and DEL (a CR/LF would split the redirect's header). Global: use with search and replace. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The link as a redirect sends it (the URL parser's form: ASCII only, so any header takes it), or
 * undefined unless it is `https://chat.whatsapp.com/…` without a control character.
 */
export function whatsappInvite(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.search(CONTROL_CHARACTERS) >= 0 || !value.startsWith(WHATSAPP_INVITE_PREFIX))
    return undefined;
  // The prefix ends the authority, so the host is WhatsApp's; the parser only percent-encodes the rest.
  try {
    return new URL(value).href;
  } catch {
    return undefined;
  }
}
