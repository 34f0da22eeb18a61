// The application form's input: one zod schema for the page (with and without JavaScript) and
// POST /api/applications, so every rule gives the same German message in the browser and on the
// server.
import { z } from 'zod';
import { APPLICATION_TYPES, type ApplicationType } from './applications';

export const NAME_MAX = 200;
export const EMAIL_MAX = 254;
export const WEBSITE_MAX = 500;
export const MESSAGE_MAX = 2000;
/** The honeypot's field name: people never see it (visually hidden, out of the tab order). */
export const HONEYPOT_FIELD = 'referenz';

export const APPLICATION_MESSAGES = {
  type: 'Bitte wähle aus, als was du dich bewirbst.',
  name: 'Bitte gib deinen Namen ein.',
  nameTooLong: `Bitte gib höchstens ${NAME_MAX} Zeichen ein.`,
  emailEmpty: 'Bitte gib deine E-Mail-Adresse ein.',
  email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  website: 'Bitte gib eine vollständige Adresse ein, die mit http:// oder https:// beginnt.',
  messageTooLong: `Deine Nachricht darf höchstens ${MESSAGE_MAX.toLocaleString('de-DE')} Zeichen lang sein.`,
  consent: 'Bitte stimme der Verarbeitung deiner Angaben zu, damit wir deine Bewerbung bearbeiten können.',
  invalid: 'Die Anfrage ist ungültig. Bitte lade die Seite neu und versuche es erneut.',
  summary: 'Bitte prüfe die markierten Felder.',
  noGrant: 'Dein Zugang ist abgelaufen oder fehlt. Bitte gib deinen Code auf /access ein.',
  failed: 'Deine Bewerbung konnte gerade nicht gespeichert werden. Bitte versuche es erneut.',
  tooLarge: 'Deine Angaben sind zu lang. Bitte kürze deine Nachricht.',
} as const;

// Control characters cannot be typed into single-line fields; refusing them keeps mails and exports clean.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// In the message, line breaks and tabs are fine; other control characters are not.
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optionalText = z
  .string(APPLICATION_MESSAGES.invalid)
  .optional()
  .nullable()
  // A form post sends line breaks as CRLF; the browser's counter counted them as one character.
  .transform((v) => v?.replace(/\r\n?/g, '\n').trim() || undefined);

export const applicationInput = z.object({
  /** Made by the page (crypto.randomUUID()); the same id again never stores a second application. */
  id: z.uuid(APPLICATION_MESSAGES.invalid).optional(),
  applicationType: z.enum(APPLICATION_TYPES, APPLICATION_MESSAGES.type),
  name: z
    .string(APPLICATION_MESSAGES.name)
    .trim()
    .min(1, APPLICATION_MESSAGES.name)
    .max(NAME_MAX, APPLICATION_MESSAGES.nameTooLong)
    .refine((s) => !CONTROL.test(s), APPLICATION_MESSAGES.name),
  email: z
    .string(APPLICATION_MESSAGES.emailEmpty)
    .trim()
    .min(1, APPLICATION_MESSAGES.emailEmpty)
    .max(EMAIL_MAX, APPLICATION_MESSAGES.email)
    .regex(EMAIL, APPLICATION_MESSAGES.email),
  websiteLink: optionalText.pipe(
    z
      .string()
      .max(WEBSITE_MAX, APPLICATION_MESSAGES.website)
      .refine(isWebAddress, APPLICATION_MESSAGES.website)
      .optional(),
  ),
  message: optionalText.pipe(
    z
      .string()
      .max(MESSAGE_MAX, APPLICATION_MESSAGES.messageTooLong)
      .refine((s) => !CONTROL_IN_TEXT.test(s), APPLICATION_MESSAGES.invalid)
      .optional(),
  ),
  consent: z.literal(true, APPLICATION_MESSAGES.consent),
});

export type ApplicationInput = z.input<typeof applicationInput>;
export type Application = z.output<typeof applicationInput>;
export type ApplicationField = keyof Application;
/** Every field's message (German), for the fields that have a problem. */
export type FieldErrors = Partial<Record<ApplicationField, string>>;

/** An absolute http(s) address with a host (no javascript:, no mailto:, no relative path). */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type ApplicationValidation =
  { ok: true; value: Application } | { ok: false; error: string; fields: FieldErrors };

/** Validates an application; on failure a summary and the first message of every field with a problem. */
export function validateApplication(input: unknown): ApplicationValidation {
  const result = applicationInput.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'id') as ApplicationField;
    fields[field] ??= issue.message;
  }
  const only = Object.keys(fields).length === 1 ? Object.values(fields)[0] : undefined;
  return { ok: false, error: only ?? APPLICATION_MESSAGES.summary, fields };
}

/** The form's fields (a form post, or FormData in the browser) as the schema's input. */
export function applicationFromForm(form: { get(name: string): FormDataEntryValue | null }) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  return {
    id: text('id') || undefined,
    applicationType: text('applicationType') as ApplicationType | undefined,
    name: text('name') ?? '',
    email: text('email') ?? '',
    websiteLink: text('websiteLink'),
    message: text('message'),
    // A checkbox sends its value only when ticked.
    consent: form.get('consent') !== null,
  };
}

/** What the visitor typed, to fill the form again after a refused post (never the consent). */
export type ApplicationDraft = Partial<
  Record<'applicationType' | 'name' | 'email' | 'websiteLink' | 'message', string>
>;

/** Whether the honeypot was filled (a bot): answered like a success, nothing stored. */
export const isBot = (form: { get(name: string): FormDataEntryValue | null }) => Boolean(form.get(HONEYPOT_FIELD));

/** "1.234 / 2.000 Zeichen": the message's live counter (characters as the server counts them). */
export const messageCounter = (message: string) =>
  `${message.length.toLocaleString('de-DE')} / ${MESSAGE_MAX.toLocaleString('de-DE')} Zeichen`;
