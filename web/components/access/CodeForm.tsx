// The five code boxes. Without JavaScript they are one form posting to the /access page (five
// fields named `code`, joined by the server). With JavaScript each box takes one character,
// upper-cased, focus moves on by itself, a pasted code fills all boxes, and the code goes to
// POST /api/access by fetch; a right one leads to the application form. A wrong one stays in the
// boxes (with and without JavaScript), so that the person can check it, as the message asks.
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { ACCESS_MESSAGES, CODE_COPY } from '~/copy/access';
import type { AccessAnswer } from '~/lib/access';
import { callApi, UNREACHABLE } from '~/lib/api-answer';
import { codeOf, emptyCells, enterText, isComplete, pressKey, typedIntoBox } from '~/lib/code-box';

/** The code check's answer; anything else is not one. */
function accessAnswerOf(body: Record<string, unknown>): AccessAnswer | undefined {
  if (body.valid === true) return { valid: true };
  return body.valid === false ? { valid: false, error: typeof body.error === 'string' ? body.error : '' } : undefined;
}

/** `code`: what was sent without JavaScript and refused (shown again). */
export function CodeForm({ error: serverError, code = '' }: { error?: string; code?: string }) {
  const [cells, setCells] = useState<string[]>(() => [...enterText(emptyCells(), 0, code).cells]);
  const [error, setError] = useState(serverError ?? '');
  const [busy, setBusy] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const navigate = useNavigate();
  // The box to focus once the boxes are enabled again (they are disabled while the code is checked).
  const focusWhenFree = useRef<number | null>(null);
  useEffect(() => {
    if (busy || focusWhenFree.current === null) return;
    boxes.current[focusWhenFree.current]?.focus();
    focusWhenFree.current = null;
  }, [busy]);

  const show = (next: readonly string[], focus: number) => {
    setCells([...next]);
    setError('');
    const box = boxes.current[focus];
    box?.focus();
    box?.select();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    // A typed character replaces the box's value, even where the box is full (maxLength 1).
    if (event.key.length === 1) {
      event.preventDefault();
      const next = enterText(cells, index, event.key);
      if (next.cells !== cells) show(next.cells, next.focus);
      return;
    }
    const next = pressKey(cells, index, event.key);
    if (!next.handled) return;
    event.preventDefault();
    show(next.cells, next.focus);
  };

  // Virtual keyboards that send no usable key, and autofill of a one-time code, arrive here.
  const onChange = (index: number, value: string) => {
    const next = enterText(cells, index, typedIntoBox(cells[index] ?? '', value));
    show(next.cells, next.focus);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const next = enterText(cells, index, event.clipboardData.getData('text'));
    show(next.cells, next.focus);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!isComplete(cells)) {
      setError(ACCESS_MESSAGES.incomplete);
      boxes.current[cells.findIndex((c) => !c)]?.focus();
      return;
    }
    setBusy(true);
    const request = fetch('/api/access', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: codeOf(cells) }),
    });
    const answer = await callApi(request, { value: accessAnswerOf, failed: ACCESS_MESSAGES.failed });
    if (!answer.ok) {
      // A refusal (too many tries) says why like a wrong code; no answer at all leaves the focus.
      setError(answer.message);
      if (answer.status !== UNREACHABLE) focusWhenFree.current = 0;
    } else if (answer.value.valid) {
      await navigate('/bewerbung');
    } else {
      setError(answer.value.error || ACCESS_MESSAGES.wrong);
      focusWhenFree.current = 0;
    }
    setBusy(false);
  }

  return (
    <form method="post" action="/access" className="code-form" onSubmit={onSubmit} noValidate>
      <fieldset aria-describedby="code-hint code-error">
        <legend className="visually-hidden">{CODE_COPY.legend}</legend>
        <p id="code-hint" className="code-form__hint">
          {CODE_COPY.hint}
        </p>
        <div className="code-form__boxes">
          {cells.map((value, i) => (
            <span key={i}>
              <label htmlFor={`code-${i}`} className="visually-hidden">
                {CODE_COPY.box(i)}
              </label>
              <input
                ref={(el) => {
                  boxes.current[i] = el;
                }}
                id={`code-${i}`}
                name="code"
                className="code-form__box"
                value={value}
                onChange={(e) => onChange(i, e.target.value)}
                onKeyDown={(e) => onKeyDown(i, e)}
                onPaste={(e) => onPaste(i, e)}
                onFocus={(e) => e.target.select()}
                maxLength={1}
                size={1}
                autoComplete="one-time-code"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                inputMode="text"
                pattern="[A-Za-z0-9]"
                aria-invalid={error ? true : undefined}
                disabled={busy}
              />
            </span>
          ))}
        </div>
      </fieldset>
      <p id="code-error" className="code-form__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? CODE_COPY.checking : CODE_COPY.submit}
      </button>
    </form>
  );
}
