// The history of one application behind a disclosure button (its status changes and its decision
// mails): loaded when opened, and again when the application or its mail changes while it is open.
import { fetchHistory } from '~/components/dashboard/team-api';
import { DASHBOARD_COPY, DECISION_MAIL_COPY, NOT_AVAILABLE } from '~/copy/dashboard';
import { formatDateTime } from '~/lib/berlin-time';
import { Disclosure } from './Disclosure';
import { useTeamData } from './useTeamData';

export function History(props: { applicationId: string; revision: string; token: string; onAuthError: () => void }) {
  return (
    <Disclosure label={DASHBOARD_COPY.history} className="dash-history">
      <HistoryList {...props} />
    </Disclosure>
  );
}

function HistoryList(props: { applicationId: string; revision: string; token: string; onAuthError: () => void }) {
  const { applicationId, revision, token, onAuthError } = props;
  const loaded = useTeamData(
    (signal) => fetchHistory(token, applicationId, signal),
    `${token}:${applicationId}:${revision}`,
    onAuthError,
  );
  if (loaded.state === 'loading') return <p>{DASHBOARD_COPY.historyLoading}</p>;
  if (loaded.state === 'failed') return <p>{DASHBOARD_COPY.historyFailed}</p>;
  return (
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
          , <time dateTime={entry.at}>{formatDateTime(entry.at, NOT_AVAILABLE)}</time>
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
  );
}
