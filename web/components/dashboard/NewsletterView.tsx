// The Newsletter tab: every newsletter of the Studio (and every one sent) with its audience, the
// number of recipients, why it cannot be sent if it cannot, and its state: ready, going out (a bar
// of the mails sent and failed of all, across every instance: the list is asked again every 2 s
// while one goes out), paused, or sent on a date by a member. Any member can preview the mail and
// send a test to themselves; owners send (after a dialog that names the number and the audience,
// and asks again with the new number when the audience changed meanwhile), pause and resume. Each
// outcome is announced, and the focus goes where the next step is.
import { useEffect, useId, useRef, useState } from 'react';
import { NEWSLETTER_VIEW_COPY as C } from '~/copy/dashboard';
import type { TeamMemberSummary } from '~/lib/team';
import { MailFrame } from '../MailFrame';
import {
  changedAudience,
  fetchNewsletterPreview,
  fetchNewsletterProblems,
  fetchNewsletters,
  pauseNewsletter,
  resumeNewsletter,
  sendNewsletterTest,
  sendNewsletterToAudience,
  sessionEnded,
} from './team-api';
import type { Answer } from '~/lib/api-answer';
import {
  actionsFor,
  audienceText,
  isSending,
  POLL_MS,
  progressOf,
  stateText,
  withProblems,
  type NewsletterCardData,
} from './newsletter-view';
import { useModalDialog } from './useModalDialog';
import { useTeamData } from './useTeamData';
import './NewsletterView.css';
import type { MemberViewProps } from './view-state';

type Message = { kind: 'done' | 'error'; text: string };
/** Where the focus goes once the list shows the outcome: a newsletter's card, or one of its buttons. */
type FocusTarget = { id: string; on: 'card' | 'pause' | 'resume' };

