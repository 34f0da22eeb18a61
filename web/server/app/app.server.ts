// The one Node process: security headers, compression, hashed assets, prerendered pages, and
// React Router for server-rendered pages and the API (resource routes).
//
// Prerendered pages and hashed assets are fixed bytes, held in memory precompressed: they are
// answered before Express (no middleware, no per-request compression or headers), like a static
// file server. Everything else goes through Express. So does an editor's browser with a valid
// preview cookie: its pages are rendered per request from the drafts, with headers of their own.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { Config } from '../config.server';
import { DIRECT_ROUTES, directAction, routeAction } from './direct-action.server';
import {
  DATA_HEADERS,
  loadHashedAssets,
  PrerenderedPages,
  registerPrerenderTarget,
  sendStaticFile,
  type StaticFile,
} from '../serving/serving.server';
import { hasValidPreviewCookie, namesPreviewCookie, previewablePath } from '../preview/preview.server';
import {
  clientAddressContext,
  clientAddressOf,
  closeUnreadBodies,
  newNonce,
  nonceContext,
  refusalOf,
  securityHeaders,
  sendRefusal,
} from '../http/http.server';
import { logWhenDone, requestIdOf } from './request-log.server';
import { requestScope } from '../log.server';

// What the routes use from the composition root: /healthz says 503 while this instance drains;
// a hot route's action with its lean form for the direct transport.
export { isDraining } from './draining.server';
export { withDirect } from './direct-action.server';

export type ServerBuildSource =
  { build: ServerBuild } | { dev: () => Promise<ServerBuild>; viteMiddleware: express.RequestHandler };

export interface AppOptions {
  config: Config;
  source: ServerBuildSource;
  /** build/client: hashed assets, public files and prerendered pages. */
  clientDir: string;
}

export interface App {
  app: express.Express;
  /** The HTTP server's request listener: fixed files first, then the Express app. */
  listener: RequestListener;
  /** Settles when the build's prerendered pages and the assets are in memory (then: the content sync). */
  ready: Promise<void>;
}

