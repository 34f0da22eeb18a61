// React Router's Node entry with the response's CSP nonce on every inline script.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from '~/components/Nonce';
import { nonceContext } from '~/server/request-context.server';

// The server process starts from here (server.ts), so start-up shares this bundle's modules.
export { startServer } from '~/server/start.server';

export const streamTimeout = 5_000;

// Prerendered pages load their JavaScript once the first view has loaded (window `load`) or at the
// visitor's first pointer/key input, whichever comes first, so that on a slow connection the router's
// ~130 KB of modules don't compete with the stylesheet, fonts and first images for bandwidth (Lighthouse
// mobile: FCP/LCP ~2.6 s → see decision 007). The HTML is complete and readable without JavaScript, so
// nothing waits on it. The router's module script is kept inert (`type="text/x-deferred-module"`) and
// its module preloads in a `<template>`; a small inline script (it gets the response's nonce like every
// other script) inserts both when due. React hydrates regardless of these two tags (production React
// does not patch script attributes; the preload links are hoistables it adds itself).
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;
const MODULE_SCRIPT = '<script type="module" async="">';
const DEFERRED_MODULE_ID = 'rr-deferred-module';
const MODULE_PRELOADS_ID = 'rr-module-preloads';
const LOAD_MODULES = `(function(){var d=document,n=d.currentScript.nonce,done=0,ev=["pointerdown","keydown","touchstart"];function go(){if(done)return;done=1;ev.forEach(function(e){removeEventListener(e,go,true)});d.head.appendChild(d.getElementById("${MODULE_PRELOADS_ID}").content.cloneNode(true));var s=d.createElement("script");s.type="module";s.nonce=n;s.textContent=d.getElementById("${DEFERRED_MODULE_ID}").textContent;d.head.appendChild(s)}if(d.readyState==="complete")go();else{addEventListener("load",go);ev.forEach(function(e){addEventListener(e,go,{capture:true,passive:true})})}})()`;

/** Rewrites a prerendered page so that its modules load after the first view (see above). */
export function deferModules(html: string): string {
  if (!html.includes(MODULE_SCRIPT)) return html;
  const preloads = html.match(MODULE_PRELOAD) ?? [];
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      MODULE_SCRIPT,
      `<template id="${MODULE_PRELOADS_ID}">${preloads.join('')}</template><script>${LOAD_MODULES}</script>` +
        `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">`,
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
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
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
            body.on('end', () =>
              resolve(new Response(deferModules(html), { headers: responseHeaders, status: responseStatusCode })),
            );
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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
