// The Team section (owners): the members with their roles, last activity and what an owner can
// do (change the role, reset a lost second factor, remove), the open invitations, and inviting
// someone. Every change ends the member's sessions on the server at once.
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '~/components/dashboard/view-state';
import {
  changeMemberRole,
  fetchTeam,
  inviteToTeam,
  removeTeamMember,
  resetMemberSecondFactor,
  TeamAuthError,
  withdrawInvitation,
  type TeamChange,
} from '~/components/dashboard/team-api';
import { ROLE_NAMES, TEAM_COPY as COPY } from '~/copy/team';
import { TEAM_ROLES, type TeamMemberSummary, type TeamRole } from '~/lib/team';
import { Field } from '../Field';
import { useTeamData } from './useTeamData';
import { DashTable } from './DashTable';

type Message = { kind: 'done' | 'error'; text: string; url?: string };

export function TeamView({
  token,
  member: me,
  onAuthError,
}: {
  token: string;
  member: TeamMemberSummary;
  onAuthError: () => void;
}) {
  const id = useId();
  const [version, setVersion] = useState(0);
  const team = useTeamData((signal) => fetchTeam(token, signal), `team:${token}:${version}`, onAuthError);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one change; shows its result and reloads the list. */
  async function run<T>(change: () => Promise<TeamChange<T>>, done: (value: T) => Message | null) {
    setBusy(true);
    try {
      const result = await change();
      setMessage(result.ok ? done(result.value) : { kind: 'error', text: COPY.failed + result.error });
      setVersion((v) => v + 1);
    } catch (error) {
      if (error instanceof TeamAuthError) onAuthError();
    } finally {
      setBusy(false);
    }
  }

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const role = (form.get('role') === 'owner' ? 'owner' : 'reviewer') as TeamRole;
    const target = event.currentTarget;
    void run(
      () => inviteToTeam(token, { email, role }),
      (value) => {
        target.reset();
        const text = COPY.invited(email) + (value.mailed ? ` ${COPY.invitedMailed}` : '');
        return { kind: 'done', text, url: value.url };
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="dash-section dash-team">
      <div className="dash-toolbar">
        <h2 id={`${id}-title`}>{COPY.title}</h2>
      </div>
      <div role="status" aria-live="polite" className="dash-team__message">
        {message ? <TeamMessage message={message} /> : null}
      </div>
      {team.state === 'loading' ? <p className="dash-empty">{COPY.loading}</p> : null}
      {team.state === 'failed' ? <p className="dash-empty">{COPY.loadFailed}</p> : null}
      {team.state === 'ready' ? (
        <>
          <DashTable
            label={COPY.members}
            caption="shown"
            head={[COPY.name, COPY.email, COPY.role, COPY.lastSeen, COPY.actions]}
          >
            {team.value.members.map((m) => (
              <tr key={m.id} data-member={m.id}>
                <th scope="row">
                  {m.name} {m.id === me.id ? <span className="dash-muted">{COPY.you}</span> : null}
                </th>
                <td>{m.email}</td>
                <td>
                  <select
                    aria-label={COPY.roleOf(m.name)}
                    value={m.role}
                    disabled={busy}
                    onChange={(event) =>
                      void run(
                        () => changeMemberRole(token, m.id, event.target.value as TeamRole),
                        () => null,
                      )
                    }
                  >
                    {TEAM_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_NAMES[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>{m.lastSeenAt ? formatDateTime(m.lastSeenAt) : COPY.never}</td>
                <td className="dash-team__actions">
                  <button
                    type="button"
                    className="dash-button"
                    disabled={busy}
                    onClick={() => {
                      if (!confirm(COPY.resetConfirm(m.name))) return;
                      void run(
                        () => resetMemberSecondFactor(token, m.id),
                        (value) => ({ kind: 'done', text: COPY.resetDone(m.name), url: value.url }),
                      );
                    }}
                  >
                    {COPY.resetFactor}
                  </button>
                  <button
                    type="button"
                    className="dash-button dash-button--rejected"
                    disabled={busy}
                    onClick={() => {
                      if (!confirm(COPY.removeConfirm(m.name))) return;
                      void run(
                        () => removeTeamMember(token, m.id),
                        () => null,
                      );
                    }}
                  >
                    {COPY.remove}
                  </button>
                </td>
              </tr>
            ))}
          </DashTable>
          <h3>{COPY.pending}</h3>
          {team.value.invitations.length ? (
            <ul className="dash-team__invitations">
              {team.value.invitations.map((invitation) => (
                <li key={invitation.id}>
                  {invitation.email} ({ROLE_NAMES[invitation.role]}), {COPY.expires.toLowerCase()}{' '}
                  {formatDateTime(invitation.expiresAt)}{' '}
                  <button
                    type="button"
                    className="link-button dash-link-button"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () => withdrawInvitation(token, invitation.id),
                        () => null,
                      )
                    }
                  >
                    {COPY.revoke}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>{COPY.noPending}</p>
          )}
        </>
      ) : null}
      <form className="dash-team__invite" onSubmit={invite} aria-labelledby={`${id}-invite`}>
        <h3 id={`${id}-invite`}>{COPY.invite}</h3>
        <Field id={`${id}-email`} label={COPY.inviteEmail}>
          {(control) => <input {...control} name="email" type="email" required autoComplete="off" />}
        </Field>
        <Field id={`${id}-role`} label={COPY.inviteRole}>
          {(control) => (
            <select {...control} name="role" defaultValue="reviewer">
              {TEAM_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_NAMES[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="dash-button dash-button--primary" disabled={busy}>
          {COPY.inviteSubmit}
        </button>
      </form>
    </section>
  );
}

function TeamMessage({ message }: { message: Message }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={`dash-team__notice dash-team__notice--${message.kind}`}>
      <p>{message.text}</p>
      {message.url ? (
        <p className="dash-team__link">
          <input readOnly value={message.url} aria-label={message.text} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="dash-button"
            onClick={() =>
              void navigator.clipboard?.writeText(message.url!).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? COPY.copied : COPY.copy}
          </button>
        </p>
      ) : null}
    </div>
  );
}
