// The signup form and its states: form → submitting (inputs disabled) → error or the
// links panel. Used by the popup and by /mitmachen; without JavaScript it is a plain form that
// posts to /mitmachen, and the page renders the same states from the server's answer.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { UserType } from '~/lib/content-types';
import { newId, pushSignup } from '~/lib/api-client';
import { communityPath } from '~/lib/community';
import { HONEYPOT_FIELD } from '~/lib/honeypot';
import { USER_TYPES, signupReady, validateSignup, type SignupRecord } from '~/lib/signup';
import { SIGNUP_COPY as COPY } from '~/copy/signup';
import './signup.css';
import { Field, RadioOption } from '../Field';
import { Honeypot } from '../Honeypot';
import { Typeset } from '../Typeset';
import { useHydrated } from '../use-hydrated';

export interface SignupValues {
  userType: UserType;
  name: string;
  email: string;
  newsletterOptIn: boolean;
}

/** What the no-JavaScript page's action answered (values as sent, and an error or the record). */
export interface SignupServerState {
  values: SignupValues;
  error?: string;
  fields?: string[];
  record?: SignupRecord;
}

type Phase =
  | { kind: 'form' }
  | { kind: 'submitting' }
  | { kind: 'error'; message: string; fields: string[] }
  | { kind: 'done'; record: SignupRecord };

export interface SignupFormProps {
  /** The preselected user type ('reiter' unless a call to action says otherwise). */
  userType: UserType;
  /**
   * The campaign of the visit (`?utm_…` of the landing page, '' without one): the group link carries
   * it, so the server counts the click under it.
   */
  campaign?: string;
  /** Where the form posts without JavaScript (the /mitmachen action). */
  action: string;
  /** Idempotency id chosen by the server (no-JavaScript page); the browser makes one otherwise. */
  signupId?: string;
  server?: SignupServerState;
  /** The heading's id (the dialog is labelled by it) and level. */
  headingId?: string;
  headingLevel?: 'h1' | 'h2';
  /** Called when the group link is clicked (the popup closes 500 ms later). */
  onGroupLinkClick?: () => void;
}

function initialPhase(server: SignupServerState | undefined): Phase {
  if (server?.record) return { kind: 'done', record: server.record };
  if (server?.error) return { kind: 'error', message: server.error, fields: server.fields ?? [] };
  return { kind: 'form' };
}

