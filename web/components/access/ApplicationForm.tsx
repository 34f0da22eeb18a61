// The application form. Without JavaScript it posts to the /bewerbung page, which answers with the
// thank-you page or the form again with German messages per field. With JavaScript the same schema
// checks it first, then it goes to POST /api/applications as JSON. The hidden id, made once per
// page view, keeps a double click or a retried request from storing two applications.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { APPLICATION_FORM_COPY as COPY, APPLICATION_MESSAGES } from '~/copy/access';
import { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, WEBSITE_MAX } from '~/copy/limits';
import {
  applicationFromForm,
  messageCounter,
  validateApplication,
  type ApplicationDraft,
  type ApplicationField,
  type FieldErrors,
} from '~/lib/application-form';
import { APPLICATION_TYPES } from '~/lib/applications';
import { HONEYPOT_FIELD } from '~/lib/honeypot';
import { callApi } from '~/lib/api-answer';
import { Field, RadioOption } from '../Field';
import { Honeypot } from '../Honeypot';

export interface ApplicationFormProps {
  clientId: string;
  error?: string;
  fields?: FieldErrors;
  draft?: ApplicationDraft;
}

export function ApplicationForm({
  clientId,
  error: serverError,
  fields: serverFields,
  draft = {},
}: ApplicationFormProps) {
  const [error, setError] = useState(serverError ?? '');
  const [fields, setFields] = useState<FieldErrors>(serverFields ?? {});
  const [message, setMessage] = useState(draft.message ?? '');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();

  const focusFirstInvalid = (invalid: FieldErrors) => {
    const order: ApplicationField[] = ['applicationType', 'name', 'email', 'websiteLink', 'message', 'consent'];
    const first = order.find((f) => invalid[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const input = applicationFromForm(form);
    const checked = validateApplication(input);
    if (!checked.ok) {
      setError(checked.error);
      setFields(checked.fields);
      focusFirstInvalid(checked.fields);
      return;
    }
    setBusy(true);
    setError('');
    setFields({});
    const request = fetch('/api/applications', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...input, [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? '' }),
    });
    const answer = await callApi(request, {
      value: (_, response) => (response.status === 201 ? true : undefined),
      failed: APPLICATION_MESSAGES.failed,
      serverSays: [400, 429],
    });
    if (answer.ok) await navigate('/bewerbung/danke');
    else if (answer.status === 401) await navigate('/access?abgelaufen');
    else {
      setError(answer.message);
      setFields(answer.fields ?? {});
      focusFirstInvalid(answer.fields ?? {});
    }
    setBusy(false);
  }

  return (
    <form ref={formRef} method="post" action="/bewerbung" className="application-form" onSubmit={onSubmit} noValidate>
      <p className="application-form__summary" role="alert">
        {error}
      </p>
      <input type="hidden" name="id" value={clientId} />

      <Field kind="group" id="application-type" label={COPY.type} error={fields.applicationType}>
        {() => (
          <div className="application-types__options">
            {APPLICATION_TYPES.map((type) => (
              <RadioOption
                key={type}
                className="application-type"
                name="applicationType"
                value={type}
                defaultChecked={draft.applicationType === type}
                required
                lang="en"
              >
                {type}
              </RadioOption>
            ))}
          </div>
        )}
      </Field>

      <Field id="application-name" label={COPY.name} error={fields.name}>
        {(control) => (
          <input {...control} name="name" autoComplete="name" defaultValue={draft.name} maxLength={NAME_MAX} required />
        )}
      </Field>

      <Field id="application-email" label={COPY.email} error={fields.email}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={draft.email}
            maxLength={EMAIL_MAX}
            required
          />
        )}
      </Field>

      <Field
        id="application-website"
        label={<Optional label={COPY.website} />}
        hint={COPY.websiteHint}
        error={fields.websiteLink}
      >
        {(control) => (
          <input
            {...control}
            name="websiteLink"
            type="url"
            inputMode="url"
            autoComplete="url"
            defaultValue={draft.websiteLink}
            maxLength={WEBSITE_MAX}
          />
        )}
      </Field>

      <Field
        id="application-message"
        label={<Optional label={COPY.message} />}
        hint={COPY.messageHint}
        counter={messageCounter(message)}
        error={fields.message}
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </Field>

      <Field
        kind="check"
        id="application-consent"
        label={
          <>
            {COPY.consentBefore}
            <a href="/datenschutz" target="_blank">
              {COPY.consentLink}
            </a>
            {COPY.consentAfter}
          </>
        }
        error={fields.consent}
      >
        {(control) => <input {...control} name="consent" type="checkbox" value="ja" required />}
      </Field>

      <Honeypot id="application-referenz" />

      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? COPY.sending : COPY.submit}
      </button>
    </form>
  );
}

/** A label with "(optional)" after it, in a lighter weight. */
function Optional({ label }: { label: string }) {
  return (
    <>
      {label} <span className="field__optional">{COPY.optional}</span>
    </>
  );
}
