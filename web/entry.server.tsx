// React Router's Node entry with the response's CSP nonce on every inline script (server-rendered
// pages; prerendered pages have none: the server allows their inline scripts by hash).
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceProvider } from '~/components/Nonce';
import { ServerContentProvider } from '~/components/Static';
import { renderedContentContext } from '~/server/content/content.server';
import { nonceContext } from '~/server/http/http.server';
import { log } from '~/server/log.server';
import afterFirstPaintHref from '~/styles/after-first-paint.css?url';

// The server process starts from here (server.ts), so start-up shares this bundle's modules.
export { startServer } from '~/server/app/start.server';

export const streamTimeout = 5_000;

/**
 * What reaches the log: server faults, not a client's bad request. React Router reports a method a
 * route has no handler for (405), an unknown route's data request (404) or a malformed one (400)
 * here with a stack trace; they are answered with their status and left out of the log, so that
 * hostile or careless traffic cannot flood it. An aborted request (the client left) is no fault.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Inside the request's scope: the line carries its request id.
  log.error({ err: error }, 'Render or route error');
};

// Prerendered pages load their JavaScript once the first view is on screen: after the first
// contentful paint and the window's `load` event, or at the visitor's first pointer/key input,
// whichever comes first. On a slow connection the router's ~130 KB of modules then never compete
// with the stylesheet, fonts and first images for bandwidth, and they never count against the first
// paint (Lighthouse mobile: FCP/LCP ~2.6 s → see decision 016; on a fast connection `load` can fire
// before the first frame is presented, so `load` alone is not enough). The HTML is complete and
// readable without JavaScript, so nothing waits on it. The router's module script is kept inert
// (`type="text/x-deferred-module"`) and its module preloads in a `<template>`; a small inline script
// (allowed by the page's CSP like every other inline script) inserts both when due; the inserted
// module script has the inert one's exact text, so the same hash allows it. React hydrates
// regardless of these two tags (production React does not patch script attributes; the preload links
// are hoistables it adds itself).
//
// React Router offers no supported way to do this: `<Scripts>` takes no `type`, `async` or `defer`
// (ScriptsProps omits them, "managed by React Router internally") and renders its module preloads
// itself. So the rewrite below matches the exact tags `<Scripts>` renders without a nonce, and a
// router upgrade that changes them must not pass unnoticed: deferModules names what it did not find
// (handleRequest logs it as an error and serves the page with its modules undeferred, which works),
// the build fails (react-router.config.ts checks every prerendered page), and
// tests/integration/built-server/deferred-modules.test.ts asserts these substrings in the built pages.
export const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;
export const MODULE_SCRIPT = '<script type="module" async="">';
export const DEFERRED_MODULE_ID = 'rr-deferred-module';
export const MODULE_PRELOADS_ID = 'rr-module-preloads';
/**
 * The stylesheet of what waits for the first paint (after-first-paint.css: the font faces, the boxes
 * of the first view's secondary images, the lazy images' blurred previews) as `<Links>` renders it
 * (root.tsx). On a prerendered page it waits in a `<template>` of this id, where it stood, until the
 * first paint: the web fonts and those images are then requested after the first view is on screen,
 * which paints in the fallback faces (global.css: matched metrics, never smaller than the brand's
 * faces, so the swap moves nothing and is no new largest paint). Put back in its place, the link is
 * where React's hydration expects it; `<noscript>` keeps it for a visitor without JavaScript.
 */
export const AFTER_FIRST_PAINT_LINK = `<link nonce="" rel="stylesheet" href="${afterFirstPaintHref}"/>`;
export const LATE_STYLES_ID = 'late-styles';
/** Longest wait for a paint entry after `load` (browsers without paint timing, hidden tabs). */
const PAINT_WAIT_MS = 2000;

