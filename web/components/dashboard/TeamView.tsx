// The Team section (owners): the members with their roles, last activity and what an owner can
// do (rename, change the role, reset a lost second factor, remove), those setting up a reset second
// factor again, the open invitations, and inviting someone. Every change that ends the member's
// sessions on the server is confirmed first; its result is said in the live region and takes the
// focus (a role change keeps it on the role's control, a rename gives it back to the row's Rename
// button). On a phone each member is a card.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { NOT_AVAILABLE } from '~/copy/dashboard';
import { formatDateTime } from '~/lib/berlin-time';
import {
  changeMemberRole,
  fetchTeam,
  inviteToTeam,
  removeTeamMember,
  renameTeamMember,
  resetMemberSecondFactor,
  sessionEnded,
  withdrawInvitation,
} from '~/components/dashboard/team-api';
import type { Answer } from '~/lib/api-answer';
import { ROLE_NAMES, TEAM_COPY as COPY } from '~/copy/team';
import {
  checkTeamInput,
  invitationInput,
  memberRenameInput,
  TEAM_ROLES,
  type TeamMemberListEntry,
  type TeamRole,
} from '~/lib/team';
import { Field } from '../Field';
import { useTeamData } from './useTeamData';
import { DashTable } from './DashTable';
import type { MemberViewProps } from './view-state';

/** A change's result: its text, and a link to pass on (with whom it is for, which names its copy button). */
type Message = { kind: 'done' | 'error'; text: string; url?: string; urlFor?: string };

/** Where the keyboard goes once a change answered: its result, or a control of the page. */
type FocusAfter = 'result' | (() => HTMLElement | null | undefined);

