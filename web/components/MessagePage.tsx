// A page that says one thing (a confirmation, an error, 404): a title, its text, optionally a
// button form, and the way back to the start page.
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { LABELS } from '~/copy/landing';

export function MessagePage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <main className="page-message">
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
      <p>
        <a href="/">{LABELS.home}</a>
      </p>
    </main>
  );
}

/** One button that posts a mailed link's token back to the page (mail scanners only follow links). */
export function TokenButton({ token, label }: { token: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}
