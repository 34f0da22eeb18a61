// What a card says about the decision mail, without the DOM: "Mail in 1:45 · Undo" while it waits,
// "Mail sent 14:02" once it went, a failure, or an undone decision. The time left is counted
// against the page's clock; the server decides what an undo reaches (a change after the claim
// no longer cancels the mail, and the card then shows it going out).
import { isDecision, type ApplicationRecord, type ApplicationStatus, type Decision } from '../../lib/applications';
import { DECISION_MAIL_COPY as C, NOT_AVAILABLE } from '~/copy/dashboard';
import { berlinDay, formatDateTime, formatTime } from '~/lib/berlin-time';

export type MailLine =
  /** Waiting for its delay: the time left and what an undo sets again. */
  | { kind: 'scheduled'; text: string; undoTo: ApplicationStatus; remainingMs: number }
  | { kind: 'sending' | 'sent' | 'failed' | 'cancelled'; text: string };

/** "1:45" for 105 s (whole seconds, rounded up, so it never shows 0:00 while time is left). */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "14:02" on the day of `now` (Berlin), "21.11.2026, 14:02" on another. */
export function clockTime(iso: string, now: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return formatDateTime(iso, NOT_AVAILABLE);
  return berlinDay(date) === berlinDay(now) ? formatTime(date) : formatDateTime(date);
}

/** The card's line about its decision mail at `now` (ms), or null when there is none to show. */
export function mailLine(application: ApplicationRecord, now: number): MailLine | null {
  const mail = application.decisionMail;
  if (!mail) return null;
  // The mail of another decision than the one shown (it was under way when the status changed).
  const what = mail.decision === application.status ? C.mail : C.named[mail.decision];
  switch (mail.status) {
    case 'scheduled': {
      const remainingMs = new Date(mail.at).getTime() - now;
      if (remainingMs > 0 && mail.from)
        return { kind: 'scheduled', text: C.scheduled(what, countdown(remainingMs)), undoTo: mail.from, remainingMs };
      return { kind: 'sending', text: C.sending(what) };
    }
    case 'sent':
      return { kind: 'sent', text: C.sent(what, clockTime(mail.at, now)) };
    case 'failed':
      return {
        kind: 'failed',
        text: (mail.retrying ? C.failed : C.gaveUp)(what, clockTime(mail.at, now)),
      };
    case 'cancelled':
      // Only while nothing was decided since: a later decision shows its own mail.
      return application.status === 'pending' ? { kind: 'cancelled', text: C.cancelled } : null;
  }
}

/** The application's decision can still be undone at `now`: the status an undo sets, or null. */
export function undoTarget(application: ApplicationRecord, now: number): ApplicationStatus | null {
  const line = mailLine(application, now);
  return line?.kind === 'scheduled' ? line.undoTo : null;
}

/** What the applicant was told (or is being told right now) that a decision would contradict. */
export interface Contradiction {
  told: Decision;
  /** When the mail went out; absent while it is being sent. */
  at?: string;
}

/**
 * Whether setting `status` contradicts what the applicant was told by mail: an approval after the
 * rejection went out (or while it is being sent), or the reverse. Null when it does not (pending
 * sends nothing; the same decision again sends nothing new).
 */
export function contradiction(application: ApplicationRecord, status: ApplicationStatus): Contradiction | null {
  if (!isDecision(status)) return null;
  const mail = application.decisionMail;
  // A mail past its delay without an undo is on its way: it is being told now.
  if (mail?.status === 'scheduled' && !mail.from && mail.decision !== status) return { told: mail.decision };
  const sent = application.sentMail;
  return sent && sent.decision !== status ? { told: sent.decision, at: sent.at } : null;
}
