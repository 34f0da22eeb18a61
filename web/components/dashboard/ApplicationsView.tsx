// The application list: filters and search (kept in the URL query), the count, the cards, status
// changes with the version the card shows, keyboard review and the CSV export of the filtered view.
// A decision made here can be undone while its mail waits: on its card, with the u key, and in a bar
// at the foot of the window (over the list, so that nothing moves; the card may have left the
// filtered view), which also shows the mail. A decision that contradicts what the applicant was
// told by mail asks first. After a change the focus stays on the card (or the one that took its
// place), and a screen reader hears what happens to the mail.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isDecision, type ApplicationRecord, type ApplicationStatus, type Decision } from '~/lib/applications';
import {
  applicationQueryString,
  STATUS_OPTIONS,
  TYPE_OPTIONS,
  visibleApplications,
  type DashboardQuery,
  type QueryViewProps,
} from '~/components/dashboard/view-state';
import { sessionEnded, storedOnConflict, updateApplicationStatus } from '~/components/dashboard/team-api';
import {
  newestRecord,
  type ApplicationsAction,
  type ApplicationsState,
} from '~/components/dashboard/applications-state';
import { keyCommand, nextCardIndex } from '~/components/dashboard/review-keys';
import {
  clockTime,
  contradiction,
  mailLine,
  undoTarget,
  type Contradiction,
} from '~/components/dashboard/decision-mail-view';
import { DASHBOARD_COPY, DASHBOARD_MESSAGES, DECISION_MAIL_COPY, KEY_HELP, STATUS_LABELS } from '~/copy/dashboard';
import { Field } from '../Field';
import { ApplicationCard } from './ApplicationCard';
import { DownloadButton } from './DownloadButton';
import { MailPreview } from './MailPreview';
import { useModalDialog } from './useModalDialog';
import { useNow } from './useNow';

export interface ApplicationsViewProps extends QueryViewProps {
  list: ApplicationsState;
  dispatch: (action: ApplicationsAction) => void;
  loadFailed: boolean;
  /** A card to focus once it shows (an Activity entry led here), and the word that it did. */
  focusCard?: string | null;
  onCardFocused?: () => void;
}

/** A decision that waits for the team member's word, because it contradicts what the applicant was told. */
interface Confirming {
  application: ApplicationRecord;
  status: Decision;
  told: Contradiction;
  answer: (go: boolean) => void;
}

