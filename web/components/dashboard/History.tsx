// The history of one application behind a disclosure button (its status changes and its decision
// mails): loaded when opened, and again when the application or its mail changes while it is open.
import { useId, useState } from 'react';
import { fetchHistory } from '~/components/dashboard/team-api';
import { formatDateTime } from '~/components/dashboard/view-state';
import { DASHBOARD_COPY, DECISION_MAIL_COPY } from '~/copy/dashboard';
import { useTeamData } from './useTeamData';

export function History(props: { applicationId: string; revision: string; token: string; onAuthError: () => void }) {
  const { applicationId, revision, token, onAuthError } = props;
  const [open, setOpen] = useState(false);
  const id = useId();
  const loaded = useTeamData(
    (signal) => fetchHistory(token, applicationId, signal),
    open ? `${token}:${applicationId}:${revision}` : null,
    onAuthError,
  );

  return (
    <div className="dash-history">
      <button
        type="button"
        className="link-button dash-history__toggle"
        aria-expanded={open}
        aria-controls={`${id}-history`}
        onClick={() => setOpen((o) => !o)}
      >
        {DASHBOARD_COPY.history}
      </button>
      <div id={`${id}-history`} hidden={!open}>
        {open && loaded.state === 'loading' ? <p>{DASHBOARD_COPY.historyLoading}</p> : null}
        {open && loaded.state === 'failed' ? <p>{DASHBOARD_COPY.historyFailed}</p> : null}
        {open && loaded.state === 'ready' ? (
          <ol className="dash-history__list">
            {loaded.value.map((entry, index) => (
              <li key={index}>
                {entry.mail ? (
                  <>
                    {DECISION_MAIL_COPY.named[entry.mail.decision]}{' '}
                    <strong>{DECISION_MAIL_COPY.historyMail[entry.mail.status]}</strong>
                  </>
                ) : entry.from === null ? (
                  <>
                    {DASHBOARD_COPY.historyCreated} <strong>{entry.to}</strong>
                  </>
                ) : (
                  <>
                    <strong>{entry.from}</strong> <span aria-hidden="true">→</span>{' '}
                    <span className="visually-hidden">to</span> <strong>{entry.to}</strong>
                  </>
                )}
                , <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.by ? (
                  <>
                    {' '}
                    {entry.mail ? DECISION_MAIL_COPY.historyDecidedBy : DASHBOARD_COPY.historyBy}{' '}
                    <strong>{entry.by.name}</strong>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </div>
  );
}
