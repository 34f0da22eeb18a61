// Entry point of `npm run serve` (production build) and `npm run dev` (Vite middleware).
// Node 24 runs this file directly (type stripping). Everything else is bundled by Vite, so the
// server start-up and the routes share one copy of every module (one database connection).
import path from 'node:path';
import type { startServer as StartServer } from './web/server/app/start.server.ts';
import { log } from './web/server/log.server.ts';

// In a container this process is PID 1, which gets no default action for SIGTERM and SIGINT: until
// the server has installed its graceful shutdown (once it listens), a stop signal would be ignored
// and the container killed after a grace period. Until then, a stop signal ends the process at once.
function stopWhileStarting(signal: NodeJS.Signals) {
  if (process.listenerCount(signal) > 1) return; // the server's own shutdown takes it
  log.info(`${signal} while starting: exiting`);
  process.exit(0);
}
process.on('SIGTERM', stopWhileStarting);
process.on('SIGINT', stopWhileStarting);
const started = () => {
  process.off('SIGTERM', stopWhileStarting);
  process.off('SIGINT', stopWhileStarting);
};

const root = import.meta.dirname;
// BUILD_DIR: where `npm run build` wrote the app (default build/; tests build into their own).
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const clientDir = path.join(buildDir, 'client');

if (process.argv.includes('--dev')) {
  const vite = await import('vite');
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const { startServer } = (await devServer.ssrLoadModule('./web/server/app/start.server.ts')) as {
    startServer: typeof StartServer;
  };
  await startServer({
    clientDir,
    source: {
      dev: () => devServer.ssrLoadModule('virtual:react-router/server-build') as never,
      viteMiddleware: devServer.middlewares as never,
    },
  });
  started();
} else {
  const buildFile = path.join(buildDir, 'server', 'index.js');
  const build = await import(buildFile).catch(() => {
    log.fatal(`No server build at ${buildFile}. Run \`npm run build\` first (or \`npm start\`).`);
    process.exit(1);
  });
  // entry.server.tsx re-exports startServer, so it lives in the same bundle as the routes.
  await build.entry.module.startServer({ source: { build }, clientDir });
  started();
}
