// The application form. Without JavaScript it posts to the /bewerbung page, which answers with the
// thank-you page or the form again with German messages per field. With JavaScript the same schema
// checks it first, then it goes to POST /api/applications as JSON. The hidden id, made once per
// page view, keeps a double click or a retried request from storing two applications.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  APPLICATION_MESSAGES,
  HONEYPOT_FIELD,
  MESSAGE_MAX,
  applicationFromForm,
  messageCounter,
  validateApplication,
  type ApplicationDraft,
  type ApplicationField,
  type FieldErrors,
} from '~/lib/application-form';
import { APPLICATION_TYPES } from '~/lib/applications';

export const FORM_COPY = {
  type: 'Ich bewerbe mich als',
  name: 'Name',
  email: 'E-Mail-Adresse',
  website: 'Website',
  websiteHint: 'Optional, mit http:// oder https://',
  message: 'Nachricht',
  messageHint: 'Optional: Erzähl uns kurz von dir und deinem Pferd.',
  optional: '(optional)',
  consentBefore: 'Ich habe die ',
  consentLink: 'Datenschutzerklärung',
  consentAfter:
    ' gelesen und bin einverstanden, dass meine Angaben gespeichert werden, um meine Bewerbung zu bearbeiten.',
  submit: 'Bewerbung absenden',
  sending: 'Wird gesendet …',
  honeypot: 'Dieses Feld bitte leer lassen',
} as const;

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
    try {
      const res = await fetch('/api/applications', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...input, [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? '' }),
      });
      if (res.status === 201) {
        await navigate('/bewerbung/danke');
        return;
      }
      if (res.status === 401) {
        await navigate('/access?abgelaufen');
        return;
      }
      const answer = (await res.json().catch(() => ({}))) as { error?: string; fields?: FieldErrors };
      setError(res.status === 400 && answer.error ? answer.error : APPLICATION_MESSAGES.failed);
      setFields(answer.fields ?? {});
      focusFirstInvalid(answer.fields ?? {});
    } catch {
      setError(APPLICATION_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  const described = (field: ApplicationField, hint?: string) => ({
    'aria-invalid': fields[field] ? true : undefined,
    'aria-describedby': [hint, fields[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (field: ApplicationField) =>
    fields[field] ? (
      <p id={`${field}-error`} className="application-field__error">
        {fields[field]}
      </p>
    ) : null;

  return (
    <form ref={formRef} method="post" action="/bewerbung" className="application-form" onSubmit={onSubmit} noValidate>
      <p className="application-form__summary" role="alert">
        {error}
      </p>
      <input type="hidden" name="id" value={clientId} />

      <fieldset className="application-field application-types" {...described('applicationType')}>
        <legend>{FORM_COPY.type}</legend>
        <div className="application-types__options">
          {APPLICATION_TYPES.map((type) => (
            <label key={type} className="application-type">
              <input
                type="radio"
                name="applicationType"
                value={type}
                defaultChecked={draft.applicationType === type}
                required
              />
              <span lang="en">{type}</span>
            </label>
          ))}
        </div>
        {fieldError('applicationType')}
      </fieldset>

      <div className="application-field">
        <label htmlFor="application-name">{FORM_COPY.name}</label>
        <input
          id="application-name"
          name="name"
          autoComplete="name"
          defaultValue={draft.name}
          maxLength={200}
          required
          {...described('name')}
        />
        {fieldError('name')}
      </div>

      <div className="application-field">
        <label htmlFor="application-email">{FORM_COPY.email}</label>
        <input
          id="application-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={draft.email}
          maxLength={254}
          required
          {...described('email')}
        />
        {fieldError('email')}
      </div>

      <div className="application-field">
        <label htmlFor="application-website">
          {FORM_COPY.website} <span className="application-field__optional">{FORM_COPY.optional}</span>
        </label>
        <input
          id="application-website"
          name="websiteLink"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          defaultValue={draft.websiteLink}
          maxLength={500}
          {...described('websiteLink', 'website-hint')}
        />
        <p id="website-hint" className="application-field__hint">
          {FORM_COPY.websiteHint}
        </p>
        {fieldError('websiteLink')}
      </div>

      <div className="application-field">
        <label htmlFor="application-message">
          {FORM_COPY.message} <span className="application-field__optional">{FORM_COPY.optional}</span>
        </label>
        <textarea
          id="application-message"
          name="message"
          rows={6}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          {...described('message', 'message-hint message-counter')}
        />
        <div className="application-field__row">
          <p id="message-hint" className="application-field__hint">
            {FORM_COPY.messageHint}
          </p>
          <p id="message-counter" className="application-field__counter">
            {messageCounter(message)}
          </p>
        </div>
        {fieldError('message')}
      </div>

      <div className="application-field application-consent">
        <input id="application-consent" name="consent" type="checkbox" value="ja" required {...described('consent')} />
        <label htmlFor="application-consent">
          {FORM_COPY.consentBefore}
          <a href="/datenschutz" target="_blank">
            {FORM_COPY.consentLink}
          </a>
          {FORM_COPY.consentAfter}
        </label>
        {fieldError('consent')}
      </div>

      {/* People never see this field; bots that fill every field do. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="application-referenz">{FORM_COPY.honeypot}</label>
        <input id="application-referenz" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? FORM_COPY.sending : FORM_COPY.submit}
      </button>
    </form>
  );
}