export function ApplicationsView({
  token,
  query,
  onQuery,
  list,
  dispatch,
  loadFailed,
  onAuthError,
  focusCard,
  onCardFocused,
}: ApplicationsViewProps) {
  const id = useId();
  const visible = visibleApplications(list.applications, query);
  const [notices, setNotices] = useState<Record<string, string>>({});
  // The change on its way per card, resolving to the record it left (see setStatus).
  const inFlight = useRef(new Map<string, Promise<ApplicationRecord>>());
  const applicationsRef = useRef(list.applications);
  const cards = useRef(new Map<string, HTMLElement>());
  const visibleRef = useRef(visible);
  // The latest decision made on this page (its id), and what a screen reader was told of it.
  const [lastDecided, setLastDecided] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const last = lastDecided ? list.applications.find((a) => a.id === lastDecided) : undefined;
  const now = useNow(last?.decisionMail?.status === 'scheduled');
  const lastMail = last ? mailLine(last, now) : null;
  const lastRef = useRef(last);

  /** Sends one status change with the version of `application`; answers the record it left. */
  const send = useCallback(
    async (application: ApplicationRecord, status: ApplicationStatus): Promise<ApplicationRecord> => {
      setNotices(({ [application.id]: _, ...rest }) => rest);
      const undo = undoTarget(application, Date.now()) === status;
      const answer = await updateApplicationStatus(token, application, status);
      if (sessionEnded(answer)) {
        onAuthError();
        return application;
      }
      // Someone changed it meanwhile: the stored state, which the change did not touch.
      const stored = answer.ok ? answer.value : storedOnConflict(answer);
      if (!stored) {
        if (!answer.ok) alert(DASHBOARD_MESSAGES.statusErrorPrefix + answer.message);
        return application;
      }
      // Committed now, not at React's next turn: change() looks at the focus once this resolves, and
      // the button it clicked must already show the new status (disabled) by then.
      flushSync(() => dispatch({ type: 'application', application: stored }));
      const mail = stored.decisionMail;
      if (answer.ok && isDecision(status) && mail?.status === 'scheduled' && mail.from) {
        setLastDecided(application.id);
        setAnnouncement(
          DECISION_MAIL_COPY.announced(
            DECISION_MAIL_COPY.decided[status],
            application.name,
            clockTime(mail.at, Date.now()),
          ),
        );
      } else if (answer.ok && undo) {
        // Taken back: the bar and the card's countdown go; say that nothing is sent.
        setAnnouncement(DECISION_MAIL_COPY.undone(application.name, STATUS_LABELS[status]));
      } else if (answer.ok) setAnnouncement('');
      else {
        const now = STATUS_LABELS[stored.status];
        setNotices((n) => ({ ...n, [application.id]: DASHBOARD_COPY.conflict(now) }));
      }
      return stored;
    },
    [token, dispatch, onAuthError],
  );

  // One change per card at a time, in the order asked. A click while one is on its way (the live
  // stream may show its result before its own answer arrives) waits for it, then acts on the
  // newest record known, so it never carries a stale version.
  const setStatus = useCallback(
    (shown: ApplicationRecord, status: ApplicationStatus): Promise<ApplicationRecord> => {
      const previous = inFlight.current.get(shown.id);
      const change = Promise.resolve(previous).then((left) => {
        const application = newestRecord(
          shown,
          left,
          applicationsRef.current.find((a) => a.id === shown.id),
        );
        return application.status === status ? application : send(application, status);
      });
      inFlight.current.set(shown.id, change);
      return change.finally(() => {
        if (inFlight.current.get(shown.id) === change) inFlight.current.delete(shown.id);
      });
    },
    [send],
  );

  // A decision that contradicts what the applicant was told waits for a word in a dialog.
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const confirmContrary = useCallback(
    (application: ApplicationRecord, status: ApplicationStatus) => {
      const told = contradiction(application, status);
      if (!told || !isDecision(status)) return Promise.resolve(true);
      return new Promise<boolean>((answer) => setConfirming({ application, status, told, answer }));
    },
    [setConfirming],
  );

  /**
   * A change asked for on the page (a button, a key, the bar's undo): confirmed first where it
   * contradicts a mail, then sent; the focus, if the change took it (a disabled button, a bar or a
   * card that went), goes to the card, or to the one that took its place in the list.
   */
  const change = useCallback(
    async (shown: ApplicationRecord, status: ApplicationStatus) => {
      const index = visibleRef.current.findIndex((a) => a.id === shown.id);
      const wasShown = cards.current.has(shown.id);
      const latest = newestRecord(
        shown,
        applicationsRef.current.find((a) => a.id === shown.id),
      );
      if (!(await confirmContrary(latest, status))) return;
      await setStatus(latest, status);
      requestAnimationFrame(() => {
        // Kept where it is unless the change took it: the element went, or it is the button of the
        // status just set (disabled now; browsers move such a focus to the body only later).
        const focused = document.activeElement;
        const lost = !focused || focused === document.body || !focused.isConnected || isDisabled(focused);
        if (!lost) return;
        // The card itself: where it was when it was just clicked (no scroll), or into view when
        // the change brought it back into the filtered list.
        const same = cards.current.get(shown.id);
        if (same) {
          same.focus({ preventScroll: wasShown });
          if (!wasShown) same.scrollIntoView({ block: 'nearest' });
          return;
        }
        const now = visibleRef.current;
        const next = index >= 0 ? now[Math.min(index, now.length - 1)] : undefined;
        if (next) cards.current.get(next.id)?.focus();
      });
    },
    [confirmContrary, setStatus],
  );

  // Keyboard review over the visible cards, in the order they are shown.
  // Before paint, not after: a key pressed as soon as a changed card shows must act on the record
  // it shows (a stale version would be refused as a conflict).
  useLayoutEffect(() => {
    visibleRef.current = visible;
    lastRef.current = last;
    applicationsRef.current = list.applications;
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const command = keyCommand({
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        targetTag: target?.tagName,
        targetEditable: target?.isContentEditable,
      });
      if (!command) return;
      const shown = visibleRef.current;
      const focusedCard = target?.closest<HTMLElement>('.dash-card');
      const current = focusedCard ? shown.findIndex((a) => a.id === focusedCard.dataset.id) : -1;
      if (command.kind === 'undo') {
        // The focused card's decision, else the last one made here (its card may be filtered out).
        const at = Date.now();
        const target = [shown[current], lastRef.current].find((a) => a && undoTarget(a, at));
        if (!target) return;
        event.preventDefault();
        void change(target, undoTarget(target, at)!);
      } else if (command.kind === 'move') {
        const next = nextCardIndex(current, command.by, shown.length);
        if (next < 0) return;
        event.preventDefault();
        const card = cards.current.get(shown[next]!.id);
        card?.focus();
        card?.scrollIntoView({ block: 'nearest' });
      } else if (current >= 0) {
        event.preventDefault();
        // A card that leaves the filtered view takes the focus with it: change() hands it to the
        // card that took its place, so the review goes on with the next key.
        void change(shown[current]!, command.status);
      }
    }
    // Not while the dialog asks: its keys are its own.
    if (confirming) return;
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [change, confirming]);

  // The card an Activity entry led to: focused (and scrolled to) once it shows.
  useEffect(() => {
    if (!focusCard || !list.loaded) return;
    const card = cards.current.get(focusCard);
    card?.focus();
    card?.scrollIntoView({ block: 'center' });
    onCardFocused?.();
  }, [focusCard, list.loaded, onCardFocused]);

  const search = applicationQueryString(query);

  return (
    <section aria-labelledby={`${id}-title`} className="dash-section">
      <h2 id={`${id}-title`} className="visually-hidden">
        {DASHBOARD_COPY.views.applications}
      </h2>
      <form
        className="dash-filters"
        role="search"
        aria-label={DASHBOARD_COPY.filtersLabel}
        onSubmit={(e) => e.preventDefault()}
      >
        <FilterSelect id={id} filter="type" options={TYPE_OPTIONS} query={query} onQuery={onQuery} />
        <FilterSelect id={id} filter="status" options={STATUS_OPTIONS} query={query} onQuery={onQuery} />
        <Field id={`${id}-q`} label={DASHBOARD_COPY.search} className="dash-search">
          {(control) => (
            <input
              {...control}
              type="search"
              value={query.q}
              maxLength={200}
              autoComplete="off"
              onChange={(e) => onQuery({ q: e.target.value })}
            />
          )}
        </Field>
      </form>
      <div className="dash-toolbar">
        <p className="dash-count" aria-live="polite">
          {list.loaded ? DASHBOARD_COPY.count(visible.length) : null}
        </p>
        <DownloadButton
          token={token}
          path={`/api/applications.csv${search ? `?${search}` : ''}`}
          filename="applications.csv"
          disabled={!list.loaded}
          onAuthError={onAuthError}
        />
      </div>
      <p className="dash-help dash-help--keys">{KEY_HELP}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {last && lastMail?.kind === 'scheduled' && isDecision(last.status) ? (
        // Over the foot of the window, not above the list: the card just clicked stays where it was.
        <div className="dash-undo" role="region" aria-label={DECISION_MAIL_COPY.barLabel}>
          <p className="dash-undo__what">
            {DECISION_MAIL_COPY.decided[last.status]} <span lang="de">{last.name}</span>{' '}
            <span aria-hidden="true">·</span> {lastMail.text}
          </p>
          <p className="dash-undo__actions">
            <button
              type="button"
              className="link-button dash-link-button"
              aria-label={DECISION_MAIL_COPY.undoLabel(last.name)}
              onClick={() => void change(last, lastMail.undoTo)}
            >
              {DECISION_MAIL_COPY.undo}
            </button>{' '}
            <kbd aria-hidden="true" className="dash-help--keys">
              {DECISION_MAIL_COPY.undoKey}
            </kbd>
          </p>
          <MailPreview
            token={token}
            applicationId={last.id}
            applicantName={last.name}
            decisions={[last.status]}
            revision={`${last.version}:${last.decisionMail?.at}`}
            onAuthError={onAuthError}
            className="dash-undo__mail"
          />
        </div>
      ) : null}
      {loadFailed ? (
        <p className="dash-error" role="alert">
          {DASHBOARD_COPY.loadFailed}
        </p>
      ) : null}
      {!list.loaded ? (
        <p className="dash-empty">{DASHBOARD_MESSAGES.loading}</p>
      ) : visible.length === 0 ? (
        <p className="dash-empty">{DASHBOARD_MESSAGES.empty}</p>
      ) : (
        <ul className="dash-cards" aria-label={DASHBOARD_COPY.views.applications}>
          {visible.map((application) => (
            <li key={application.id}>
              <ApplicationCard
                ref={(element) => {
                  if (element) cards.current.set(application.id, element);
                  else cards.current.delete(application.id);
                }}
                application={application}
                token={token}
                notice={notices[application.id]}
                onStatus={(a, s) => void change(a, s)}
                onAuthError={onAuthError}
              />
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <ContraryDecision
          {...confirming}
          onAnswer={(go) => {
            setConfirming(null);
            confirming.answer(go);
          }}
        />
      ) : null}
    </section>
  );
}

/** A filter of the list (its label is the filter's name): a select of the query's own values. */
function FilterSelect<Filter extends 'type' | 'status'>({
  id,
  filter,
  options,
  query,
  onQuery,
}: {
  id: string;
  filter: Filter;
  options: readonly DashboardQuery[Filter][];
} & Pick<QueryViewProps, 'query' | 'onQuery'>) {
  return (
    <Field id={`${id}-${filter}`} label={DASHBOARD_COPY[filter]}>
      {(control) => (
        <select
          {...control}
          value={query[filter]}
          onChange={(e) => onQuery({ [filter]: e.target.value as DashboardQuery[Filter] })}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Asks before a decision that contradicts what the applicant was told by mail (a modal dialog:
 * Escape or Cancel keep the status, and the focus goes back where it was).
 */
function ContraryDecision({
  application,
  status,
  told,
  onAnswer,
}: Omit<Confirming, 'answer'> & { onAnswer: (go: boolean) => void }) {
  const { answer, dialogProps, titleId, textId } = useModalDialog(onAnswer, false);
  const C = DECISION_MAIL_COPY.contradiction;
  const now = useNow(false);
  return (
    <dialog className="dash-dialog" {...dialogProps}>
      <h2 id={titleId}>{C.title(application.name, STATUS_LABELS[told.told])}</h2>
      <div id={textId}>
        <p>
          {told.at
            ? C.sent(DECISION_MAIL_COPY.named[told.told], clockTime(told.at, now))
            : C.sending(DECISION_MAIL_COPY.named[told.told])}
        </p>
        <p>{C.then(DECISION_MAIL_COPY.named[status])}</p>
      </div>
      <div className="dash-dialog__actions">
        <button type="button" className="dash-button" onClick={() => answer(false)} autoFocus>
          {C.cancel}
        </button>
        <button type="button" className={`dash-button dash-button--${status}`} onClick={() => answer(true)}>
          {C.confirm[status]}
        </button>
      </div>
    </dialog>
  );
}

function isDisabled(element: Element): boolean {
  return element instanceof HTMLButtonElement && element.disabled;
}
