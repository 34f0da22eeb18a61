// A page that says one thing (a confirmation, an error, 404): the brand (where the page's data has
// it), a title, its text, optionally a button form, and the way back to the start page.
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { LABELS } from '~/copy/landing';
import { SiteBrand, type Brand } from './SiteBrand';
import { Typeset } from './Typeset';

export function MessagePage({
  title,
  text,
  brand,
  children,
}: {
  title: string;
  text: string;
  brand?: Brand;
  children?: ReactNode;
}) {
  return (
    <main className="page-message">
      {brand && <SiteBrand brand={brand} className="page-message__brand" />}
      <h1>
        <Typeset>{title}</Typeset>
      </h1>
      <p>
        <Typeset>{text}</Typeset>
      </p>
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
      <button type="submit" className="button button--primary">
        {label}
      </button>
    </Form>
  );
}