/** Runs in the browser, inline: self-contained (no imports, no outer names). */
function loadModulesWhenDue(moduleId: string, preloadsId: string, paintWaitMs: number, lateStylesId: string) {
  const d = document;
  const nonce = (d.currentScript as HTMLScriptElement).nonce;
  let done = false;
  let loaded = false;
  let painted = false;
  const inputs = ['pointerdown', 'keydown', 'touchstart'];
  // The stylesheet held back until the first paint (after-first-paint.css), put back where it stood.
  function lateStyles() {
    const late = d.getElementById(lateStylesId) as HTMLTemplateElement | null;
    if (late) late.replaceWith(late.content);
  }
  function go() {
    if (done) return;
    done = true;
    lateStyles();
    inputs.forEach(function (e) {
      removeEventListener(e, go, true);
    });
    const script = d.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = (d.getElementById(moduleId) as HTMLScriptElement).textContent;
    d.head.appendChild(script);
    // The module preloads one per task: inserted together they were one task of 9–26 ms (each
    // starts its request at once), four times that on a phone, in the middle of the first seconds.
    const preloads = Array.from((d.getElementById(preloadsId) as HTMLTemplateElement).content.children);
    (function insertNext() {
      const link = preloads.shift();
      if (!link) return;
      d.head.appendChild(link.cloneNode());
      setTimeout(insertNext);
    })();
  }
  function whenBoth() {
    if (loaded && painted) go();
  }
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      lateStyles();
      painted = true;
      whenBoth();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    lateStyles();
    painted = true;
  }
  function onLoad() {
    loaded = true;
    whenBoth();
    setTimeout(go, paintWaitMs);
  }
  if (d.readyState === 'complete') onLoad();
  else addEventListener('load', onLoad);
  inputs.forEach(function (e) {
    addEventListener(e, go, { capture: true, passive: true });
  });
}

const LOAD_MODULES = `(${loadModulesWhenDue.toString()})(${JSON.stringify(DEFERRED_MODULE_ID)},${JSON.stringify(MODULE_PRELOADS_ID)},${PAINT_WAIT_MS},${JSON.stringify(LATE_STYLES_ID)})`;

/**
 * Rewrites a prerendered page so that its modules load after the first view (see above), and its
 * stylesheet of what waits for the first paint once the first view is painted
 * (AFTER_FIRST_PAINT_LINK). All or nothing: unless the router's module script is there exactly once
 * and at least one module preload, the page is returned as it is and `unmatched` names what was
 * missing (React Router's output changed).
 */
export function deferModules(html: string): { html: string; unmatched: string[] } {
  const preloads = html.match(MODULE_PRELOAD) ?? [];
  const unmatched = [
    ...(html.split(MODULE_SCRIPT).length === 2 ? [] : [`exactly one ${MODULE_SCRIPT}`]),
    ...(preloads.length > 0 ? [] : [`a ${MODULE_PRELOAD.source}`]),
  ];
  if (unmatched.length > 0) return { html, unmatched };
  const deferred = html
    // Once, where it stands (a page without it, should there be one, keeps what it has).
    .replace(
      AFTER_FIRST_PAINT_LINK,
      `<template id="${LATE_STYLES_ID}">${AFTER_FIRST_PAINT_LINK}</template><noscript>${AFTER_FIRST_PAINT_LINK}</noscript>`,
    )
    .replace(MODULE_PRELOAD, '')
    .replace(
      MODULE_SCRIPT,
      `<template id="${MODULE_PRELOADS_ID}">${preloads.join('')}</template><script>${LOAD_MODULES}</script>` +
        `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">`,
    );
  return { html: deferred, unmatched };
}

/**
 * The page as React renders it: the router with the response's nonce and the content the route
 * rendered. (Exported for the test that renders pages of the build without deferModules.)
 */
export function PageDocument({
  routerContext,
  url,
  loadContext,
  nonce,
}: {
  routerContext: EntryContext;
  url: string;
  loadContext: RouterContextProvider;
  nonce: string;
}) {
  return (
    <NonceProvider value={nonce}>
      <ServerContentProvider value={loadContext.get(renderedContentContext) ?? undefined}>
        <ServerRouter context={routerContext} url={url} nonce={nonce || undefined} />
      </ServerContentProvider>
    </NonceProvider>
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots, prerendering and SPA mode get the complete document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !nonce ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <PageDocument routerContext={routerContext} url={request.url} loadContext={loadContext} nonce={nonce} />,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!nonce && !routerContext.isSpaMode) {
            // Prerendering (build or content revalidation): the whole page at once, modules deferred.
            let html = '';
            body.setEncoding('utf8');
            body.on('data', (chunk: string) => (html += chunk));
            body.on('end', () => {
              const deferred = deferModules(html);
              if (deferred.unmatched.length > 0) {
                log.error(
                  { url: request.url, unmatched: deferred.unmatched },
                  "Prerendered page served with its modules undeferred: React Router's script tags changed (deferModules in web/entry.server.tsx)",
                );
              }
              resolve(new Response(deferred.html, { headers: responseHeaders, status: responseStatusCode }));
            });
            body.on('error', reject);
            pipe(body);
            return;
          }
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, 'Render error after the first bytes were sent');
        },
      },
    );
  });
}
