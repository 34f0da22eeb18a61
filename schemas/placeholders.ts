// The placeholders the bundled content holds on purpose: a WhatsApp link with PLATZHALTER, an
// example.org address, instagram.com/dein.profil/, the YouTube id PLATZHALTER, bracketed "[…]"
// fields in the imprint and the footer. A site launched with them sends every new member to a dead
// link. The Studio warns on such a value before publishing (a warning: a draft may still hold one);
// a production server names each one at start and lists them on the team dashboard until they are
// replaced (web/server/content/launch-readiness.server.ts). Shared by the Studio and the server.
import type { RuleDef } from '@sanity/types';

/** Text that marks a value as a placeholder (compared without case). */
export const PLACEHOLDER_MARKERS = ['PLATZHALTER', 'example.org', 'example.com', 'dein.profil'] as const;

/** What marks `value` as a placeholder (a marker, or "[…]" for bracketed text); undefined for a real value. */
export function placeholderIn(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  const marker = PLACEHOLDER_MARKERS.find((m) => lower.includes(m.toLowerCase()));
  if (marker) return marker;
  return /\[[^\]]+\]/.test(value) ? '[…]' : undefined;
}

export const PLACEHOLDER_WARNING =
  'Das ist noch ein Platzhalter: Bitte vor dem Start durch den echten Wert ersetzen (sonst führt die Seite ins Leere).';

/** Warns (without stopping the publish) while a field holds a placeholder. */
export const warnOnPlaceholder = <R extends RuleDef<R, unknown>>(rule: R): R =>
  rule.custom((value: unknown) => (placeholderIn(value) ? PLACEHOLDER_WARNING : true)).warning();

interface TextBlock {
  _type?: string;
  children?: { text?: unknown }[];
  markDefs?: { href?: unknown }[];
}

/** The placeholders in Portable Text: bracketed text and placeholder links. */
export function placeholdersInBlocks(blocks: unknown): string[] {
  if (!Array.isArray(blocks)) return [];
  return (blocks as TextBlock[])
    .flatMap((block) => [
      ...(block.children ?? []).map((span) => placeholderIn(span.text)),
      ...(block.markDefs ?? []).map((mark) => placeholderIn(mark.href)),
    ])
    .filter((found): found is string => found !== undefined);
}

/** The same warning for a Portable Text field. */
export const warnOnPlaceholderInBlocks = <R extends RuleDef<R, unknown>>(rule: R): R =>
  rule.custom((value: unknown) => (placeholdersInBlocks(value).length ? PLACEHOLDER_WARNING : true)).warning();
