// The dashboard's calls to the team API. The team token travels only in the Authorization header
// (never in a URL, where logs and the browser history would keep it). Kept apart from ~/lib/api-client,
// which the landing page loads (only its `Refused` type is shared): these calls belong to the
// dashboard's bundle only.
import { GATE_TEXTS } from '~/copy/dashboard';
import type { ApplicationRecord, ApplicationStatus, HistoryEntry } from '../../lib/applications';
import type { CommunityOverview } from '~/lib/community';
import type { InsightsReport } from '~/lib/insights';
import type { LaunchPlaceholder } from '~/lib/launch-readiness';
import type { ActivityEvent, PendingInvitation, TeamMemberListEntry, TeamRole } from '~/lib/team';
import type { Refused } from '~/lib/api-client';
import { applicationRecordSchema } from './applications-state';
import { pageRequest, type SignupStats, type TeamSignup } from './signups-view';

/** The token expired or is not valid any more: the dashboard locks again. */
export class TeamAuthError extends Error {
  constructor() {
    super(GATE_TEXTS.sessionEnded);
  }
}

/** A request the server refused or could not answer; `message` is the server's text where it gave one. */
export class TeamApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type SessionAnswer = { ok: true; token: string } | { ok: false; status: number; error: string };

/**
 * Exchanges the team code for a token bound to the signed-in member's session (the session cookie
 * goes with the request). Throws when the server cannot be reached.
 */
export async function openTeamSession(code: string): Promise<SessionAnswer> {
  const response = await fetch('/api/team/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string; error?: string };
  if (response.ok && body.token) return { ok: true, token: body.token };
  const fallback = response.status === 429 ? GATE_TEXTS.tooManyTries : GATE_TEXTS.unreachable;
  return { ok: false, status: response.status, error: body.error || fallback };
}

/** fetch with the team token; a 401 throws TeamAuthError. */
export async function teamFetch(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await fetch(path, { ...init, headers, cache: 'no-store' });
  if (response.status === 401) throw new TeamAuthError();
  return response;
}

async function errorOf(response: Response): Promise<TeamApiError> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  const text = typeof body.error === 'string' && body.error ? body.error : `HTTP ${response.status}`;
  return new TeamApiError(text, response.status);
}

async function teamJson<T>(token: string, path: string, signal?: AbortSignal): Promise<T> {
  const response = await teamFetch(token, path, { signal });
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as T;
}

/** Every application, newest first. */
export async function fetchApplications(token: string): Promise<ApplicationRecord[]> {
  const body = await teamJson<{ applications: unknown[] }>(token, '/api/applications');
  return body.applications.flatMap((a) => {
    const parsed = applicationRecordSchema.safeParse(a);
    return parsed.success ? [parsed.data] : [];
  });
}

export type StatusAnswer =
  | { kind: 'updated'; application: ApplicationRecord }
  /** Someone changed it meanwhile: the stored state, which the change did not touch. */
  | { kind: 'conflict'; application: ApplicationRecord }
  | { kind: 'failed'; error: string };

