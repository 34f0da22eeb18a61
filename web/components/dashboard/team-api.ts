// The dashboard's calls to the team API. The team token travels only in the Authorization header
// (never in a URL, where logs and the browser history would keep it). Kept apart from ~/lib/api-client,
// which the landing page loads: these calls belong to the dashboard's bundle only. Each answers an
// `Answer` of ~/lib/api-answer like the site's other calls, and none throws: a refusal with the
// status 401 (`sessionEnded`) means the token stopped working and the dashboard locks again.
import { GATE_TEXTS, TEAM_UNREACHABLE } from '~/copy/dashboard';
import type { ApplicationRecord, ApplicationStatus, Decision, HistoryEntry } from '../../lib/applications';
import type { CommunityOverview } from '~/lib/community';
import type { InsightsReport } from '~/lib/insights';
import type { LaunchPlaceholder } from '~/lib/launch-readiness';
import type { NewsletterListEntry } from '~/lib/newsletter-sending';
import type { NewsletterProblems, NewsletterTeamPreview } from '~/lib/newsletter-team';
import {
  IDLE_HEADER,
  type ActivityEvent,
  type PendingInvitation,
  type TeamMemberListEntry,
  type TeamMemberSummary,
  type TeamRole,
} from '~/lib/team';
import { callApi, UNREACHABLE, type Answer, type AnswerOptions, type Refusal } from '~/lib/api-answer';
import { applicationRecordSchema } from './applications-state';
import { idleSecondsToTell } from './member-activity';
import { pageRequest, type SignupStats, type TeamSignup } from './signups-view';

/** The token expired or is not valid any more: the dashboard locks again (GATE_TEXTS.sessionEnded). */
export const sessionEnded = (answer: Answer<unknown>): boolean => !answer.ok && answer.status === 401;

/** A team call's text when the server gave none. */
const failed = (status: number) => (status === UNREACHABLE ? TEAM_UNREACHABLE : `HTTP ${status}`);

/**
 * Exchanges the team code for a token bound to the signed-in member's session (the session cookie
 * goes with the request). A wrong code is a refusal with 401 and, in its body, `triesLeft`: how
 * many more before the 15-minute lock.
 */
export function openTeamSession(code: string): Promise<Answer<{ token: string }>> {
  const request = fetch('/api/team/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ code }),
  });
  return callApi(request, {
    value: (body) => (typeof body.token === 'string' && body.token ? { token: body.token } : undefined),
    failed: (status) => (status === 429 ? GATE_TEXTS.tooManyTries : GATE_TEXTS.unreachable),
  });
}

/**
 * fetch with the team token, telling the server how long ago the member last did something (only
 * that keeps the session from idling out).
 */
export function teamFetch(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  headers.set(IDLE_HEADER, String(idleSecondsToTell()));
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return fetch(path, { ...init, headers, cache: 'no-store' });
}

/** One team call; a refusal says the server's text, or `HTTP <status>` where it gave none. */
function teamCall<T>(
  token: string,
  path: string,
  init: RequestInit,
  value: AnswerOptions<T>['value'],
  more: Partial<AnswerOptions<T>> = {},
): Promise<Answer<T>> {
  return callApi(teamFetch(token, path, init), { value, failed, ...more });
}

/** A request with a JSON body. */
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** A team call that reads the server's JSON as it is. */
const teamJson = <T>(token: string, path: string, signal?: AbortSignal) =>
  teamCall<T>(token, path, { signal }, (body) => body as T);

/** The token's session (the member, when it ends): asked to tell the server of the member's activity. */
export const fetchTeamSession = (token: string) =>
  teamJson<{ member: TeamMemberSummary; expiresAt: string }>(token, '/api/team/session');

/** Every application, newest first. */
export const fetchApplications = (token: string) =>
  teamCall<ApplicationRecord[]>(token, '/api/applications', {}, (body) =>
    Array.isArray(body.applications)
      ? body.applications.flatMap((a) => {
          const parsed = applicationRecordSchema.safeParse(a);
          return parsed.success ? [parsed.data] : [];
        })
      : undefined,
  );

/**
 * Sets the status if the stored version is still `version`; answers the record as it is now. When
 * someone changed it meanwhile, the refusal (409) carries the stored state, which the change did not
 * touch (`storedOnConflict`).
 */
export const updateApplicationStatus = (
  token: string,
  application: Pick<ApplicationRecord, 'id' | 'version'>,
  status: ApplicationStatus,
) =>
  teamCall<ApplicationRecord>(
    token,
    `/api/applications/${encodeURIComponent(application.id)}`,
    json('PATCH', { status, version: application.version }),
    (body) => recordOf(body.application),
  );

const recordOf = (value: unknown) => {
  const record = applicationRecordSchema.safeParse(value);
  return record.success ? record.data : undefined;
};

/** The stored application a status change's conflict (409) is about; undefined for any other refusal. */
export const storedOnConflict = (refusal: Refusal) =>
  refusal.status === 409 ? recordOf(refusal.body.application) : undefined;

