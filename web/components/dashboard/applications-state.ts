// The dashboard's list of applications as a reducer over what the server says: a snapshot (the
// whole list), one application (created or changed), or ids that were removed. The live event
// stream, the list request and the answers to status changes all feed it, so the list has one
// source of truth and arrives at the same state whatever the order of equal news.
import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  DECISION_MAIL_STATUSES,
  DECISIONS,
  newestFirst,
  type ApplicationRecord,
  type DecisionMailState,
} from '../../lib/applications';

export type ApplicationsAction =
  | { type: 'snapshot'; applications: ApplicationRecord[] }
  | { type: 'application'; application: ApplicationRecord }
  | { type: 'removed'; ids: string[] };

export interface ApplicationsState {
  /** False until the first snapshot. */
  loaded: boolean;
  /** Newest first. */
  applications: ApplicationRecord[];
}

export const INITIAL_APPLICATIONS: ApplicationsState = { loaded: false, applications: [] };

export function applicationsReducer(state: ApplicationsState, action: ApplicationsAction): ApplicationsState {
  switch (action.type) {
    case 'snapshot':
      return { loaded: true, applications: [...action.applications].sort(newestFirst) };
    case 'application': {
      const incoming = action.application;
      const existing = state.applications.find((a) => a.id === incoming.id);
      // An older version (a late answer or a replayed event) never overwrites a newer one. Within
      // one version only the decision mail moves on (scheduled, then sent or failed), and what the
      // applicant was sent (an earlier decision's mail may go out after a newer decision).
      if (existing && existing.version > incoming.version) return state;
      if (
        existing &&
        existing.version === incoming.version &&
        existing.status === incoming.status &&
        !mailMovedOn(existing.decisionMail, incoming.decisionMail) &&
        (incoming.sentMail?.at ?? '') <= (existing.sentMail?.at ?? '')
      )
        return state;
      const others = state.applications.filter((a) => a.id !== incoming.id);
      return { ...state, applications: [...others, incoming].sort(newestFirst) };
    }
    case 'removed': {
      const ids = new Set(action.ids);
      if (!state.applications.some((a) => ids.has(a.id))) return state;
      return { ...state, applications: state.applications.filter((a) => !ids.has(a.id)) };
    }
  }
}

/** The newest of what is known of one application (the highest version; the first on a tie). */
export function newestRecord(
  first: ApplicationRecord,
  ...others: (ApplicationRecord | undefined)[]
): ApplicationRecord {
  return others.reduce<ApplicationRecord>(
    (newest, record) => (record && record.version > newest.version ? record : newest),
    first,
  );
}

const MAIL_STAGE = { scheduled: 1, failed: 2, sent: 3, cancelled: 3 } as const;

/**
 * Whether `incoming` is a later state of the same version's decision mail than `existing`: a
 * later stage (scheduled, failed, then sent or cancelled), or the same stage at a later time.
 */
export function mailMovedOn(existing: DecisionMailState | null, incoming: DecisionMailState | null): boolean {
  if (!incoming) return false;
  if (!existing) return true;
  const [was, is] = [MAIL_STAGE[existing.status], MAIL_STAGE[incoming.status]];
  return is > was || (is === was && incoming.at > existing.at);
}

const decisionMailSchema = z.object({
  status: z.enum(DECISION_MAIL_STATUSES),
  at: z.string(),
  decision: z.enum(DECISIONS),
  from: z.enum(APPLICATION_STATUSES).optional(),
  retrying: z.boolean().optional(),
});

// What comes over the wire is checked before it reaches the list: a malformed event is dropped
// rather than breaking the page.
export const applicationRecordSchema = z.object({
  id: z.string().min(1),
  applicationType: z.enum(APPLICATION_TYPES),
  status: z.enum(APPLICATION_STATUSES),
  name: z.string(),
  email: z.string(),
  websiteLink: z.string().nullable().default(null),
  message: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string().nullable().default(null),
  version: z.number().int(),
  updatedBy: z.object({ id: z.string().nullable(), name: z.string() }).nullable().default(null),
  // A mail state this page does not understand leaves the card without one, not the list without the card.
  decisionMail: decisionMailSchema.nullable().catch(null),
  sentMail: z
    .object({ decision: z.enum(DECISIONS), at: z.string() })
    .nullable()
    .catch(null),
}) satisfies z.ZodType<ApplicationRecord, unknown>;

// The three events as the server sends them (web/server/applications/events.server.ts): the list
// as {applications}, one application as the record itself, removed ones as {ids}.
const snapshotEvent = z.object({ applications: z.array(applicationRecordSchema) });
const removedEvent = z.object({ ids: z.array(z.string()) });

/** One server-sent event (its `event:` name and `data:`) as an action; null when unknown or malformed. */
export function parseStreamEvent(event: string | undefined, data: string): ApplicationsAction | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  switch (event) {
    case 'snapshot': {
      const parsed = snapshotEvent.safeParse(json);
      return parsed.success ? { type: 'snapshot', applications: parsed.data.applications } : null;
    }
    case 'application': {
      const parsed = applicationRecordSchema.safeParse(json);
      return parsed.success ? { type: 'application', application: parsed.data } : null;
    }
    case 'removed': {
      const parsed = removedEvent.safeParse(json);
      return parsed.success ? { type: 'removed', ids: parsed.data.ids } : null;
    }
    default:
      return null;
  }
}

/**
 * The wait before reconnect attempt `attempt` (0-based): doubling from `base` up to `max`, of which
 * a random half is jitter, so that many dashboards do not reconnect in step after a server restart,
 * yet none retries sooner than half the step. `random` is injectable for tests.
 */
export function reconnectDelay(attempt: number, random = Math.random, base = 1000, max = 30_000): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