export function NewsletterView({ token, member, onAuthError }: MemberViewProps) {
  const id = useId();
  const [version, setVersion] = useState(0);
  const [polling, setPolling] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const statuses = useRef(new Map<string, string>());
  const list = useTeamData(
    async (signal): Promise<Answer<NewsletterCardData[]>> => {
      const [list, problems] = await Promise.all([
        fetchNewsletters(token, signal),
        fetchNewsletterProblems(token, signal),
      ]);
      if (!list.ok) return list;
      if (!problems.ok) return problems;
      const { newsletters } = list.value;
      // Asked again every 2 s while one goes out; one that finished meanwhile is announced.
      setPolling(isSending(newsletters));
      const done = newsletters.find((n) => n.status === 'sent' && statuses.current.get(n.id) === 'sending');
      statuses.current = new Map(newsletters.map((n) => [n.id, n.status]));
      if (done) setMessage({ kind: 'done', text: C.finished(done.subject, done.sent, done.failed) });
      return { ok: true, value: withProblems(newsletters, problems.value.newsletters) };
    },
    `newsletters:${token}:${version}`,
    onAuthError,
    { refreshMs: polling ? POLL_MS : undefined },
  );
  const shown = list.state === 'ready' ? list.value : null;

  const [confirming, setConfirming] = useState<NewsletterCardData | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const busy = useRef(false);
  const section = useRef<HTMLElement>(null);

  // The focus moves once the element is there (a Resume button only after the list says "paused").
  useEffect(() => {
    if (!focus) return;
    const card = section.current?.querySelector<HTMLElement>(`[data-newsletter="${CSS.escape(focus.id)}"]`);
    const target = focus.on === 'card' ? card : card?.querySelector<HTMLElement>(`[data-action="${focus.on}"]`);
    if (!target) return;
    target.focus();
    setFocus(null);
  }, [focus, shown]);

  /** Runs one change (never two at once); announces it, reloads the list and moves the focus. */
  async function run<T>(change: () => Promise<Answer<T>>, done: (value: T) => string, then?: FocusTarget) {
    if (busy.current) return;
    busy.current = true;
    const result = await change();
    busy.current = false;
    if (sessionEnded(result)) return onAuthError();
    setMessage(
      result.ok ? { kind: 'done', text: done(result.value) } : { kind: 'error', text: C.failed(result.message) },
    );
    setVersion((v) => v + 1);
    if (result.ok && then) setFocus(then);
  }

  return (
    <section ref={section} aria-labelledby={`${id}-title`} className="dash-section dash-nl">
      <div className="dash-toolbar">
        <h2 id={`${id}-title`}>{C.title}</h2>
      </div>
      <p className="dash-help">{C.help}</p>
      <div role="status" aria-live="polite" className="dash-nl__message">
        {message ? <p className={`dash-nl__notice dash-nl__notice--${message.kind}`}>{message.text}</p> : null}
      </div>
      {list.state === 'loading' ? <p className="dash-empty">{C.loading}</p> : null}
      {list.state === 'failed' ? <p className="dash-empty">{C.loadFailed}</p> : null}
      {shown && shown.length === 0 ? <p className="dash-empty">{C.empty}</p> : null}
      {shown && shown.length > 0 ? (
        <ul className="dash-nl__list">
          {shown.map((n) => (
            <li key={n.id}>
              <NewsletterCard
                newsletter={n}
                member={member}
                token={token}
                onAuthError={onAuthError}
                onTest={() =>
                  void run(
                    () => sendNewsletterTest(token, n.id),
                    (value) => C.testSent(n.subject, value.to),
                  )
                }
                onSend={() => setConfirming(n)}
                onPause={() =>
                  void run(
                    () => pauseNewsletter(token, n.id),
                    () => C.paused(n.subject),
                    { id: n.id, on: 'resume' },
                  )
                }
                onResume={() =>
                  void run(
                    () => resumeNewsletter(token, n.id),
                    () => C.resumed(n.subject),
                    { id: n.id, on: 'pause' },
                  )
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {confirming ? (
        <ConfirmSend
          newsletter={confirming}
          token={token}
          onAuthError={onAuthError}
          // The card behind the dialog shows the new number too (and keeps it after a Cancel).
          onChanged={() => setVersion((v) => v + 1)}
          onAnswer={(answer) => {
            setConfirming(null);
            if (answer.kind === 'cancelled') return;
            setMessage(
              answer.kind === 'sending'
                ? { kind: 'done', text: C.started(confirming.subject, answer.recipients) }
                : { kind: 'error', text: C.failed(answer.message) },
            );
            setVersion((v) => v + 1);
            // To the card: sending, its bar now moves; refused (sent meanwhile by someone else, say),
            // it shows why. Either way the Send button may be gone.
            setFocus({ id: confirming.id, on: 'card' });
          }}
        />
      ) : null}
    </section>
  );
}

interface CardProps {
  newsletter: NewsletterCardData;
  member: TeamMemberSummary;
  token: string;
  onAuthError: () => void;
  onTest: () => void;
  onSend: () => void;
  onPause: () => void;
  onResume: () => void;
}

function NewsletterCard({ newsletter: n, member, token, onAuthError, onTest, onSend, onPause, onResume }: CardProps) {
  const id = useId();
  const [previewOpen, setPreviewOpen] = useState(false);
  const can = actionsFor(n, member.role);
  const progress = progressOf(n);
  const subjectId = `${id}-subject`;
  return (
    <article className="dash-card" aria-labelledby={subjectId} tabIndex={-1} data-newsletter={n.id}>
      <h3 id={subjectId} className="dash-card__name" lang="de">
        {n.subject}
      </h3>
      <dl className="dash-card__facts">
        <div>
          <dt>{C.audience}</dt>
          <dd>{audienceText(n)}</dd>
        </div>
        <div>
          <dt>{C.recipients}</dt>
          <dd>{n.status === 'ready' ? C.recipientsNow(n.recipients) : C.recipientsFrozen(n.recipients)}</dd>
        </div>
        <div>
          <dt>{C.state}</dt>
          <dd className={`dash-nl__state dash-nl__state--${n.problems.length ? 'blocked' : n.status}`}>
            {stateText(n)}
          </dd>
        </div>
      </dl>
      {progress ? (
        <div className="dash-nl__progress">
          <progress
            value={progress.value}
            max={progress.max}
            aria-label={C.progressLabel(n.subject)}
            aria-describedby={`${id}-progress`}
          />
          <p id={`${id}-progress`}>{progress.text}</p>
        </div>
      ) : null}
      {n.problems.length ? (
        <div className="dash-nl__problems">
          <p>{C.problemsTitle}</p>
          <ul lang="de">
            {n.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {can.nobody ? <p className="dash-nl__nobody">{C.nobody}</p> : null}
      <div className="dash-nl__actions">
        <button
          type="button"
          className="dash-button"
          aria-expanded={previewOpen}
          aria-controls={`${id}-preview`}
          onClick={() => setPreviewOpen((open) => !open)}
        >
          {C.preview}
        </button>
        {can.test ? (
          <button type="button" className="dash-button" aria-describedby={subjectId} onClick={onTest}>
            {C.test}
          </button>
        ) : null}
        {can.send ? (
          <button
            type="button"
            className="dash-button dash-button--primary"
            aria-describedby={subjectId}
            onClick={onSend}
          >
            {C.send(n.recipients)}
          </button>
        ) : null}
        {can.pause || can.resume ? (
          // One button that turns from Pause into Resume and back, so the focus stays on it.
          <button
            type="button"
            className={can.resume ? 'dash-button dash-button--primary' : 'dash-button'}
            data-action={can.resume ? 'resume' : 'pause'}
            aria-describedby={subjectId}
            onClick={can.resume ? onResume : onPause}
          >
            {can.resume ? C.resume : C.pause}
          </button>
        ) : null}
      </div>
      <div id={`${id}-preview`} hidden={!previewOpen}>
        {previewOpen ? <Preview token={token} id={n.id} onAuthError={onAuthError} /> : null}
      </div>
    </article>
  );
}

/** The mail as the team's test shows it: subject and preheader, the HTML in a sandboxed frame, the plain text. */
function Preview({ token, id, onAuthError }: { token: string; id: string; onAuthError: () => void }) {
  const preview = useTeamData((signal) => fetchNewsletterPreview(token, id, signal), `${token}:${id}`, onAuthError);
  if (preview.state === 'loading') return <p className="dash-muted">{C.previewLoading}</p>;
  if (preview.state === 'failed') return <p className="dash-muted">{C.previewFailed}</p>;
  const p = preview.value;
  return (
    <div className="dash-nl__preview">
      <dl className="dash-card__facts">
        <div>
          <dt>{C.subject}</dt>
          <dd lang="de">{p.subject}</dd>
        </div>
        <div>
          <dt>{C.preheader}</dt>
          {p.preheader ? <dd lang="de">{p.preheader}</dd> : <dd>{C.noPreheader}</dd>}
        </div>
      </dl>
      {p.html !== null ? <MailFrame className="dash-nl__frame" title={C.frameTitle(p.subject)} html={p.html} /> : null}
      {p.text !== null ? (
        <details className="dash-nl__text">
          <summary>{C.plainText}</summary>
          <pre lang="de">{p.text}</pre>
        </details>
      ) : null}
    </div>
  );
}

type ConfirmAnswer =
  { kind: 'cancelled' } | { kind: 'sending'; recipients: number } | { kind: 'refused'; message: string };

/**
 * Asks before a newsletter goes out (a modal dialog: Escape or Cancel send nothing, and the focus
 * goes back to the Send button). It names the number of recipients and the audience, and the send
 * carries that number: when the audience changed meanwhile, the server answers with the new one,
 * which the dialog shows and asks about again.
 */
function ConfirmSend({
  newsletter: n,
  token,
  onAuthError,
  onChanged,
  onAnswer,
}: {
  newsletter: NewsletterCardData;
  token: string;
  onAuthError: () => void;
  onChanged: () => void;
  onAnswer: (answer: ConfirmAnswer) => void;
}) {
  const [expect, setExpect] = useState(n.recipients);
  const [changedFrom, setChangedFrom] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // Closed before it answers, so that the browser hands the focus back to the Send button.
  const { answer, dialogProps, titleId, textId } = useModalDialog(onAnswer, busy ? null : { kind: 'cancelled' });
  async function send() {
    if (busy) return;
    setBusy(true);
    const result = await sendNewsletterToAudience(token, n.id, expect);
    if (sessionEnded(result)) {
      answer({ kind: 'cancelled' });
      return onAuthError();
    }
    if (result.ok) return answer({ kind: 'sending', recipients: result.value.recipients });
    const changed = changedAudience(result, expect);
    if (changed === undefined) return answer({ kind: 'refused', message: result.message });
    setChangedFrom(expect);
    setExpect(changed);
    setBusy(false);
    onChanged();
  }
  return (
    <dialog className="dash-nl__dialog" {...dialogProps}>
      <h2 id={titleId}>{C.confirm.title}</h2>
      <p id={textId}>{C.confirm.text(n.subject, expect, audienceText(n))}</p>
      <p role="alert" className="dash-nl__changed">
        {changedFrom !== null ? C.confirm.changed(changedFrom, expect) : ''}
      </p>
      <div className="dash-nl__dialog-actions">
        <button type="button" className="dash-button" onClick={() => answer({ kind: 'cancelled' })} autoFocus>
          {C.confirm.cancel}
        </button>
        <button
          type="button"
          className="dash-button dash-button--primary"
          aria-disabled={busy}
          onClick={() => void send()}
        >
          {busy ? C.confirm.sending : C.confirm.send(expect)}
        </button>
      </div>
    </dialog>
  );
}
