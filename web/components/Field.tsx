// One form field: its label, the control, an optional hint and an optional error, wired for
// assistive technology (the control is described by its hint and error, and marked invalid while it
// has an error). The control comes as a render prop and takes the props Field hands it, so one field
// serves an input, a textarea, a select, a password input or a checkbox. Styled by the .field rules
// of web/styles/global.css.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { typesetNode } from './Typeset';

/** What Field hands the control: spread it onto the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  /** The control's id, which the label points at; Field makes one when none is given. */
  id?: string;
  label: ReactNode;
  /** Help under the control (read out with it). */
  hint?: ReactNode;
  /** A live count beside the hint, such as characters typed (read out with the control). */
  counter?: ReactNode;
  /** The field's problem, shown under the control; the control is marked invalid meanwhile. */
  error?: ReactNode;
  /** Marks the control invalid when the form shows the message elsewhere (pass its id as `describedBy`). */
  invalid?: boolean;
  /** Ids of more elements that describe the control, such as a message the form shows once for all fields. */
  describedBy?: string;
  /**
   * 'text' (the default): label above the control. 'check': a checkbox before its label. 'group': a
   * fieldset whose legend is the label, for a group of radios with their own labels; the fieldset
   * then carries the description and the invalid mark, and the render prop's props are not needed.
   */
  kind?: 'text' | 'check' | 'group';
  /** More classes on the field's element (a page's layout of its fields). */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({
  id: givenId,
  label,
  hint,
  counter,
  error,
  invalid,
  describedBy,
  kind = 'text',
  className,
  children,
}: FieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const ids = { hint: `${id}-hint`, counter: `${id}-counter`, error: `${id}-error` };
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const description = [
    hint ? ids.hint : undefined,
    counter ? ids.counter : undefined,
    describedBy,
    hasError ? ids.error : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const aria = {
    'aria-describedby': description || undefined,
    'aria-invalid': hasError || invalid ? (true as const) : undefined,
  };
  const classes = ['field', kind === 'text' ? '' : `field--${kind}`, className ?? ''].filter(Boolean).join(' ');

  const hintElement = hint ? (
    <p id={ids.hint} className="field__hint">
      {typesetNode(hint)}
    </p>
  ) : null;
  const below = (
    <>
      {counter ? (
        <div className="field__row">
          {hintElement}
          <p id={ids.counter} className="field__counter">
            {counter}
          </p>
        </div>
      ) : (
        hintElement
      )}
      {hasError ? (
        <p id={ids.error} className="field__error">
          {typesetNode(error)}
        </p>
      ) : null}
    </>
  );

  if (kind === 'group') {
    return (
      <fieldset className={classes} {...aria}>
        <legend className="field__label">{typesetNode(label)}</legend>
        {children({ id })}
        {below}
      </fieldset>
    );
  }
  const labelElement = (
    <label htmlFor={id} className="field__label">
      {typesetNode(label)}
    </label>
  );
  return (
    <div className={classes}>
      {kind === 'check' ? (
        <>
          {children({ id, ...aria })}
          {labelElement}
        </>
      ) : (
        <>
          {labelElement}
          {children({ id, ...aria })}
        </>
      )}
      {below}
    </div>
  );
}

/**
 * One radio button of a group, the label around the button and its text (the whole label is the
 * control): a `kind="group"` Field's options, the landing's rider/trainer pill.
 */
export function RadioOption({
  className,
  inputClassName,
  lang,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children'> & {
  /** The label's class. */
  className: string;
  inputClassName?: string;
  /** The text's language, where it is not the page's. */
  lang?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input type="radio" className={inputClassName} {...input} />
      <span lang={lang}>{children}</span>
    </label>
  );
}
