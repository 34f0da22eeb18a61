import { lazy, Suspense, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import type { PreviewState } from '~/server/preview/preview.server';
import { useNonce } from '~/components/Nonce';
import { MessagePage } from '~/components/MessagePage';
import { ERROR_PAGE_COPY } from '~/copy/landing';
import { sendInsights } from '~/lib/insights-loader';
import afterFirstPaintHref from '~/styles/after-first-paint.css?url';
import '~/styles/global.css';

// Fonts are self-hosted: fontsource's files subset to German text, the only faces of their families.
// Their two @font-face rules are in a stylesheet of their own (after-first-paint.css, with the other
// rules that wait for the first paint: decision 058), not part of root's, and nothing preloads the
// files: on a prerendered page (the landing page) that stylesheet is inserted once the first view is
// painted (deferModules in web/entry.server.tsx), so that the first paint shares the link with
// nothing and the page paints in the metric-matched fallback faces (global.css), which are never
// smaller than the brand's, so the swap moves nothing and makes no new largest paint.
// Server-rendered pages link it as usual.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: afterFirstPaintHref }];

// The editor's preview tools: loaded only when a previewed page (its loader data carries `preview`)
// is shown, never on a public page.
const PreviewMode = lazy(() => import('~/components/preview/PreviewMode'));

function usePreview(): PreviewState | undefined {
  for (const { loaderData: data } of useMatches())
    if (data && typeof data === 'object' && 'preview' in data) return data.preview as PreviewState;
  return undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const preview = usePreview();
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f4eee3" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'); an explicit '' keeps the router's nonce off
            them, which the browser would hide and React would report as a hydration mismatch. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        {preview && (
          <Suspense fallback={null}>
            <PreviewMode problem={preview.problem} />
          </Suspense>
        )}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

/**
 * One page view per page (also after a navigation inside the app). The beacon's code is fetched
 * only after the page's load event, as a chunk of its own: it is no part of the first load.
 */
let countedPath: string | undefined;
function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    // One beacon per page shown, also where React runs an effect twice (its development checks).
    if (countedPath === pathname) return;
    countedPath = pathname;
    let sent = false;
    const send = () => {
      sent = true;
      sendInsights('pageview', { idle: true });
    };
    if (document.readyState === 'complete') send();
    else addEventListener('load', send, { once: true });
    return () => {
      removeEventListener('load', send);
      if (!sent) countedPath = undefined;
    };
  }, [pathname]);
}

export default function App() {
  usePageViews();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? (
    <MessagePage title={ERROR_PAGE_COPY.notFoundTitle} text={ERROR_PAGE_COPY.notFoundShort} />
  ) : (
    <MessagePage title={ERROR_PAGE_COPY.failedTitle} text={ERROR_PAGE_COPY.failedText} />
  );
}
