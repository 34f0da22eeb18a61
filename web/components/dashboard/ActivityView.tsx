// The Activity section (owners): who did what in the team area in the last 30 days, newest first:
// sign-ins and failed ones, invitations, removals, role changes, status changes, exports.
import { useId } from 'react';
import { fetchActivity } from '~/components/dashboard/team-api';
import { formatDateTime } from '~/components/dashboard/view-state';
import { ACTIVITY_COPY as COPY, ROLE_NAMES } from '~/copy/team';
import type { ActivityEvent } from '~/lib/team';
import { useTeamData } from './useTeamData';
import { DashTable } from './DashTable';

export function ActivityView({ token, onAuthError }: { token: string; onAuthError: () => void }) {
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
        <DashTable label={COPY.title} head={[COPY.when, COPY.who, COPY.what, COPY.details]}>
          {activity.value.events.map((event, index) => (
            <tr key={`${event.at}-${index}`} data-action={event.action}>
              <td>
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </td>
              <td>{event.member ? event.member.name || COPY.removedMember : COPY.nobody}</td>
              <td>{COPY.actions[event.action] ?? event.action}</td>
              <td>{describe(event)}</td>
            </tr>
          ))}
        </DashTable>
      ) : null}
    </section>
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
    case 'status-changed':
      return `${event.target ?? ''}: ${text('from')} → ${text('to')}`;
    case 'decision-mail-sent':
      return `${event.target ?? ''}: ${text('decision')}`;
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
