// What a card says about the decision mail, without the DOM: "Mail in 1:45 · Undo" while it waits,
// "Mail sent 14:02" once it went, a failure, or an undone decision. The time left is counted
// against the page's clock; the server decides what an undo reaches (a change after the claim
// no longer cancels the mail, and the card then shows it going out).
import type { ApplicationRecord, ApplicationStatus } from '../../lib/applications';
import { DECISION_MAIL_COPY as C } from '~/copy/dashboard';
import { formatDateTime } from './view-state';

export type MailLine =
  /** Waiting for its delay: the time left and what an undo sets again. */
  | { kind: 'scheduled'; text: string; undoTo: ApplicationStatus; remainingMs: number }
  | { kind: 'sending' | 'sent' | 'failed' | 'cancelled'; text: string };

/** "1:45" for 105 s (whole seconds, rounded up, so it never shows 0:00 while time is left). */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const berlinDay = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium' });
const berlinTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/** "14:02" on the day of `now` (Berlin), "21.11.2026, 14:02" on another. */
export function clockTime(iso: string, now: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return formatDateTime(iso);
  return berlinDay.format(date) === berlinDay.format(now) ? berlinTime.format(date) : formatDateTime(iso);
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
