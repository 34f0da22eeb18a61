// The texts of the decision mails (singleton `decisionMails`), checked before the server sends
// with them. The Studio refuses to publish a text with an unknown placeholder, but the content API
// takes any document: a text that fails the same check is replaced by the bundled dataset's text
// of that mail (and named in a warning), so an applicant never gets a broken mail. A project that
// has no such document yet (created before this feature) gets the bundled texts as a whole.
import type { DecisionMailsQueryResult } from '~schemas/sanity.types';
import { placeholderProblem } from '~schemas/decision-mail-placeholders';
import { APPLICATION_TYPES, type ApplicationType, type Decision } from '~/lib/applications';

export interface DecisionMailText {
  subject: string;
  body: string;
}

/** What the server sends for each decision, and different words per application type. */
export interface DecisionMailTexts {
  approval: DecisionMailText;
  rejection: DecisionMailText;
  byType: { applicationType: ApplicationType; approval?: DecisionMailText; rejection?: DecisionMailText }[];
}

const FIELD: Record<Decision, 'approval' | 'rejection'> = { approved: 'approval', rejected: 'rejection' };
const NAMES = { approval: 'Zusage', rejection: 'Absage' } as const;

type RawText = { subject: string | null; body: string | null } | null | undefined;

/** Why a text cannot be sent as it is (English, for the log), or undefined. */
function textProblem(text: RawText): string | undefined {
  if (!text?.subject?.trim() || !text.body?.trim()) return 'subject or text is empty';
  if (/[\r\n]/.test(text.subject)) return 'the subject has a line break';
  const problem = placeholderProblem(text.subject) ?? placeholderProblem(text.body);
  return problem ? `placeholders: ${problem}` : undefined;
}

const clean = (text: RawText): DecisionMailText => ({ subject: text!.subject!.trim(), body: text!.body!.trim() });

/**
 * The texts of `result`, each that fails its check replaced by the fallback's (the bundled
 * dataset's, already checked); `problems` collects what was replaced, for one warning.
 */
export function checkDecisionMails(
  result: DecisionMailsQueryResult,
  fallback: DecisionMailTexts | undefined,
  problems: string[] = [],
): DecisionMailTexts {
  if (!result) {
    if (!fallback) throw new Error('Content error: the decision mails (decisionMails) are missing.');
    problems.push('the content has no decisionMails document: the bundled texts are used');
    return fallback;
  }
  const general = (field: 'approval' | 'rejection') => {
    const problem = textProblem(result[field]);
    if (!problem) return clean(result[field]);
    if (!fallback) throw new Error(`Content error: decision mail „${NAMES[field]}“: ${problem}.`);
    problems.push(`${NAMES[field]}: ${problem}; the bundled text is used`);
    return fallback[field];
  };
  const byType: DecisionMailTexts['byType'] = [];
  for (const variant of result.byType ?? []) {
    const type = APPLICATION_TYPES.find((t) => t === variant.applicationType);
    if (!type || byType.some((v) => v.applicationType === type)) {
      problems.push(`a variant for "${variant.applicationType}" is unknown or doubled and is left out`);
      continue;
    }
    const entry: DecisionMailTexts['byType'][number] = { applicationType: type };
    for (const field of ['approval', 'rejection'] as const) {
      const text = variant[field];
      if (!text) continue;
      const problem = textProblem(text);
      if (problem) problems.push(`${NAMES[field]} (${type}): ${problem}; the general text is used`);
      else entry[field] = clean(text);
    }
    byType.push(entry);
  }
  return { approval: general('approval'), rejection: general('rejection'), byType };
}

/** The subject and text for `decision` on an application of `type`: its own words, else the general ones. */
export function decisionMailTextFor(texts: DecisionMailTexts, decision: Decision, type: ApplicationType) {
  const field = FIELD[decision];
  return texts.byType.find((v) => v.applicationType === type)?.[field] ?? texts[field];
}
