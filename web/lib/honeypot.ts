// The one honeypot of the public forms (the signup and the application form): a field people never
// see (visually hidden, out of the tab order, web/components/Honeypot.tsx) that bots filling every
// field fill. A filled one is answered like a success (so the bot does not adapt) and nothing is
// stored or mailed.

import { z } from 'zod';

/** The honeypot's field name, in the posted form and in the JSON body alike. */
export const HONEYPOT_FIELD = 'referenz';

/**
 * Whether the honeypot of `input` (a JSON body, or a posted form) was filled: anything but an empty
 * or blank string, or no field at all, is a bot.
 */
export function filledHoneypot(input: Record<string, unknown> | { get(name: string): unknown }): boolean {
  const value =
    typeof input.get === 'function' ? input.get(HONEYPOT_FIELD) : (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/**
 * The honeypot as a field of an input's schema: `true` when it was filled (a bot), else absent, so
 * that a domain reads it from its typed input like any other field.
 */
export const honeypotField = z
  .unknown()
  .optional()
  .transform((value) => filledHoneypot({ [HONEYPOT_FIELD]: value }) || undefined);