/** Sets the status if the stored version is still `version`. Never throws except TeamAuthError. */
export async function updateApplicationStatus(
  token: string,
  application: Pick<ApplicationRecord, 'id' | 'version'>,
  status: ApplicationStatus,
): Promise<StatusAnswer> {
  try {
    const response = await teamFetch(token, `/api/applications/${encodeURIComponent(application.id)}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status, version: application.version }),
    });
    const body = (await response.json().catch(() => ({}))) as { application?: unknown; error?: unknown };
    const record = applicationRecordSchema.safeParse(body.application);
    if (response.ok && record.success) return { kind: 'updated', application: record.data };
    if (response.status === 409 && record.success) return { kind: 'conflict', application: record.data };
    const error = typeof body.error === 'string' && body.error ? body.error : `HTTP ${response.status}`;
    return { kind: 'failed', error };
  } catch (error) {
    if (error instanceof TeamAuthError) throw error;
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

/** The status changes of one application, oldest first (its creation first). */
export async function fetchHistory(token: string, id: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const body = await teamJson<{ history: HistoryEntry[] }>(
    token,
    `/api/applications/${encodeURIComponent(id)}/history`,
    signal,
  );
  return body.history;
}

/** One page of the signups, newest first, and how many there are in all. */
export async function fetchSignupsPage(
  token: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ signups: TeamSignup[]; total: number }> {
  const { limit, offset } = pageRequest(page);
  const body = await teamJson<{ signups: TeamSignup[]; total?: number }>(
    token,
    `/api/signups?limit=${limit}&offset=${offset}`,
    signal,
  );
  return { signups: body.signups, total: body.total ?? body.signups.length };
}

/** The placeholders the published content still holds (an empty list once the site is ready). */
export const fetchLaunchReadiness = (token: string, signal?: AbortSignal) =>
  teamJson<{ placeholders: LaunchPlaceholder[] }>(token, '/api/launch-readiness', signal);

/** Counts per type, the newsletter's double opt-in, and signups per ISO week. */
export const fetchSignupStats = (token: string, signal?: AbortSignal) =>
  teamJson<SignupStats>(token, '/api/signups/stats', signal);

/** The insights of a range (`from=…&to=…`). */
export const fetchInsights = (token: string, range: string, signal?: AbortSignal) =>
  teamJson<InsightsReport>(token, `/api/insights?${range}`, signal);

/** Downloads a team file (CSV) with the token in the header, and saves it under the server's name. */
export async function downloadTeamFile(token: string, path: string, fallbackName: string): Promise<void> {
  const response = await teamFetch(token, path, { headers: { Accept: 'text/csv' } });
  if (!response.ok) throw await errorOf(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's download; the object URL can go after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

// The team (owners): members, invitations, roles, removals, second factors, and the activity log.

export interface TeamList {
  members: TeamMemberListEntry[];
  invitations: PendingInvitation[];
}

export const fetchTeam = (token: string, signal?: AbortSignal) =>
  teamJson<TeamList>(token, '/api/team/members', signal);

/** The activity of a range (`from=…&to=…`). */
export const fetchActivity = (token: string, range: string, signal?: AbortSignal) =>
  teamJson<{ from: string; to: string; events: ActivityEvent[] }>(token, `/api/team/activity?${range}`, signal);

/** An owner's change: its value, or the server's refusal (the same `Refused` as the calls of ~/lib/api-client). */
export type TeamChange<T> = { ok: true; value: T } | Refused;

/** One of the owners' changes; a refusal answers the server's text. Throws only TeamAuthError. */
async function teamChange<T>(token: string, path: string, init: RequestInit): Promise<TeamChange<T>> {
  try {
    const response = await teamFetch(token, path, init);
    if (!response.ok) return { ok: false, error: (await errorOf(response)).message };
    return { ok: true, value: (response.status === 204 ? {} : await response.json()) as T };
  } catch (error) {
    if (error instanceof TeamAuthError) throw error;
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export const inviteToTeam = (token: string, input: { email: string; role: TeamRole }) =>
  teamChange<{ url: string; mailed: boolean }>(token, '/api/team/invitations', json('POST', input));

export const changeMemberRole = (token: string, id: string, role: TeamRole) =>
  teamChange<unknown>(token, `/api/team/members/${encodeURIComponent(id)}`, json('PATCH', { role }));

export const removeTeamMember = (token: string, id: string) =>
  teamChange<unknown>(token, `/api/team/members/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const resetMemberSecondFactor = (token: string, id: string) =>
  teamChange<{ url: string }>(token, `/api/team/members/${encodeURIComponent(id)}/second-factor`, {
    method: 'DELETE',
  });

export const withdrawInvitation = (token: string, id: string) =>
  teamChange<unknown>(token, `/api/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

// The community: the stable links, their QR codes, the pool of WhatsApp groups.

/** The stable links with their QR codes' modules, and the pool with each group's counted clicks. */
export const fetchCommunity = (token: string, signal?: AbortSignal) =>
  teamJson<CommunityOverview>(token, '/api/community', signal);