export function SignupForm(props: SignupFormProps) {
  const { server } = props;
  const uid = useId();
  const headingId = props.headingId ?? `${uid}-title`;
  const Heading = props.headingLevel ?? 'h2';
  const [values, setValues] = useState<SignupValues>(
    () => server?.values ?? { userType: props.userType, name: '', email: '', newsletterOptIn: true },
  );
  const [phase, setPhase] = useState<Phase>(() => initialPhase(server));
  // One id per filled-in form: a retry after an error or a double click sends the same id.
  const [signupId] = useState(() => props.signupId ?? newId());
  const busy = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  // Where focus goes after the render that a phase change causes (every phase change makes a new
  // phase object, so that render always comes).
  const focusTarget = useRef<'name' | 'email' | 'alert' | 'done' | null>(null);
  const setFocusTarget = (target: typeof focusTarget.current) => (focusTarget.current = target);

  useEffect(() => {
    if (!focusTarget.current) return;
    ({ name: nameRef, email: emailRef, alert: alertRef, done: doneRef })[focusTarget.current].current?.focus();
    focusTarget.current = null;
  });

  const ready = signupReady(values.name, values.email);
  // Marked inactive only once this code runs: in the server's HTML (no JavaScript, or not hydrated
  // yet) nothing would ever clear the mark, and a plain form post must be free to go.
  const hydrated = useHydrated();
  const inactive = hydrated && !ready;
  const submitting = phase.kind === 'submitting';
  const fieldError = (field: string) => phase.kind === 'error' && phase.fields.includes(field);
  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // A field the message is about was changed: the message says what is still wrong, or goes.
    if (phase.kind === 'error' && phase.fields.includes(key)) {
      const checked = validateSignup(next);
      setPhase(checked.ok ? { kind: 'form' } : { kind: 'error', message: checked.error, fields: checked.fields });
    }
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    const checked = validateSignup(values);
    if (!checked.ok) {
      setPhase({ kind: 'error', message: checked.error, fields: checked.fields });
      setFocusTarget(checked.fields.includes('name') ? 'name' : checked.fields.includes('email') ? 'email' : 'alert');
      return;
    }
    busy.current = true;
    setPhase({ kind: 'submitting' });
    const answer = await pushSignup({
      ...checked.value,
      id: signupId,
      timestamp: new Date().toISOString(),
      ...(honeypot ? { [HONEYPOT_FIELD]: String(honeypot) } : {}),
    });
    busy.current = false;
    if (answer.ok) {
      setPhase({ kind: 'done', record: answer.value });
      setFocusTarget('done');
    } else {
      setPhase({ kind: 'error', message: answer.message, fields: Object.keys(answer.fields ?? {}) });
      setFocusTarget('alert');
    }
  }

  if (phase.kind === 'done') {
    const type = phase.record.userType;
    return (
      <div className="signup-done" data-signup-state="done">
        <Heading id={headingId} ref={doneRef} tabIndex={-1} className="signup-title">
          {COPY.done.title}
        </Heading>
        <p>
          <Typeset>{COPY.done.text[type]}</Typeset>
        </p>
        <a
          className="signup-button signup-group-link"
          // The stable link, never the WhatsApp invitation itself: the server sends the visitor on
          // to the current group and counts the click there (no beacon needed).
          href={`${communityPath(type)}${props.campaign ?? ''}`}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => props.onGroupLinkClick?.()}
        >
          {COPY.done.button[type]} <span className="visually-hidden">{COPY.done.newTab}</span>
        </a>
        {phase.record.newsletterOptIn && (
          <p className="signup-note">
            <Typeset>{COPY.done.newsletter}</Typeset>
          </p>
        )}
      </div>
    );
  }

  const errorId = `${uid}-error`;
  return (
    <form
      className="signup-form"
      method="post"
      action={props.action}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      aria-busy={submitting}
      data-signup-state={phase.kind}
    >
      <Heading id={headingId} className="signup-title">
        {COPY.title}
      </Heading>
      <p className="signup-intro">
        <Typeset>{COPY.intro}</Typeset>
      </p>
      <input type="hidden" name="id" value={signupId} />
      <fieldset className="signup-fields" disabled={submitting}>
        <fieldset className="signup-types">
          <legend>{COPY.userTypeLegend}</legend>
          {USER_TYPES.map((type) => (
            <RadioOption
              key={type}
              className="signup-type"
              name="userType"
              value={type}
              checked={values.userType === type}
              onChange={() => set('userType', type)}
            >
              {COPY.userTypes[type]}
            </RadioOption>
          ))}
        </fieldset>
        <Field
          id={`${uid}-name`}
          label={COPY.name}
          invalid={fieldError('name')}
          describedBy={fieldError('name') ? errorId : undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={nameRef}
              name="name"
              type="text"
              autoComplete="name"
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${uid}-email`}
          label={COPY.email}
          invalid={fieldError('email')}
          describedBy={fieldError('email') ? errorId : undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={emailRef}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
            />
          )}
        </Field>
        <Honeypot id={`${uid}-referenz`} />
        <Field kind="check" id={`${uid}-newsletter`} label={COPY.newsletter} className="signup-check">
          {(control) => (
            <input
              {...control}
              type="checkbox"
              name="newsletterOptIn"
              checked={values.newsletterOptIn}
              onChange={(e) => set('newsletterOptIn', e.target.checked)}
            />
          )}
        </Field>
        {phase.kind === 'error' && (
          <p id={errorId} ref={alertRef} tabIndex={-1} role="alert" className="signup-error">
            <Typeset>{phase.message}</Typeset>
          </p>
        )}
        <button
          type="submit"
          className="signup-button"
          aria-disabled={inactive || undefined}
          data-inactive={inactive || undefined}
        >
          {submitting ? COPY.submitting : COPY.submit}
        </button>
      </fieldset>
      <p className="signup-privacy">
        <Typeset>{COPY.privacy.before}</Typeset>
        <a href="/datenschutz">{COPY.privacy.link}</a>
        {COPY.privacy.after}
      </p>
    </form>
  );
}
