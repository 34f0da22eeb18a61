// The Newsletter tab without the DOM: what a newsletter's card says and offers (its state, its
// progress, whether it can be sent and by whom), and when the list must be asked again.
import { NEWSLETTER_VIEW_COPY as C, NOT_AVAILABLE } from '~/copy/dashboard';
import type { TeamRole } from '~/lib/team';
import type { NewsletterListEntry } from '~/lib/newsletter-sending';
import { formatDate } from '~/lib/berlin-time';

/** A newsletter of the list with the problems that keep it from being sent (none once it was sent). */
export type NewsletterCardData = NewsletterListEntry & { problems: string[] };

/** The list joined with the problems of those that cannot be sent. */
export function withProblems(
  newsletters: readonly NewsletterListEntry[],
  problems: readonly { id: string; problems: string[] }[],
): NewsletterCardData[] {
  return newsletters.map((n) => ({
    ...n,
    problems: n.status === 'ready' ? (problems.find((p) => p.id === n.id)?.problems ?? []) : [],
  }));
}

/** Ask the list again every 2 s while a newsletter goes out (its bar moves), and not otherwise. */
export const POLL_MS = 2000;
export const isSending = (newsletters: readonly NewsletterListEntry[]) =>
  newsletters.some((n) => n.status === 'sending');

/** The card's state line. */
export function stateText(n: NewsletterCardData): string {
  if (n.status === 'sent') return C.sentOn(formatDate(n.startedAt, NOT_AVAILABLE), n.by?.name || null);
  if (n.status === 'ready') return n.problems.length ? C.states.blocked : C.states.ready;
  return `${C.states[n.status]} (${C.startedBy(formatDate(n.startedAt, NOT_AVAILABLE), n.by?.name || null)})`;
}

/** The progress bar of a newsletter that went out or goes out: mails done (sent or failed) of all. */
export function progressOf(n: NewsletterListEntry): { value: number; max: number; text: string } | null {
  if (n.status === 'ready') return null;
  const max = Math.max(n.recipients, 1);
  return { value: Math.min(n.sent + n.failed, max), max, text: C.progress(n.sent, n.failed, n.recipients) };
}

/** The audience as the team reads it. */
export const audienceText = (n: NewsletterListEntry) => (n.audience ? C.audiences[n.audience] : C.noAudience);

/** What a member may do with a newsletter now. */
export function actionsFor(n: NewsletterCardData, role: TeamRole) {
  const sendable = n.status === 'ready' && n.problems.length === 0 && n.audience !== null;
  const owner = role === 'owner';
  return {
    test: sendable,
    send: owner && sendable && n.recipients > 0,
    /** Sendable, but nobody would get it. */
    nobody: sendable && n.recipients === 0,
    pause: owner && n.status === 'sending',
    resume: owner && n.status === 'paused',
  };
}
