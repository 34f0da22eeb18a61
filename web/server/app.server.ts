// The one Node process: security headers, compression, hashed assets, prerendered pages, and
// React Router for server-rendered pages and the API (resource routes).
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { Config } from './config.server';
import { directAction, routeAction } from './direct-action.server';
import { PrerenderedPages } from './prerendered-pages.server';
import { clientAddressContext, nonceContext } from './request-context.server';
import { registerPrerenderTarget } from './revalidate.server';
import { newNonce, securityHeaders } from './security-headers.server';

export type ServerBuildSource =
  { build: ServerBuild } | { dev: () => Promise<ServerBuild>; viteMiddleware: express.RequestHandler };

export interface AppOptions {
  config: Config;
  source: ServerBuildSource;
  /** build/client: hashed assets, public files and prerendered pages. */
  clientDir: string;
}

export function createApp({ config, source, clientDir }: AppOptions) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use((_req, res, next) => {
    const nonce = newNonce();
    res.locals.nonce = nonce;
    res.set(securityHeaders(nonce, config.https));
    next();
  });

  const loadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(nonceContext, res.locals.nonce as string);
    context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? 'unknown');
    return context;
  };

  // The signup endpoint's action, called without React Router's request handler (decision record
  // 008). In development the route module changes under Vite, so it goes the usual way.
  if (!('dev' in source)) app.post('/api/signups', directAction(routeAction(source.build, 'api/signups'), loadContext));

  // Server-Sent Events must not be buffered by compression.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );

  if ('dev' in source) {
    app.use(source.viteMiddleware);
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }),
    );
    const pages = new PrerenderedPages(clientDir, source.build.prerender);
    app.locals.prerenderedPages = pages;
    // POST /api/revalidate re-renders these pages in this process (web/server/revalidate.server.ts).
    registerPrerenderTarget({ build: source.build, clientDir, pages });
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const html = pages.render(req.path, res.locals.nonce as string);
      if (html === undefined) return next();
      res.set('Cache-Control', 'no-cache').type('html').send(html);
    });
    // Other public files (favicon, robots, .data files of prerendered routes). No directory
    // redirects: /agb must not become /agb/.
    app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }));
  }

  app.use(
    createRequestHandler({
      build: 'dev' in source ? source.dev : source.build,
      mode: config.production ? 'production' : 'development',
      getLoadContext: loadContext,
    }),
  );
  return app;
}
