// The Activity section (owners): who did what in the team area in the last 30 days, newest first:
// sign-ins and failed ones, invitations, removals, role changes, status changes (an undo says so),
// decision mails, exports. An entry about an application names its applicant and links to the
// card (while the application exists). On a phone each entry is a card of its own.
import { useId, type ReactNode } from 'react';
import { fetchActivity } from '~/components/dashboard/team-api';
import { NOT_AVAILABLE } from '~/copy/dashboard';
import { formatDateTime } from '~/lib/berlin-time';
import { ACTIVITY_COPY as COPY, ROLE_NAMES } from '~/copy/team';
import type { ActivityEvent } from '~/lib/team';
import { useTeamData } from './useTeamData';
import { DashTable } from './DashTable';
import { cardAnchor } from './ApplicationCard';

export function ActivityView({
  token,
  onAuthError,
  onOpenApplication,
}: {
  token: string;
  onAuthError: () => void;
  /** Shows the application's card (in the Applications view). */
  onOpenApplication: (id: string) => void;
}) {
  const id = useId();
  const activity = useTeamData((signal) => fetchActivity(token, '', signal), `activity:${token}`, onAuthError);
  return (
    <section aria-labelledby={`${id}-title`} className="dash-section dash-activity">
      <div className="dash-toolbar">
        <h2 id={`${id}-title`}>{COPY.title}</h2>
      </div>
      <p>{COPY.intro}</p>
      {activity.state === 'loading' ? <p className="dash-empty">{COPY.loading}</p> : null}
      {activity.state === 'failed' ? <p className="dash-empty">{COPY.loadFailed}</p> : null}
      {activity.state === 'ready' && !activity.value.events.length ? <p className="dash-empty">{COPY.empty}</p> : null}
      {activity.state === 'ready' && activity.value.events.length ? (
        <DashTable
          label={COPY.title}
          className="dash-table--cards"
          head={[COPY.when, COPY.who, COPY.what, COPY.details]}
        >
          {activity.value.events.map((event, index) => (
            <tr key={`${event.at}-${index}`} data-action={event.action}>
              <td data-label={COPY.when}>
                <time dateTime={event.at}>{formatDateTime(event.at, NOT_AVAILABLE)}</time>
              </td>
              <td data-label={COPY.who}>{event.member ? event.member.name || COPY.removedMember : COPY.nobody}</td>
              <td data-label={COPY.what}>{whatOf(event)}</td>
              <td data-label={COPY.details}>
                {event.application ? (
                  <>
                    <ApplicationLink application={event.application} onOpen={onOpenApplication} />
                    {': '}
                  </>
                ) : null}
                {describe(event)}
              </td>
            </tr>
          ))}
        </DashTable>
      ) : null}
    </section>
  );
}

/** What was done; a status change that took a decision back is an undo. */
const whatOf = (event: ActivityEvent) =>
  event.action === 'status-changed' && event.detail?.undo === true
    ? COPY.undo
    : (COPY.actions[event.action] ?? event.action);

/** The applicant’s name as a link to the card, or a neutral label once the application is gone (exported for its test). */
export function ApplicationLink({
  application,
  onOpen,
}: {
  application: NonNullable<ActivityEvent['application']>;
  onOpen: (id: string) => void;
}): ReactNode {
  if (application.name === null) return <span className="dash-muted">{COPY.deletedApplication}</span>;
  return (
    <a
      href={`?view=applications#${cardAnchor(application.id)}`}
      lang="de"
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen(application.id);
      }}
    >
      {application.name}
    </a>
  );
}

/** The details of an event in a few words ("anna@… as reviewer", "pending → approved", a filter). */
export function describe(event: ActivityEvent): string {
  const d = event.detail ?? {};
  const text = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : '');
  const role = (key: string) => (text(key) in ROLE_NAMES ? ROLE_NAMES[text(key) as 'owner' | 'reviewer'] : text(key));
  switch (event.action) {
    case 'invited':
      return `${text('email')} as ${role('role')}`;
    case 'invitation-revoked':
      return text('email');
    case 'joined':
      return `as ${role('role')}`;
    case 'removed':
    case 'second-factor-reset':
      return text('name');
    case 'role-changed':
      return `${text('name')}: ${role('from')} → ${role('to')}`;
    case 'renamed':
      return `${text('from')} → ${text('to')}`;
    // The application is named (and linked) before these, never by its id.
    case 'status-changed':
      return `${text('from')} → ${text('to')}${d.undo === true ? ` ${COPY.undoneNote}` : ''}`;
    case 'decision-mail-sent':
      return text('decision');
    case 'newsletter-sent':
      return `“${text('subject')}” to ${text('audience')} (${String(d.recipients ?? '')})`;
    case 'newsletter-test':
    case 'newsletter-paused':
    case 'newsletter-resumed':
      return `“${text('subject')}”`;
    case 'export': {
      const filter = d.filter && typeof d.filter === 'object' ? (d.filter as Record<string, unknown>) : {};
      const parts = Object.entries(filter)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => `${k}=${String(v)}`);
      return `${event.target ?? ''}${parts.length ? ` (${parts.join(', ')})` : ' (all)'}`;
    }
    case 'sign-in':
    case 'second-factor-failed':
      return text('method');
    case 'sign-in-failed':
      return text('reason');
    default:
      return '';
  }
}
