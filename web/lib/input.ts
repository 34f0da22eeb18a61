// Checking an input against its zod schema, the same way in the browser and on the server: the value,
// or the one message to show and each field's first message (`{field: message}`), the shape every
// 400 of the API and every refused form answers.
import type { z } from 'zod';

/** The first message of each field with a problem. */
export type FieldMessages = Record<string, string>;

export type InputCheck<T, Fields = FieldMessages> =
  { ok: true; value: T } | { ok: false; error: string; fields: Fields };

/** Picks the one message to show from every issue's message and the fields' messages. */
export type Summary = (messages: string[], fields: FieldMessages) => string;

/** By default the first issue's message. */
const firstMessage: Summary = (messages) => messages[0]!;

/**
 * Checks `input` against `schema`. An issue about the input as a whole (not an object at all)
 * names no field; it still gives the message.
 */
export function checkInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  summary: Summary = firstMessage,
): InputCheck<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields: FieldMessages = {};
  for (const issue of result.error.issues) if (issue.path.length) fields[String(issue.path[0])] ??= issue.message;
  return {
    ok: false,
    error: summary(
      result.error.issues.map((i) => i.message),
      fields,
    ),
    fields,
  };
}
