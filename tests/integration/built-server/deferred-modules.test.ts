// The deferred modules of the prerendered pages (deferModules in web/entry.server.tsx) rest on the
// exact tags React Router's <Scripts> renders, which no prop of it controls. This pins them on the
// real build: every public page rendered by the router as it is (through the build's own routes and
// React Router's request handler, the rewrite left out) holds the module script and module preloads
// in exactly the form the rewrite matches, each pattern matches, nothing it should catch escapes;
// and the pages the build wrote carry the rewrite's result. A router upgrade that changes these
// tags fails here (and the build: react-router.config.ts).
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderToPipeableStream } from 'react-dom/server';
import { createRequestHandler, RouterContextProvider, type EntryContext, type ServerBuild } from 'react-router';
import { createElement } from 'react';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import type * as EntryModule from '~/entry.server';
import { DEFERRED_MODULE_ID, deferModules, MODULE_PRELOAD, MODULE_PRELOADS_ID, MODULE_SCRIPT } from '~/entry.server';

const count = (html: string, part: string) => html.split(part).length - 1;
const htmlFile = (page: string) =>
  path.join(inject('buildDir'), 'client', ...page.split('/').filter(Boolean), 'index.html');

/** The page as React Router renders it from the build, without our entry's rewrite. */
let renderRaw: (page: string) => Promise<string>;

beforeAll(async () => {
  const build = (await import(pathToFileURL(path.join(inject('buildDir'), 'server', 'index.js')).href)) as ServerBuild;
  // The build's own page tree (PageDocument, without a nonce as when prerendering), rendered by an
  // entry that leaves the rewrite out.
  const { PageDocument: BuildPageDocument } = build.entry.module as unknown as typeof EntryModule;
  const raw: ServerBuild = {
    ...build,
    entry: {
      module: {
        default: (
          request: Request,
          status: number,
          headers: Headers,
          routerContext: EntryContext,
          loadContext: RouterContextProvider,
        ) => {
          const page = createElement(BuildPageDocument, { routerContext, url: request.url, loadContext, nonce: '' });
          headers.set('Content-Type', 'text/html; charset=utf-8');
          return new Promise<Response>((resolve, reject) => {
            const { pipe } = renderToPipeableStream(page, {
              onAllReady() {
                let html = '';
                const body = new PassThrough();
                body.setEncoding('utf8');
                body.on('data', (chunk: string) => (html += chunk));
                body.on('end', () => resolve(new Response(html, { status, headers })));
                pipe(body);
              },
              onShellError: reject,
            });
          });
        },
      },
    },
  };
  const handler = createRequestHandler(raw, 'production');
  renderRaw = async (page) => {
    const response = await handler(new Request(`http://localhost${page}`), new RouterContextProvider());
    expect(response.status, page).toBe(200);
    return response.text();
  };
});

describe.each(PUBLIC_PAGES)('%s', (page) => {
  test('React Router renders the module script and preloads exactly as deferModules expects', async () => {
    const html = await renderRaw(page);
    // One module script, and it is the exact tag the rewrite replaces.
    expect(count(html, '<script type="module"'), 'module scripts').toBe(1);
    expect(count(html, MODULE_SCRIPT), MODULE_SCRIPT).toBe(1);
    // Every module preload has the exact form the pattern matches (no nonce, crossorigin, integrity).
    const preloads = html.match(MODULE_PRELOAD) ?? [];
    expect(preloads.length, MODULE_PRELOAD.source).toBeGreaterThan(0);
    expect(preloads.length, 'module preloads the pattern does not match').toBe(count(html, 'rel="modulepreload"'));
    expect(preloads[0]).toMatch(/^<link rel="modulepreload" href="\/assets\/[^"]+\.js"\/>$/);

    const deferred = deferModules(html);
    expect(deferred.unmatched).toEqual([]);
    expect(count(deferred.html, '<script type="module"')).toBe(0);
    expect(count(deferred.html, `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">`)).toBe(1);
    const template = `<template id="${MODULE_PRELOADS_ID}">${preloads.join('')}</template>`;
    expect(count(deferred.html, template)).toBe(1);
    expect(count(deferred.html.replace(template, ''), 'modulepreload')).toBe(0);
  });

  test('the page the build wrote has its modules deferred', () => {
    const html = readFileSync(htmlFile(page), 'utf8');
    expect(count(html, `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">`)).toBe(1);
    const template = new RegExp(`<template id="${MODULE_PRELOADS_ID}">((?:${MODULE_PRELOAD.source})+)</template>`);
    expect(html).toMatch(template);
    expect(count(html.replace(template, ''), 'modulepreload')).toBe(0);
    expect(count(html, '<script type="module"')).toBe(0);
  });
});

test('a changed tag is named and the page left as it is (handleRequest logs it as an error)', () => {
  const changed =
    '<head><link rel="modulepreload" href="/assets/a.js" crossorigin=""/></head>' +
    '<body><script async="" type="module">import("/assets/a.js");</script></body>';
  const { html, unmatched } = deferModules(changed);
  expect(html).toBe(changed);
  expect(unmatched).toEqual([`exactly one ${MODULE_SCRIPT}`, `a ${MODULE_PRELOAD.source}`]);
});
