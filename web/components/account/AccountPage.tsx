// The frame of every account page (/auth, /konto, /konto/bestaetigen, /passwort-neu): the page's
// card, then the way back to the home page.
import type { ReactNode } from 'react';
import { AUTH_COPY } from '~/copy/account';

export function AccountPage({ children }: { children: ReactNode }) {
  return (
    <main className="account-page">
      {children}
      <p className="account-back">
        <a href="/">{AUTH_COPY.home}</a>
      </p>
    </main>
  );
}
