import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Field } from './Field';

const html = (element: ReactElement) => renderToStaticMarkup(element);

describe('Field', () => {
  test('the label names the control, which carries no description or invalid mark while all is well', () => {
    const out = html(
      <Field id="name" label="Name">
        {(control) => <input {...control} name="name" />}
      </Field>,
    );
    expect(out).toBe(
      '<div class="field"><label for="name" class="field__label">Name</label><input id="name" name="name"/></div>',
    );
  });

  test('the control is described by its hint, its counter, outside messages and its error, and marked invalid', () => {
    const out = html(
      <Field
        id="message"
        label="Nachricht"
        hint="Optional"
        counter="0 / 2.000 Zeichen"
        describedBy="summary"
        error="Zu lang"
      >
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(out).toContain(
      '<textarea id="message" aria-describedby="message-hint message-counter summary message-error" aria-invalid="true">',
    );
    expect(out).toContain('<p id="message-hint" class="field__hint">Optional</p>');
    expect(out).toContain('<p id="message-counter" class="field__counter">0 / 2.000 Zeichen</p>');
    expect(out).toContain('<p id="message-error" class="field__error">Zu lang</p>');
  });

  test('a message the form shows elsewhere marks the control invalid without a second copy', () => {
    const out = html(
      <Field id="email" label="E-Mail" invalid describedBy="form-error">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(out).toContain('<input id="email" aria-describedby="form-error" aria-invalid="true"/>');
    expect(out).not.toContain('field__error');
  });

  test('a checkbox comes before its label; a radio group is a fieldset that carries the error', () => {
    const check = html(
      <Field kind="check" id="consent" label="Einverstanden">
        {(control) => <input {...control} type="checkbox" />}
      </Field>,
    );
    expect(check).toMatch(
      /^<div class="field field--check"><input id="consent" type="checkbox"\/><label for="consent"/,
    );
    const group = html(
      <Field kind="group" id="type" label="Ich bin" error="Bitte wählen">
        {() => <input type="radio" name="type" />}
      </Field>,
    );
    expect(group).toMatch(
      /^<fieldset class="field field--group" aria-describedby="type-error" aria-invalid="true"><legend class="field__label">Ich bin<\/legend><input type="radio" name="type"\/>/,
    );
  });
});
