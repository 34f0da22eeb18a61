// Mentor, mentee and business-partner applications as the browser and the API see them: the
// record the team reviews, its history, and the dashboard's filters. Shared by the dashboard, the
// application form, the account page and the server.
import { z } from 'zod';

export const APPLICATION_TYPES = ['Mentor', 'Mentee', 'Business Partner'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** One application as the API answers it (times as ISO 8601 strings). */
export interface ApplicationRecord {
  id: string;
  applicationType: ApplicationType;
  status: ApplicationStatus;
  name: string;
  email: string;
  websiteLink: string | null;
  message: string | null;
  createdAt: string;
  /** The last status change; null until there was one. */
  updatedAt: string | null;
  /** 1 when created, +1 on every change. A change names the version it saw (409 when stale). */
  version: number;
  /** The team member of the last status change; null until there was one. */
  updatedBy: TeamMemberRef | null;
  /** The latest mail that tells the applicant a decision; null until there was one. */
  decisionMail: DecisionMailState | null;
  /**
   * The decision the applicant was last told by mail, and when (the mail server took it): what a
   * contrary decision would contradict. null until a decision mail went out.
   */
  sentMail: SentDecisionMail | null;
}

/** A decision mail that went out: which decision it told, and when. */
export interface SentDecisionMail {
  decision: Decision;
  at: string;
}

/** The statuses that are decisions: setting one mails it to the applicant (after a delay with undo). */
export const DECISIONS = ['approved', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];
export const isDecision = (status: ApplicationStatus): status is Decision => status !== 'pending';

export const DECISION_MAIL_STATUSES = ['scheduled', 'sent', 'cancelled', 'failed'] as const;

/** Where an application's latest decision mail stands. */
export interface DecisionMailState {
  /**
   * scheduled: waits for its delay (or is being sent); sent: the mail server took it; cancelled: a
   * further change came within the delay; failed: the last attempt failed (see `retrying`).
   */
  status: (typeof DECISION_MAIL_STATUSES)[number];
  /** scheduled: when it goes out; sent: when it went; cancelled: when; failed: the last attempt. */
  at: string;
  /** Which decision the mail tells. */
  decision: Decision;
  /** While scheduled: the status before the decision, which an undo sets again. */
  from?: ApplicationStatus;
  /** When failed: true while it is still tried again, false once it was given up. */
  retrying?: boolean;
}

/** A team member as a record names them: their id (null once the account is gone) and name then. */
export interface TeamMemberRef {
  id: string | null;
  name: string;
}

/** One step of an application's history; the creation comes first, with `from: null` and `by: null`. */
export interface HistoryEntry {
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  at: string;
  /** Who changed it (null for the creation); for a mail, who made the decision it told. */
  by: TeamMemberRef | null;
  /**
   * Present on the entries of a decision mail (not a status change: `from` and `to` are both the
   * status then): which decision it told, and whether it was sent or failed.
   */
  mail?: { decision: Decision; status: 'sent' | 'failed' };
}

/** The value of a filter that does not filter. */
export const ALL = 'All';

/**
 * The dashboard's filters as they appear in URL queries (`?type=Mentor&status=pending&q=anna`),
 * shared by the list, the event stream and the CSV export. A missing or empty value means All.
 */
export const applicationFilter = z.object({
  type: z
    .union([z.literal(ALL), z.enum(APPLICATION_TYPES), z.literal('')])
    .optional()
    .transform((v) => (v === ALL || !v ? undefined : v)),
  status: z
    .union([z.literal(ALL), z.enum(APPLICATION_STATUSES), z.literal('')])
    .optional()
    .transform((v) => (v === ALL || !v ? undefined : v)),
  /** Part of the name or the email, case-insensitive. */
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
});
export type ApplicationFilter = z.output<typeof applicationFilter>;

/**
 * Lower case as PostgreSQL's `lower()` spells it on a UTF-8 database: each letter on its own, one
 * letter for one (Unicode's simple mapping). JavaScript's `toLowerCase` spells İ as two code points
 * (i and a combining dot) and a word's last Σ as ς; here they are i and σ, as in the database.
 */
export const foldCase = (text: string) =>
  Array.from(text, (letter) => (letter === '\u0130' ? 'i' : letter.toLowerCase())).join('');

/**
 * Whether `application` passes `filter`: the rule of the server's query (`filterWhere` in
 * web/server/applications/store.server.ts), proven case by case against it by
 * tests/support/application-filters.ts.
 */
export function matchesFilter(application: ApplicationRecord, filter: Partial<ApplicationFilter>): boolean {
  if (filter.type && application.applicationType !== filter.type) return false;
  if (filter.status && application.status !== filter.status) return false;
  if (filter.q) {
    const q = foldCase(filter.q);
    if (!foldCase(application.name).includes(q) && !foldCase(application.email).includes(q)) return false;
  }
  return true;
}

/** Newest first (the team reviews the latest applications first); equal times by id, for a stable order. */
export function newestFirst(a: ApplicationRecord, b: ApplicationRecord): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

/** An application id as the API takes it in a path (the database stores UUIDs). */
export const applicationId = z.guid();

/**
 * A status change from the dashboard: the new status and, optionally, the version the changer saw
 * (a stale one is refused with 409 instead of overwriting someone else's decision).
 */
export const statusChangeInput = z.object({
  status: z.enum(APPLICATION_STATUSES),
  version: z.number().int().positive().optional(),
});