/** The status changes of one application, oldest first (its creation first). */
export const fetchHistory = (token: string, id: string, signal?: AbortSignal) =>
  teamCall<HistoryEntry[]>(token, `/api/applications/${encodeURIComponent(id)}/history`, { signal }, (body) =>
    Array.isArray(body.history) ? (body.history as HistoryEntry[]) : undefined,
  );

/** A decision mail as it will go out (GET /api/applications/:id/decision-mail). */
export interface DecisionMailPreview {
  decision: Decision;
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes; null: to the sender address. */
  replyTo: string | null;
}

/** The mail `decision` sends the applicant, as it will go out. */
export function fetchDecisionMail(token: string, id: string, decision: Decision, signal?: AbortSignal) {
  const path = `/api/applications/${encodeURIComponent(id)}/decision-mail?decision=${decision}`;
  return teamCall<DecisionMailPreview>(token, path, { signal }, (body) =>
    body.mail ? (body.mail as DecisionMailPreview) : undefined,
  );
}

/** One page of the signups, newest first, and how many there are in all. */
export function fetchSignupsPage(token: string, page: number, signal?: AbortSignal) {
  const { limit, offset } = pageRequest(page);
  return teamCall<{ signups: TeamSignup[]; total: number }>(
    token,
    `/api/signups?limit=${limit}&offset=${offset}`,
    { signal },
    (body) => {
      if (!Array.isArray(body.signups)) return undefined;
      const signups = body.signups as TeamSignup[];
      return { signups, total: typeof body.total === 'number' ? body.total : signups.length };
    },
  );
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
export async function downloadTeamFile(token: string, path: string, fallbackName: string): Promise<Answer<true>> {
  const answer = await teamCall(
    token,
    path,
    { headers: { Accept: 'text/csv' } },
    async (_, response) => {
      const disposition = response.headers.get('Content-Disposition') ?? '';
      const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
      return { name, file: await response.blob() };
    },
    { body: 'raw' },
  );
  if (!answer.ok) return answer;
  const url = URL.createObjectURL(answer.value.file);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = answer.value.name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's download; the object URL can go after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return { ok: true, value: true };
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

/** An owner's change: its value (`{}` for an answer without a body), or the server's refusal. */
const teamChange = <T>(token: string, path: string, init: RequestInit) =>
  teamCall<T>(token, path, init, (body, response) => (response.status === 204 ? ({} as T) : (body as T)));

export const inviteToTeam = (token: string, input: { email: string; role: TeamRole }) =>
  teamChange<{ url: string; mailed: boolean }>(token, '/api/team/invitations', json('POST', input));

export const changeMemberRole = (token: string, id: string, role: TeamRole) =>
  teamChange<unknown>(token, `/api/team/members/${encodeURIComponent(id)}`, json('PATCH', { role }));

/** A member's new display name (1–100 characters, trimmed; the server records the old and the new one). */
export const renameTeamMember = (token: string, id: string, name: string) =>
  teamChange<unknown>(token, `/api/team/members/${encodeURIComponent(id)}`, json('PATCH', { name }));

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

// Newsletters: the list with live figures, why some cannot be sent, a preview, a test, the send,
// pause and resume.

export const fetchNewsletters = (token: string, signal?: AbortSignal) =>
  teamJson<{ newsletters: NewsletterListEntry[] }>(token, '/api/newsletters', signal);

export const fetchNewsletterProblems = (token: string, signal?: AbortSignal) =>
  teamJson<NewsletterProblems>(token, '/api/newsletters/problems', signal);

const newsletterPath = (id: string, what: string) => `/api/newsletters/${encodeURIComponent(id)}/${what}`;

export const fetchNewsletterPreview = (token: string, id: string, signal?: AbortSignal) =>
  teamJson<NewsletterTeamPreview>(token, newsletterPath(id, 'preview'), signal);

/** The newsletter once to the member's own address: the address it went to. */
export const sendNewsletterTest = (token: string, id: string) =>
  teamChange<{ to: string }>(token, newsletterPath(id, 'test'), { method: 'POST' });

export const pauseNewsletter = (token: string, id: string) =>
  teamChange<unknown>(token, newsletterPath(id, 'pause'), { method: 'POST' });

export const resumeNewsletter = (token: string, id: string) =>
  teamChange<unknown>(token, newsletterPath(id, 'resume'), { method: 'POST' });

/**
 * Sends a newsletter to its audience if that is still `expect` people; answers how many it goes to.
 * When the audience is another number of people now than the owner confirmed, the refusal (409)
 * carries the new number (`changedAudience`): ask again with it.
 */
export const sendNewsletterToAudience = (token: string, id: string, expect: number) =>
  teamCall<{ recipients: number }>(token, newsletterPath(id, 'send'), json('POST', { expect }), (body) => ({
    recipients: typeof body.recipients === 'number' ? body.recipients : expect,
  }));

/** The audience's new number a send was refused for; undefined for any other refusal. */
export function changedAudience(refusal: Refusal, expect: number): number | undefined {
  const recipients = refusal.body.recipients;
  // Nobody left in the audience is a refusal, not a new number to confirm.
  return refusal.status === 409 && typeof recipients === 'number' && recipients && recipients !== expect
    ? recipients
    : undefined;
}
