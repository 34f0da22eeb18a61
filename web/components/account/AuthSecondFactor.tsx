// The second step of a team member's sign-in on /auth (see SecondFactorForms); once verified, the
// member goes on to the team dashboard.
import type { AuthNotice } from '~/lib/auth';
import { TEAM_SIGN_IN_COPY as COPY } from '~/copy/team';
import { SecondFactorForms } from '../team/SecondFactorForms';
import { Notice } from './Notice';

export function AuthSecondFactor({ notice }: { notice?: AuthNotice }) {
  return (
    <section className="account-card" aria-labelledby="auth-title" lang="en">
      <h1 id="auth-title">{COPY.secondFactorTitle}</h1>
      <Notice notice={notice} />
      <p>{COPY.secondFactorIntro}</p>
      <SecondFactorForms
        action="/auth"
        idPrefix="auth"
        formClass="account-form"
        buttonClass="button button--primary"
        detailsClass="account-details"
      />
    </section>
  );
}
