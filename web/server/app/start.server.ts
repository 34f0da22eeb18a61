// Start-up and shutdown of the server process: configuration, database, HTTP, signals. One process
// is one instance; more instances (on PostgreSQL, behind the proxy) are the way to scale
// (decision 033).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type ServerBuildSource } from './app.server';
import { closeApplicationEventStreams } from '../applications/applications.server';
import { ConfigError, productionEnvironment, resolveConfig, setConfig, type Config } from '../config.server';
import { DataDirLockedError, ensurePrivateDir, openDatabase, setDatabase, startBackupChannel } from '../db/db.server';
import { followPublishes, logPlaceholders, publishedPlaceholders } from '../content/content.server';
import { startOutbox } from '../mail/mail.server';
import { mailQueues } from './mail-queues.server';
import { startContentSync, syncContent } from '../serving/serving.server';
import { startRetentionSweep } from './retention.server';
import { countMembers, inviteFromCommandLine } from '../team/team.server';
import { configureLogging, log } from '../log.server';
import { drain, drainable } from './draining.server';
import { httpServerOptions, limitBodyTime } from './timeouts.server';

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
    await configureLogging({ production: config.production, level: config.logLevel });
    // The server's user's alone, on both engines: backups, the outbox and the control socket live there.
    ensurePrivateDir(config.dataDir);
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    );
    setDatabase(database);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      // Before the configuration is known the environment says how to print: a JSON line for a
      // production server's log, a plain message for a developer's terminal.
      if (productionEnvironment()) log.fatal(error.message);
      else console.error(`\n✖ ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  announceCodes(config);

  const { app, listener, ready } = createApp({ config, source, clientDir });
  await ready;
  // The pages from the content as it is published now, before this instance takes a request (and
  // so before /healthz says it is ready): a new or restarted instance never serves older content
  // than the others. A content error keeps the build's pages (logged). The development server
  // renders every page per request and only follows changes.
  await startContentSync({ initialSync: !('dev' in source) });
  // Launch readiness: a production server names each placeholder the content still holds (once).
  if (config.production) void logPlaceholders(publishedPlaceholders);
  // `npm run db:backup` cannot open the embedded database this process holds: it asks here. And
  // `npm run team:invite` asks here on both engines (the invitation is made by this server's code).
  const stopBackupChannel = await startBackupChannel(
    config.dataDir,
    config.databaseUrl ? undefined : database.dumpDataDir,
    { invite: inviteFromCommandLine },
  ).catch((error: unknown) => {
    log.warn({ err: error }, `The control channel in ${config.dataDir} could not start`);
    return undefined;
  });
  void announceFirstOwner();
  const server = createServer(
    httpServerOptions(),
    drainable((req, res) => {
      limitBodyTime(req, res);
      listener(req, res);
    }),
  ).listen(config.port, config.host);
  // Every mail goes out through the outbox: sent right after its commit, retried after a crash or an outage.
  const stopOutbox = startOutbox(mailQueues());
  // Applications 12 months after their last change, and old code attempts, are deleted daily.
  const stopRetention = startRetentionSweep();
  // Publishing without depending on one webhook call: every instance follows Sanity's live events
  // and syncs its own pages on each publish and each reconnection (decision record 036).
  const stopLiveEvents = followPublishes((detail) => {
    log.info(`Sanity live event (${detail.slice(0, 200)}): syncing this instance`);
    void syncContent('live');
  });
  // Behind a proxy the instance serves on until the proxy's health check has seen it drain.
  const behindProxy = Boolean(config.trustProxy);
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    // /healthz says 503 at once; behind a proxy the instance serves on until the proxy has seen
    // it; requests in flight finish within the grace period (draining.server.ts).
    await drain(server, { behindProxy, endStreams: closeApplicationEventStreams });
    stopRetention();
    stopLiveEvents();
    await stopBackupChannel?.();
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
  log.info(
    `Server listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (database: ${database.kind})`,
  );

  return { server, app, config, database };
}

/** Development codes and missing ACCESS_CODES: said once at start. */
function announceCodes(config: Config) {
  // Development only (production requires the variables, and never prints a code): said once to
  // the developer's terminal, plainly, not through the log.
  if (!config.production && (config.generated.teamAccessCode || config.generated.accessCodes)) {
    console.log(
      `Development codes (stored in ${config.dataDir}/secrets.json; set the variables to choose your own):` +
        (config.generated.teamAccessCode
          ? `\n  team dashboard code (TEAM_ACCESS_CODE): ${config.teamAccessCode}`
          : '') +
        (config.generated.accessCodes ? `\n  mentee/mentor code (ACCESS_CODES): ${config.accessCodes.join(', ')}` : ''),
    );
  }
  if (!config.accessCodes.length) {
    log.warn('ACCESS_CODES is not set: no mentee/mentor code opens the application form.');
  }
}

/** Without a team member nobody can open the dashboard: say how to invite the first owner. */
async function announceFirstOwner() {
  try {
    if ((await countMembers()) > 0) return;
    log.warn(
      'No team member yet: invite the first owner while the server runs, in the compose stack with `deploy/stack.sh invite EMAIL --owner --name "Your Name"`, on a server without containers with `npm run team:invite -- EMAIL --owner --name "Your Name"` (docs/team.md).',
    );
  } catch (error) {
    log.warn({ err: error }, 'Counting the team members failed');
  }
}
