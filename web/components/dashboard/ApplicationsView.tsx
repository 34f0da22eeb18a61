// The application list: filters and search (kept in the URL query), the count, the cards, status
// changes with the version the card shows, keyboard review and the CSV export of the filtered view.
// A decision made here can be undone while its mail waits: on its card, with the u key, and in a bar
// above the list (the card may have left the filtered view).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { isDecision, type ApplicationRecord, type ApplicationStatus } from '~/lib/applications';
import {
  applicationQueryString,
  STATUS_OPTIONS,
  TYPE_OPTIONS,
  visibleApplications,
  type DashboardQuery,
  type QueryViewProps,
} from '~/components/dashboard/view-state';
import { TeamAuthError, updateApplicationStatus } from '~/components/dashboard/team-api';
import {
  newestRecord,
  type ApplicationsAction,
  type ApplicationsState,
} from '~/components/dashboard/applications-state';
import { keyCommand, nextCardIndex } from '~/components/dashboard/review-keys';
import { clockTime, mailLine, undoTarget } from '~/components/dashboard/decision-mail-view';
import { DASHBOARD_COPY, DASHBOARD_MESSAGES, DECISION_MAIL_COPY, KEY_HELP, STATUS_LABELS } from '~/copy/dashboard';
import { Field } from '../Field';
import { ApplicationCard } from './ApplicationCard';
import { DownloadButton } from './DownloadButton';
import { useNow } from './useNow';

export interface ApplicationsViewProps extends QueryViewProps {
  list: ApplicationsState;
  dispatch: (action: ApplicationsAction) => void;
  loadFailed: boolean;
}

export function ApplicationsView({
  token,
  query,
  onQuery,
  list,
  dispatch,
  loadFailed,
  onAuthError,
}: ApplicationsViewProps) {
  const id = useId();
  const visible = visibleApplications(list.applications, query);
  const [notices, setNotices] = useState<Record<string, string>>({});
  // The change on its way per card, resolving to the record it left (see setStatus).
  const inFlight = useRef(new Map<string, Promise<ApplicationRecord>>());
  const applicationsRef = useRef(list.applications);
  const cards = useRef(new Map<string, HTMLElement>());
  // The latest decision made on this page (its id), and what a screen reader was told of it.
  const [lastDecided, setLastDecided] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const last = lastDecided ? list.applications.find((a) => a.id === lastDecided) : undefined;
  const now = useNow(last?.decisionMail?.status === 'scheduled');
  const lastMail = last ? mailLine(last, now) : null;

  /** Sends one status change with the version of `application`; answers the record it left. */
  const send = useCallback(
    async (application: ApplicationRecord, status: ApplicationStatus): Promise<ApplicationRecord> => {
      setNotices(({ [application.id]: _, ...rest }) => rest);
      try {
        const answer = await updateApplicationStatus(token, application, status);
        if (answer.kind === 'failed') {
          alert(DASHBOARD_MESSAGES.statusErrorPrefix + answer.error);
          return application;
        }
        dispatch({ type: 'application', application: answer.application });
        const mail = answer.application.decisionMail;
        if (answer.kind === 'updated' && isDecision(status) && mail?.status === 'scheduled' && mail.from) {
          setLastDecided(application.id);
          setAnnouncement(
            DECISION_MAIL_COPY.announced(
              DECISION_MAIL_COPY.decided[status],
              application.name,
              clockTime(mail.at, Date.now()),
            ),
          );
        } else if (answer.kind === 'updated') setAnnouncement('');
        if (answer.kind === 'conflict') {
          const now = STATUS_LABELS[answer.application.status];
          setNotices((n) => ({ ...n, [application.id]: DASHBOARD_COPY.conflict(now) }));
        }
        return answer.application;
      } catch (error) {
        if (error instanceof TeamAuthError) onAuthError();
        return application;
      }
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

  // Keyboard review over the visible cards, in the order they are shown.
  const visibleRef = useRef(visible);
  const lastRef = useRef(last);
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
        void setStatus(target, undoTarget(target, at)!);
      } else if (command.kind === 'move') {
        const next = nextCardIndex(current, command.by, shown.length);
        if (next < 0) return;
        event.preventDefault();
        const card = cards.current.get(shown[next]!.id);
        card?.focus();
        card?.scrollIntoView({ block: 'nearest' });
      } else if (current >= 0) {
        event.preventDefault();
        // A card that leaves the filtered view takes the focus with it: hand it to the card that
        // took its place, so the review goes on with the next key.
        void setStatus(shown[current]!, command.status).then(() =>
          requestAnimationFrame(() => {
            if (document.activeElement && document.activeElement !== document.body) return;
            const now = visibleRef.current;
            const next = Math.min(current, now.length - 1);
            if (next >= 0) cards.current.get(now[next]!.id)?.focus();
          }),
        );
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [setStatus]);

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
        <Field id={`${id}-type`} label={DASHBOARD_COPY.type}>
          {(control) => (
            <select
              {...control}
              value={query.type}
              onChange={(e) => onQuery({ type: e.target.value as DashboardQuery['type'] })}
            >
              {TYPE_OPTIONS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-status`} label={DASHBOARD_COPY.status}>
          {(control) => (
            <select
              {...control}
              value={query.status}
              onChange={(e) => onQuery({ status: e.target.value as DashboardQuery['status'] })}
            >
              {STATUS_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
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
      <p className="dash-help">{KEY_HELP}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {last && lastMail?.kind === 'scheduled' && isDecision(last.status) ? (
        <p className="dash-undo">
          <span>
            {DECISION_MAIL_COPY.decided[last.status]} {last.name} <span aria-hidden="true">·</span> {lastMail.text}
          </span>{' '}
          <span aria-hidden="true">·</span>{' '}
          <button
            type="button"
            className="link-button dash-link-button"
            aria-label={DECISION_MAIL_COPY.undoLabel(last.name)}
            onClick={() => void setStatus(last, lastMail.undoTo)}
          >
            {DECISION_MAIL_COPY.undo}
          </button>{' '}
          <kbd aria-hidden="true">{DECISION_MAIL_COPY.undoKey}</kbd>
        </p>
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
                onStatus={(a, s) => void setStatus(a, s)}
                onAuthError={onAuthError}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
