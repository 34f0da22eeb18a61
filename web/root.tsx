import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { useNonce } from '~/components/Nonce';
import '~/styles/global.css';

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'); an explicit '' keeps the router's nonce off
            them, which the browser would hide and React would report as a hydration mismatch. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page-message">
      <h1>{notFound ? 'Seite nicht gefunden' : 'Etwas ist schiefgelaufen'}</h1>
      <p>
        {notFound
          ? 'Diese Seite gibt es nicht (mehr).'
          : 'Bitte lade die Seite neu oder versuche es später noch einmal.'}
      </p>
      <p>
        <a href="/">Zur Startseite</a>
      </p>
    </main>
  );
}
