// What /konto shows and the export holds besides the account itself: the applications (each with
// its history) and signups under the account's verified email address.
import type { ApplicationRecord, ApplicationStatus, Decision, HistoryEntry } from './applications';
import type { SignupRecord } from './signup';
import { z } from 'zod';

export interface AccountSignup extends SignupRecord {
  newsletterConfirmedAt: string | null;
  newsletterUnsubscribedAt: string | null;
  /** When a mail server refused the address for good (no newsletter goes to it). */
  newsletterUndeliverableAt: string | null;
}

/**
 * A signup's newsletter as /konto tells it: receiving it (since its confirmation), asked for and not
 * confirmed yet, unsubscribed, undeliverable (a mail server refused the address), or never asked for;
 * `since` is the moment that state began, where one is known.
 */
export type NewsletterState =
  | { kind: 'subscribed'; since: string }
  | { kind: 'pending' }
  | { kind: 'unsubscribed'; since: string }
  | { kind: 'undeliverable'; since: string }
  | { kind: 'off' };

export function newsletterState(signup: AccountSignup): NewsletterState {
  if (signup.newsletterUnsubscribedAt) return { kind: 'unsubscribed', since: signup.newsletterUnsubscribedAt };
  if (signup.newsletterUndeliverableAt) return { kind: 'undeliverable', since: signup.newsletterUndeliverableAt };
  if (!signup.newsletterOptIn) return { kind: 'off' };
  return signup.newsletterConfirmedAt
    ? { kind: 'subscribed', since: signup.newsletterConfirmedAt }
    : { kind: 'pending' };
}

/** Whether /konto offers to unsubscribe (true) or to subscribe again (false). */
export const receivesOrWaits = (state: NewsletterState) => state.kind === 'subscribed' || state.kind === 'pending';

/** /konto's newsletter forms: the signup a re-subscription is for (unsubscribing concerns the whole address). */
export const newsletterChoiceInput = z.object({ signup: z.string().trim().min(1).max(200) });

export interface AccountHoldings {
  applications: (ApplicationRecord & { history: HistoryEntry[] })[];
  signups: AccountSignup[];
}

/** An application as its applicant sees it on /konto: what they were told, and when. */
export interface ApplicantView {
  /**
   * The status to show: the record's, except while the team can still undo a decision (its mail
   * waits), when the applicant still sees the status before it.
   */
  status: ApplicationStatus;
  /** The decision mail that went out last, if any. */
  mailed?: { decision: Decision; at: string };
  /** The application's arrival and every decision mail sent, oldest first. */
  history: ({ kind: 'received'; at: string } | { kind: 'mailed'; at: string; decision: Decision })[];
}

/** What /konto shows of an application (and its history) at `now` (ms). */
export function applicantView(
  application: ApplicationRecord & { history: HistoryEntry[] },
  now: number,
): ApplicantView {
  const mail = application.decisionMail;
  const undoable = mail?.status === 'scheduled' && mail.from && Date.parse(mail.at) > now;
  const history: ApplicantView['history'] = [{ kind: 'received', at: application.createdAt }];
  for (const entry of application.history) {
    if (entry.mail?.status === 'sent') history.push({ kind: 'mailed', at: entry.at, decision: entry.mail.decision });
  }
  const lastMailed = history.findLast((entry) => entry.kind === 'mailed');
  return {
    status: undoable ? mail.from! : application.status,
    ...(lastMailed?.kind === 'mailed' ? { mailed: { decision: lastMailed.decision, at: lastMailed.at } } : {}),
    history,
  };
}