export function TeamView({ token, member: me, onAuthError }: MemberViewProps) {
  const id = useId();
  const [version, setVersion] = useState(0);
  const team = useTeamData((signal) => fetchTeam(token, signal), `team:${token}:${version}`, onAuthError);
  const [message, setMessage] = useState<{ message: Message; focus: FocusAfter; key: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [emailError, setEmailError] = useState('');
  const result = useRef<HTMLDivElement>(null);
  const emailField = useRef<HTMLInputElement>(null);

  // Once a result is on the screen, the focus goes where the change said (never to the page's body).
  useEffect(() => {
    if (!message) return;
    const target = message.focus === 'result' ? result.current : message.focus();
    target?.focus();
  }, [message]);

  /** Runs one change; shows its result and reloads the list. */
  async function run<T>(change: () => Promise<Answer<T>>, done: (value: T) => Message, focus: FocusAfter = 'result') {
    setBusy(true);
    const answer = await change();
    setBusy(false);
    if (sessionEnded(answer)) return onAuthError();
    const shown = answer.ok ? done(answer.value) : { kind: 'error' as const, text: COPY.failed + answer.message };
    setMessage((last) => ({ message: shown, focus, key: (last?.key ?? 0) + 1 }));
    setVersion((v) => v + 1);
  }

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = checkTeamInput(invitationInput, { email: form.get('email'), role: form.get('role') });
    // The same check as the server's: a mistake is said under its field, where the focus goes.
    if (!input.ok) {
      setEmailError(input.fields.email ?? input.error);
      emailField.current?.focus();
      return;
    }
    setEmailError('');
    const { email, role } = input.value;
    const target = event.currentTarget;
    void run(
      () => inviteToTeam(token, { email, role }),
      (value) => {
        target.reset();
        const text = COPY.invited(email) + (value.mailed ? ` ${COPY.invitedMailed}` : '');
        return { kind: 'done', text, url: value.url, urlFor: email };
      },
    );
  }

  const changeRole = (m: TeamMemberListEntry, role: TeamRole, control: () => HTMLElement | null) => {
    if (!confirm(COPY.roleConfirm(m.name, role, m.id === me.id))) return;
    void run(
      () => changeMemberRole(token, m.id, role),
      () => ({ kind: 'done', text: COPY.roleChanged(m.name, role) }),
      control,
    );
  };
  const resetFactor = (m: TeamMemberListEntry) => {
    if (!confirm(m.resetUntil ? COPY.newLinkConfirm(m.name) : COPY.resetConfirm(m.name))) return;
    void run(
      () => resetMemberSecondFactor(token, m.id),
      (value) => ({ kind: 'done', text: COPY.resetDone(m.name), url: value.url, urlFor: m.name }),
    );
  };
  /**
   * Renames a member: answers null when done (said in the live region; the row gives the focus
   * back to its button), or the server's refusal for the row's form to show.
   */
  const rename = async (m: TeamMemberListEntry, name: string): Promise<string | null> => {
    setBusy(true);
    const answer = await renameTeamMember(token, m.id, name);
    setBusy(false);
    if (sessionEnded(answer)) {
      onAuthError();
      return null;
    }
    if (!answer.ok) return answer.message;
    const shown: Message = { kind: 'done', text: COPY.renamed(m.name, name) };
    setMessage((last) => ({ message: shown, focus: () => null, key: (last?.key ?? 0) + 1 }));
    setVersion((v) => v + 1);
    return null;
  };
  const remove = (m: TeamMemberListEntry) => {
    if (!confirm(COPY.removeConfirm(m.name))) return;
    void run(
      () => removeTeamMember(token, m.id),
      () => ({ kind: 'done', text: COPY.removed(m.name) }),
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="dash-section dash-team">
      <div className="dash-toolbar">
        <h2 id={`${id}-title`}>{COPY.title}</h2>
      </div>
      <div role="status" aria-live="polite" className="dash-team__message">
        {message ? <TeamMessage key={message.key} ref={result} message={message.message} /> : null}
      </div>
      {team.state === 'loading' ? <p className="dash-empty">{COPY.loading}</p> : null}
      {team.state === 'failed' ? <p className="dash-empty">{COPY.loadFailed}</p> : null}
      {team.state === 'ready' ? (
        <>
          <DashTable
            label={COPY.members}
            caption="shown"
            className="dash-table--cards dash-team__members"
            head={[COPY.name, COPY.email, COPY.role, COPY.lastSeen, COPY.actions]}
          >
            {team.value.members.map((m) => (
              <MemberRow
                key={m.id}
                member={m}
                self={m.id === me.id}
                busy={busy}
                onRole={changeRole}
                onRename={rename}
                onReset={resetFactor}
                onRemove={remove}
              />
            ))}
          </DashTable>
          <h3>{COPY.pending}</h3>
          {team.value.invitations.length ? (
            <ul className="dash-team__invitations">
              {team.value.invitations.map((invitation) => (
                <li key={invitation.id}>
                  <span>
                    {invitation.email} ({ROLE_NAMES[invitation.role]}), {COPY.expires.toLowerCase()}{' '}
                    {formatDateTime(invitation.expiresAt, NOT_AVAILABLE)}
                  </span>{' '}
                  <button
                    type="button"
                    className="link-button dash-link-button"
                    aria-label={COPY.revokeFor(invitation.email)}
                    disabled={busy}
                    onClick={() => {
                      if (!confirm(COPY.revokeConfirm(invitation.email))) return;
                      void run(
                        () => withdrawInvitation(token, invitation.id),
                        () => ({ kind: 'done', text: COPY.revoked(invitation.email) }),
                      );
                    }}
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
      <form className="dash-team__invite" onSubmit={invite} aria-labelledby={`${id}-invite`} noValidate>
        <h3 id={`${id}-invite`}>{COPY.invite}</h3>
        <Field id={`${id}-email`} label={COPY.inviteEmail} error={emailError}>
          {(control) => (
            <input
              {...control}
              ref={emailField}
              name="email"
              type="email"
              required
              autoComplete="off"
              onChange={() => setEmailError('')}
            />
          )}
        </Field>
        <Field id={`${id}-role`} label={COPY.inviteRole}>
          {(control) => (
            <select {...control} name="role" defaultValue="reviewer">
              <RoleOptions />
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

/**
 * One member: name, address, role (a select and its own button: choosing a role changes nothing
 * until the button, and the change is confirmed), last activity, and the actions, each named with
 * whom it is for. Rename opens a form in the name's cell (nothing ends: the member keeps working
 * under the new name). Someone setting up a reset second factor is marked, and can get a new link or
 * be removed (not renamed: the server refuses it). No one resets their own second factor here
 * (their dashboard would close first).
 */
function MemberRow({
  member: m,
  self,
  busy,
  onRole,
  onRename,
  onReset,
  onRemove,
}: {
  member: TeamMemberListEntry;
  self: boolean;
  busy: boolean;
  onRole: (m: TeamMemberListEntry, role: TeamRole, control: () => HTMLElement | null) => void;
  onRename: (m: TeamMemberListEntry, name: string) => Promise<string | null>;
  onReset: (m: TeamMemberListEntry) => void;
  onRemove: (m: TeamMemberListEntry) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Once the form closes (saved or cancelled), the keyboard goes back to the row's Rename button.
  const closed = useRef(false);
  useEffect(() => {
    if (renaming || !closed.current) return;
    closed.current = false;
    renameButton.current?.focus();
  }, [renaming]);
  const closeForm = () => {
    closed.current = true;
    setRenaming(false);
  };
  // The role chosen in the control, while it is not the stored one (a new stored role forgets it).
  const [chosen, setChosen] = useState<{ over: TeamRole; role: TeamRole } | null>(null);
  const role = chosen?.over === m.role ? chosen.role : m.role;
  const select = useRef<HTMLSelectElement>(null);
  const resetting = m.resetUntil !== null;
  return (
    <tr data-member={m.id} data-state={resetting ? 'second-factor-reset' : undefined}>
      <th scope="row">
        {m.name} {self ? <span className="dash-muted">{COPY.you}</span> : null}
        {resetting ? (
          <span className="dash-team__state">{COPY.resetting(formatDateTime(m.resetUntil!, NOT_AVAILABLE))}</span>
        ) : null}
        {renaming && !resetting ? (
          <RenameForm member={m} busy={busy} onSave={(name) => onRename(m, name)} onClose={closeForm} />
        ) : null}
      </th>
      <td data-label={COPY.email}>{m.email}</td>
      <td data-label={COPY.role}>
        {resetting ? (
          ROLE_NAMES[m.role]
        ) : (
          <div className="dash-team__role">
            {/* A form field's look (.field), without a visible label: the column names it. */}
            <div className="field dash-team__role-field">
              <select
                ref={select}
                aria-label={COPY.roleOf(m.name)}
                value={role}
                disabled={busy}
                onChange={(event) => setChosen({ over: m.role, role: event.target.value as TeamRole })}
              >
                <RoleOptions />
              </select>
            </div>
            <button
              type="button"
              className="dash-button"
              aria-label={COPY.changeRoleOf(m.name)}
              disabled={busy || role === m.role}
              onClick={() => onRole(m, role, () => select.current)}
            >
              {COPY.changeRole}
            </button>
          </div>
        )}
      </td>
      <td data-label={COPY.lastSeen}>{m.lastSeenAt ? formatDateTime(m.lastSeenAt, NOT_AVAILABLE) : COPY.never}</td>
      <td data-label={COPY.actions}>
        <div className="dash-team__actions">
          {resetting ? null : (
            <button
              ref={renameButton}
              type="button"
              className="dash-button"
              aria-label={COPY.renameOf(m.name)}
              aria-expanded={renaming}
              disabled={busy}
              onClick={() => (renaming ? closeForm() : setRenaming(true))}
            >
              {COPY.rename}
            </button>
          )}
          {self ? null : (
            <button
              type="button"
              className="dash-button"
              aria-label={resetting ? COPY.newLinkFor(m.name) : COPY.resetFactorOf(m.name)}
              disabled={busy}
              onClick={() => onReset(m)}
            >
              {resetting ? COPY.newLink : COPY.resetFactor}
            </button>
          )}
          <button
            type="button"
            className="dash-button dash-button--rejected"
            aria-label={COPY.removeOf(m.name)}
            disabled={busy}
            onClick={() => onRemove(m)}
          >
            {COPY.remove}
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * The rename form of one member's row: the new name (the current one, selected, to type over),
 * Save and Cancel named with whose name it is. Escape cancels. A mistake or the server's refusal
 * is said under the field, which keeps the focus.
 */
function RenameForm({
  member: m,
  busy,
  onSave,
  onClose,
}: {
  member: TeamMemberListEntry;
  busy: boolean;
  onSave: (name: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const id = useId();
  const [error, setError] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = checkTeamInput(memberRenameInput, { name: field.current?.value ?? '' });
    if (!input.ok) {
      setError(input.fields.name ?? input.error);
      field.current?.focus();
      return;
    }
    // The same name: nothing to change.
    if (input.value.name === m.name) return onClose();
    setError('');
    const refused = await onSave(input.value.name);
    if (refused === null) return onClose();
    setError(COPY.renameFailed(m.name, refused));
    field.current?.focus();
  }
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  return (
    <form className="dash-team__rename" onSubmit={(event) => void save(event)} onKeyDown={escape} noValidate>
      <Field id={`${id}-name`} label={COPY.newName(m.name)} hint={COPY.newNameHint} error={error}>
        {(control) => (
          <input
            {...control}
            ref={field}
            name="name"
            type="text"
            defaultValue={m.name}
            required
            autoComplete="off"
            onChange={() => setError('')}
          />
        )}
      </Field>
      <div className="dash-team__actions">
        <button
          type="submit"
          className="dash-button dash-button--primary"
          aria-label={COPY.saveNameOf(m.name)}
          disabled={busy}
        >
          {COPY.save}
        </button>
        <button type="button" className="dash-button" aria-label={COPY.cancelRenaming(m.name)} onClick={onClose}>
          {COPY.cancel}
        </button>
      </div>
    </form>
  );
}

function TeamMessage({ message, ref }: { message: Message; ref: React.Ref<HTMLDivElement> }) {
  const [copied, setCopied] = useState(false);
  return (
    <div ref={ref} tabIndex={-1} className={`dash-team__notice dash-team__notice--${message.kind}`}>
      <p>{message.text}</p>
      {message.url ? (
        <p className="dash-team__link">
          <input readOnly value={message.url} aria-label={message.text} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="dash-button"
            aria-label={(copied ? COPY.copiedFor : COPY.copyFor)(message.urlFor ?? '')}
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

/** The roles to choose from, as the dashboard names them. */
function RoleOptions() {
  return TEAM_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_NAMES[role]}
    </option>
  ));
}
