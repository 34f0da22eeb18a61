// One application: who, what, when, the three status buttons, where its decision mail stands
// ("Mail in 1:45 · Undo", "Mail sent 14:02") and the mail's text as it will be sent. Everything the
// applicant typed is rendered as text (React escapes it), marked German (lang="de") inside the
// English dashboard; the website becomes a link only for http(s) addresses.
import { useId, type Ref } from 'react';
import { DECISIONS, type ApplicationRecord, type ApplicationStatus } from '~/lib/applications';
import { mailtoHref, safeWebsiteHref } from '~/components/dashboard/view-state';
import { formatDate } from '~/lib/berlin-time';
import { mailLine } from '~/components/dashboard/decision-mail-view';
import { DASHBOARD_COPY, DECISION_MAIL_COPY, NOT_AVAILABLE, STATUS_LABELS } from '~/copy/dashboard';
import { History } from './History';
import { MailPreview } from './MailPreview';
import { useNow } from './useNow';

const BUTTON_ORDER: ApplicationStatus[] = ['approved', 'rejected', 'pending'];

export interface CardProps {
  application: ApplicationRecord;
  token: string;
  notice?: string;
  ref?: Ref<HTMLElement>;
  onStatus: (application: ApplicationRecord, status: ApplicationStatus) => void;
  onAuthError: () => void;
}

/** The id of a card's element: an Activity entry links to it (`#application-<id>`). */
export const cardAnchor = (applicationId: string) => `application-${applicationId}`;

export function ApplicationCard({ application, token, notice, onStatus, onAuthError, ref }: CardProps) {
  const id = useId();
  const href = safeWebsiteHref(application.websiteLink);
  const typeClass = application.applicationType.toLowerCase().replace(/\s+/g, '-');
  const now = useNow(application.decisionMail?.status === 'scheduled');
  const mail = mailLine(application, now);
  const mailRevision = application.decisionMail
    ? `${application.decisionMail.status}@${application.decisionMail.at}`
    : '';
  // The mail of the decision in play (waiting, going, gone or failed); before one, both.
  const inPlay = application.decisionMail?.status !== 'cancelled' ? application.decisionMail?.decision : undefined;
  return (
    <article
      ref={ref}
      id={cardAnchor(application.id)}
      className="dash-card"
      tabIndex={-1}
      aria-labelledby={`${id}-name`}
      data-id={application.id}
    >
      <div className="dash-card__tags">
        <span className={`dash-badge dash-badge--${typeClass}`}>{application.applicationType}</span>
        <span className={`dash-status dash-status--${application.status}`}>
          <span className="visually-hidden">{DASHBOARD_COPY.status}: </span>
          {STATUS_LABELS[application.status]}
        </span>
      </div>
      <h3 id={`${id}-name`} className="dash-card__name" lang="de">
        {application.name}
      </h3>
      <dl className="dash-card__facts">
        <div>
          <dt>{DASHBOARD_COPY.email}</dt>
          <dd>
            <a href={mailtoHref(application.email)}>{application.email}</a>
          </dd>
        </div>
        {application.websiteLink ? (
          <div>
            <dt>{DASHBOARD_COPY.website}</dt>
            <dd>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {application.websiteLink}
                </a>
              ) : (
                <span className="dash-card__plain">{application.websiteLink}</span>
              )}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{DASHBOARD_COPY.applied}</dt>
          <dd>{formatDate(application.createdAt, NOT_AVAILABLE)}</dd>
        </div>
        {application.updatedBy ? (
          <div>
            <dt>{DASHBOARD_COPY.decidedBy}</dt>
            <dd>{application.updatedBy.name}</dd>
          </div>
        ) : null}
      </dl>
      {application.message ? (
        <div className="dash-card__message">
          <h4 className="visually-hidden">{DASHBOARD_COPY.message}</h4>
          <p lang="de">{application.message}</p>
        </div>
      ) : null}
      <div className="dash-card__actions" role="group" aria-label={DASHBOARD_COPY.actionsLabel(application.name)}>
        {BUTTON_ORDER.map((status) => (
          <button
            key={status}
            type="button"
            className={`dash-button dash-button--${status}`}
            disabled={application.status === status}
            onClick={() => onStatus(application, status)}
          >
            {DASHBOARD_COPY.actions[status]}
          </button>
        ))}
      </div>
      {mail ? (
        <p className={`dash-card__mail dash-card__mail--${mail.kind}`}>
          <span>{mail.text}</span>
          {mail.kind === 'scheduled' ? (
            <>
              {' '}
              <span aria-hidden="true">·</span>{' '}
              <button
                type="button"
                className="link-button dash-link-button"
                aria-label={DECISION_MAIL_COPY.undoLabel(application.name)}
                onClick={() => onStatus(application, mail.undoTo)}
              >
                {DECISION_MAIL_COPY.undo}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      {notice ? (
        <p className="dash-card__notice" role="status">
          {notice}
        </p>
      ) : null}
      <MailPreview
        token={token}
        applicationId={application.id}
        applicantName={application.name}
        decisions={inPlay ? [inPlay] : DECISIONS}
        revision={`${application.version}:${mailRevision}`}
        onAuthError={onAuthError}
      />
      <History
        applicationId={application.id}
        revision={`${application.version}:${mailRevision}`}
        token={token}
        onAuthError={onAuthError}
      />
    </article>
  );
}