export function createApp({ config, source, clientDir }: AppOptions): App {
  const app = express();
  app.disable('x-powered-by');
  // A number of hops, never `true` (which would believe the left-most X-Forwarded-For entry: the
  // client's own). req.protocol, req.hostname and the client address (req.ip, clientAddressOf) follow it.
  app.set('trust proxy', config.trustProxy);
  // An early answer (405, 413, 401) to a request whose body is still coming closes the connection.
  app.use(closeUnreadBodies);

  const studioOrigin = config.sanity.preview?.studioOrigin;
  app.use((req, res, next) => {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    // Only content pages are previewed and framed by the Studio; every other page keeps its headers.
    const preview = studioOrigin !== undefined && previewablePath(req.path) && namesPreviewCookie(req.headers.cookie);
    if (!preview) {
      res.set(securityHeaders({ nonce }, config.https));
      next();
      return;
    }
    void hasValidPreviewCookie(req.headers.cookie).then((valid) => {
      res.locals.preview = valid;
      if (!valid) {
        res.set(securityHeaders({ nonce }, config.https));
      } else {
        // Drafts: framed by the Studio only, never stored by a cache, never indexed.
        res.set({
          ...securityHeaders({ nonce }, config.https, { frameAncestor: studioOrigin }),
          'Cache-Control': 'private, no-store',
          'X-Robots-Tag': 'noindex',
        });
      }
      next();
    }, next);
  });

  const loadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(nonceContext, res.locals.nonce as string);
    context.set(clientAddressContext, clientAddressOf(req));
    return context;
  };

  // The hot API paths (signups, the insights beacon) are answered by their route modules' code
  // without React Router's request handler (decision record 008). In development the route modules
  // change under Vite, so they go the usual way.
  if (!('dev' in source)) {
    for (const routePath of DIRECT_ROUTES) {
      app.post(`/${routePath}`, directAction(routeAction(source.build, routePath), loadContext));
    }
  }

  // Server-Sent Events must not be buffered by compression.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );

  let fixedFile: ((pathname: string) => StaticFile | undefined) | undefined;
  let ready = Promise.resolve();
  if ('dev' in source) {
    app.use(source.viteMiddleware);
  } else {
    // Assets and .data files are not documents: their CSP only matters as the same header set everywhere.
    const assetHeaders = securityHeaders({ hashes: [] }, config.https);
    const pages = new PrerenderedPages(
      clientDir,
      source.build.prerender,
      (hashes) => ({
        ...securityHeaders({ hashes }, config.https),
        'Cache-Control': 'no-cache',
        'Content-Type': 'text/html; charset=utf-8',
      }),
      { ...assetHeaders, ...DATA_HEADERS },
    );
    // A content sync renders these pages again in this process and swaps them in memory.
    registerPrerenderTarget({ build: source.build, pages });
    let assets = new Map<string, StaticFile>();
    ready = Promise.all([
      pages.load(),
      loadHashedAssets(path.join(clientDir, 'assets'), assetHeaders).then((loaded) => void (assets = loaded)),
    ]).then(() => undefined);
    fixedFile = (pathname) => (pathname.startsWith('/assets/') ? assets.get(pathname) : pages.get(pathname));
    // Assets the fast path does not know (a type it does not hold): hashed names, cached for a year.
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }),
    );
    // Other public files (favicon). No directory redirects: /agb must not become /agb/. The build's
    // .data files lie here too: a previewing browser's .data requests go on to the drafts.
    const publicFiles = express.static(clientDir, { maxAge: '1h', index: false, redirect: false });
    app.use((req, res, next) =>
      res.locals.preview === true && req.path.endsWith('.data') ? next() : publicFiles(req, res, next),
    );
  }

  app.use(
    createRequestHandler({
      build: 'dev' in source ? source.dev : source.build,
      mode: config.production ? 'production' : 'development',
      getLoadContext: loadContext,
    }),
  );

  // Every request gets an id (echoed as X-Request-Id) and one log line when its answer is done.
  // The app's own work runs inside the request's scope, so what it logs names the request.
  const handle = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    res.setHeader('X-Request-Id', requestId);
    requestScope.run({ requestId }, () => app(req, res));
  };
  // A method no route serves, or a Host that is none, is answered before anything builds a URL from it.
  const refusalHeaders = securityHeaders({ hashes: [] }, config.https);
  const refused = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    const refusal = refusalOf(req, config.trustProxy);
    if (!refusal) return false;
    for (const [name, value] of Object.entries(refusalHeaders)) res.setHeader(name, value);
    res.setHeader('X-Request-Id', requestId);
    sendRefusal(req, res, refusal);
    return true;
  };
  const listener: RequestListener = fixedFile
    ? (req: IncomingMessage, res: ServerResponse) => {
        const requestId = requestIdOf(req);
        logWhenDone(req, res, requestId);
        if (refused(req, res, requestId)) return;
        const pathname = pathOf(req.url);
        const file = (req.method === 'GET' || req.method === 'HEAD') && fixedFile(pathname);
        if (!file) handle(req, res, requestId);
        // A page for a previewing editor comes from the drafts. The preview cookie's name is looked
        // for only while the preview is configured, and its signature checked only when the name is
        // there: every other visitor gets the fixed bytes at once.
        else if (!studioOrigin || pathname.startsWith('/assets/') || !namesPreviewCookie(req.headers.cookie))
          sendStaticFile(req, res, file, requestId);
        else
          void hasValidPreviewCookie(req.headers.cookie).then(
            (preview) => (preview ? handle(req, res, requestId) : sendStaticFile(req, res, file, requestId)),
            () => sendStaticFile(req, res, file, requestId),
          );
      }
    : (req: IncomingMessage, res: ServerResponse) => {
        const requestId = requestIdOf(req);
        logWhenDone(req, res, requestId);
        if (!refused(req, res, requestId)) handle(req, res, requestId);
      };
  return { app, listener, ready };
}

/** The path of a request target (`/agb?x=1` → `/agb`), as Express's req.path reads it. */
function pathOf(url = '/') {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
