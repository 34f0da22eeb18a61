// A decision mail as the applicant will read it, behind a disclosure button: on the card (before a
// decision both mails, once one is made its mail) and in the bar after a decision. The server
// renders it with the code that sends it (GET /api/applications/:id/decision-mail), when opened
// and again when the mail changes (another member, a publish, a decision) while it is open.
import { useId } from 'react';
import type { Decision } from '~/lib/applications';
import { allOf } from '~/lib/api-answer';
import { DECISION_MAIL_COPY as C } from '~/copy/dashboard';
import { Disclosure } from './Disclosure';
import { fetchDecisionMail, type DecisionMailPreview } from './team-api';
import { useTeamData } from './useTeamData';

interface MailsProps {
  token: string;
  applicationId: string;
  applicantName: string;
  /** The mails to show: one decision's, or both before a decision. */
  decisions: readonly Decision[];
  /** Changes when the mail may read differently (the record's version and its mail). */
  revision: string;
  onAuthError: () => void;
}

export function MailPreview(props: MailsProps & { className?: string }) {
  const { decisions, className, ...rest } = props;
  return (
    <Disclosure
      label={decisions.length === 1 ? C.showMail : C.showMails}
      className={['dash-mail-preview', className].filter(Boolean).join(' ')}
    >
      <Mails decisions={decisions} {...rest} />
    </Disclosure>
  );
}

function Mails(props: MailsProps) {
  const { token, applicationId, applicantName, decisions, revision, onAuthError } = props;
  const mails = useTeamData(
    async (signal) =>
      allOf(await Promise.all(decisions.map((d) => fetchDecisionMail(token, applicationId, d, signal)))),
    `${token}:${applicationId}:${decisions.join()}:${revision}`,
    onAuthError,
  );
  if (mails.state === 'loading') return <p>{C.previewLoading}</p>;
  if (mails.state === 'failed') return <p>{C.previewFailed}</p>;
  return mails.value.map((mail) => <MailText key={mail.decision} mail={mail} applicantName={applicantName} />);
}

function MailText({ mail, applicantName }: { mail: DecisionMailPreview; applicantName: string }) {
  const id = useId();
  return (
    <section className="dash-mail" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="dash-mail__title">
        {C.previewLabel(C.named[mail.decision], applicantName)}
      </h4>
      <dl className="dash-mail__head">
        <div>
          <dt>{C.to}</dt>
          <dd>{mail.to}</dd>
        </div>
        <div>
          <dt>{C.replyTo}</dt>
          <dd>{mail.replyTo ?? C.replyToSender}</dd>
        </div>
        <div>
          <dt>{C.subject}</dt>
          <dd lang="de" className="dash-mail__subject">
            {mail.subject}
          </dd>
        </div>
      </dl>
      <p lang="de" className="dash-mail__text">
        {mail.text}
      </p>
    </section>
  );
}
