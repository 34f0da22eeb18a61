// Start-up and shutdown of the server process: configuration, database, HTTP, signals.
import type { AddressInfo } from 'node:net';
import { createApp, type ServerBuildSource } from './app.server';
import { ConfigError, resolveConfig, setConfig } from './config.server';
import { openDatabase, setDatabase } from './db.server';
import { DataDirLockedError } from './dir-lock.server';
import { sweepConfirmationOutbox } from './confirmation-outbox.server';
import { sweepMailOutbox } from './mail-outbox.server';
import { startOutbox } from './outbox.server';

export interface StartOptions {
  source: ServerBuildSource;
  clientDir: string;
}

export async function startServer({ source, clientDir }: StartOptions) {
  let config;
  let database;
  try {
    config = resolveConfig();
    setConfig(config);
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
    setDatabase(database);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(`\n✖ ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  if (config.generated.teamAccessCode || config.generated.accessCodes) {
    // Development only (production requires the variables): say once where the codes are.
    console.log(
      `Development codes (stored in ${config.dataDir}/secrets.json; set the variables to choose your own):` +
        (config.generated.teamAccessCode
          ? `\n  team dashboard code (TEAM_ACCESS_CODE): ${config.teamAccessCode}`
          : '') +
        (config.generated.accessCodes ? `\n  mentee/mentor code (ACCESS_CODES): ${config.accessCodes.join(', ')}` : ''),
    );
  }

  const app = createApp({ config, source, clientDir });
  const server = app.listen(config.port, config.host);
  // Every mail goes out through the outbox: sent right after its commit, retried after a crash or an outage.
  const stopOutbox = startOutbox([sweepConfirmationOutbox, sweepMailOutbox]);
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    // Finish requests in flight; long-lived streams (SSE) are closed after a grace period.
    const force = setTimeout(() => server.closeAllConnections(), 5000);
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    clearTimeout(force);
    // A batch of mails in flight gets a moment to finish; an unfinished one is sent again later.
    await Promise.race([stopOutbox(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    await database!.close();
    process.exit(0);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  console.log(
    `Server listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (database: ${database.kind})`,
  );

  return { server, app, config, database };
}
