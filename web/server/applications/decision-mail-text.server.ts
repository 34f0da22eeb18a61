// A decision mail as the applicant reads it: the founder's subject and text for the decision (and
// the application type, where she wrote different words), with the placeholders filled in. It is
// given the applicant's name, the application type and the deciding member's name, and nothing
// else: the applicant's message and whatever the team wrote for itself cannot end up in a mail.
import { fillPlaceholders } from '~schemas/decision-mail-placeholders';
import type { ApplicationType, Decision } from '~/lib/applications';
import { decisionMailTextFor, type DecisionMailTexts } from '../content/content.server';

export interface DecisionMailFacts {
  decision: Decision;
  applicationType: ApplicationType;
  /** The applicant's name as the form stored it. */
  applicantName: string;
  /** The team member who decided (null when unknown). */
  memberName: string | null;
}

/** Used where the deciding member is not known (a change made outside the dashboard). */
export const UNKNOWN_MEMBER = 'Das Team von Bewegungscoaching';

/** One line of plain text: control characters (a line break in a header) become spaces. */
const oneLine = (value: string) =>
  value
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The first word of a name ("Anna" of "Anna Maria Apfel"); the whole name if it is one word. */
export const firstName = (name: string) => oneLine(name).split(' ')[0] ?? '';

export function renderDecisionMail(texts: DecisionMailTexts, facts: DecisionMailFacts) {
  const { subject, body } = decisionMailTextFor(texts, facts.decision, facts.applicationType);
  const values = {
    vorname: firstName(facts.applicantName) || oneLine(facts.applicantName),
    teammitglied: oneLine(facts.memberName ?? '') || UNKNOWN_MEMBER,
  };
  return { subject: oneLine(fillPlaceholders(subject, values)), text: fillPlaceholders(body, values) };
}
