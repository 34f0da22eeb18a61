// The application form's input: one zod schema for the page (with and without JavaScript) and
// POST /api/applications, so every rule gives the same German message in the browser and on the
// server.
import { z } from 'zod';
import { APPLICATION_MESSAGES } from '~/copy/access';
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, WEBSITE_MAX } from '~/copy/limits';
import { APPLICATION_TYPES, type ApplicationType } from './applications';
import { HONEYPOT_FIELD, honeypotField } from './honeypot';
import { checkInput, type InputCheck, type Summary } from './input';

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
  websiteLink: optionalText
    .transform((v) => (v === undefined ? v : withScheme(v)))
    .pipe(
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
  /** Whether the honeypot was filled (a bot): answered like a success, nothing stored. */
  [HONEYPOT_FIELD]: honeypotField,
});

export type Application = z.output<typeof applicationInput>;
export type ApplicationField = keyof Application;
/** Every field's message (German), for the fields that have a problem. */
export type FieldErrors = Partial<Record<ApplicationField, string>>;

/**
 * An address typed without its scheme ("www.marie-reitet.de", "//example.org") gets `https://`, as
 * people write addresses; one with a scheme keeps it (and is refused unless it is http or https).
 */
export function withScheme(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
  return `https://${value.replace(/^\/+/, '')}`;
}

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

export type ApplicationValidation = InputCheck<Application, FieldErrors>;

/** The one message of a refused application: the field's own when only one is at fault, else the summary. */
export const applicationSummary: Summary = (_messages, fields) => {
  const messages = Object.values(fields);
  return messages.length === 1 ? messages[0]! : APPLICATION_MESSAGES.summary;
};

/** Validates an application; on failure a summary and the first message of every field with a problem. */
export function validateApplication(input: unknown): ApplicationValidation {
  return checkInput(applicationInput, input, applicationSummary) as ApplicationValidation;
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
    [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? undefined,
  };
}

/** What the visitor typed, to fill the form again after a refused post (never the consent). */
export type ApplicationDraft = Partial<
  Record<'applicationType' | 'name' | 'email' | 'websiteLink' | 'message', string>
>;

/** "1.234 / 2.000 Zeichen": the message's live counter (characters as the server counts them). */
export const messageCounter = (message: string) =>
  `${message.length.toLocaleString('de-DE')} / ${MESSAGE_MAX.toLocaleString('de-DE')} Zeichen`;
