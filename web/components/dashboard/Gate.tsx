// The code gate in front of the dashboard, for a signed-in team member: one field and a button.
// The code is checked by the server (only for a member's session); what comes back is a token
// bound to that session, which the page keeps in memory only, so a reload locks again.
import { useId, useRef, useState } from 'react';
import { openTeamSession } from '~/components/dashboard/team-api';
import { UNREACHABLE } from '~/lib/api-answer';
import { DASHBOARD_COPY, DASHBOARD_MESSAGES, GATE_TEXTS } from '~/copy/dashboard';
import type { TeamMemberSummary } from '~/lib/team';
import { Field } from '../Field';
import { useHydrated } from '../use-hydrated';
import { SignedInAs } from './TeamSignIn';

export function Gate({
  member,
  onUnlock,
  notice,
}: {
  member: TeamMemberSummary;
  onUnlock: (token: string) => void;
  notice?: string;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState(notice ?? '');
  // After a wrong code: the tries left before the 15-minute lock (said after the spec's message).
  const [tries, setTries] = useState('');
  const [busy, setBusy] = useState(false);
  // The server-rendered button stays disabled until the page can send the code itself (a plain
  // form submission would put the code into the URL).
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await openTeamSession(code);
    setBusy(false);
    if (answer.ok) return onUnlock(answer.value.token);
    if (answer.status !== UNREACHABLE) setCode('');
    setError(answer.status === 401 ? DASHBOARD_MESSAGES.wrongCode : answer.message);
    const triesLeft = answer.body.triesLeft;
    setTries(typeof triesLeft === 'number' ? GATE_TEXTS.triesLeft(triesLeft) : '');
    input.current?.focus();
  }

  return (
    <main className="dash-page dash-gate">
      <div className="dash-gate__card">
        <SignedInAs name={member.name} role={member.role} />
        <form className="dash-gate__form" onSubmit={submit} noValidate>
          <h1>{DASHBOARD_COPY.title}</h1>
          {/* The message stays below the button, where it is announced (role="alert"). */}
          <Field
            id={`${id}-code`}
            label={DASHBOARD_COPY.gateLabel}
            hint={DASHBOARD_COPY.gateHint}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          >
            {(control) => (
              <input
                {...control}
                ref={input}
                name="code"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={64}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError('');
                  setTries('');
                }}
                autoFocus
              />
            )}
          </Field>
          <button type="submit" className="dash-button dash-button--primary" disabled={!hydrated || busy}>
            {busy ? DASHBOARD_COPY.gateChecking : DASHBOARD_COPY.gateSubmit}
          </button>
          <p id={`${id}-error`} className="dash-gate__error" role="alert">
            {error}
            {error && tries ? <span className="dash-gate__tries">{` ${tries}`}</span> : null}
          </p>
          <noscript>
            <p>{DASHBOARD_COPY.noScript}</p>
          </noscript>
        </form>
      </div>
    </main>
  );
}
