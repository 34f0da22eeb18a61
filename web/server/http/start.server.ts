// Start-up and shutdown of the server process: configuration, database, HTTP, signals. With
// WEB_CONCURRENCY > 1 (PostgreSQL) this process becomes the primary of that many workers, each of
// which runs the rest of this function (cluster.server.ts).
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type ServerBuildSource } from './app.server';
import { closeApplicationEventStreams, decisionMailQueue } from '../applications/applications.server';
import { isWorker, reportListening, runPrimary } from './cluster.server';
import { ConfigError, productionEnvironment, resolveConfig, setConfig, type Config } from '../config.server';
import { DataDirLockedError, openDatabase, setDatabase, startBackupChannel } from '../db/db.server';
import { followPublishes, logPlaceholders, publishedPlaceholders } from '../content/content.server';
import { sweepConfirmationOutbox } from '../signups/signups.server';
import { startOutbox, sweepMailOutbox } from '../mail/mail.server';
import { announceContentChange, startContentSync } from '../serving/serving.server';
import { startRetentionSweep } from '../retention.server';
import { countMembers, inviteFromCommandLine, recordDecisionMailSent } from '../team/team.server';
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
    if (config.webConcurrency > 1 && 'dev' in source) {
      log.warn('WEB_CONCURRENCY is ignored by the development server: one process serves.');
    } else if (config.webConcurrency > 1 && cluster.isPrimary) {
      // Migrations once, before any worker starts (a worker's own run then finds nothing to do).
      await (await openDatabase({ databaseUrl: config.databaseUrl! })).close();
      announceCodes(config);
      const { host, webConcurrency } = config;
      await runPrimary({
        workers: webConcurrency,
        announce: (port) =>
          log.info(
            `Server listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (database: postgres, ${webConcurrency} worker processes)`,
          ),
      });
      return undefined;
    }
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

  // Workers leave the notes to the primary, which printed them once.
  if (!isWorker()) announceCodes(config);

  const { app, listener, ready } = createApp({ config, source, clientDir });
  await ready;
  // The pages from the content as it is published now, before this instance takes a request (and
  // so before /healthz says it is ready): a new or restarted instance never serves older content
  // than the others. A content error keeps the build's pages (logged). The development server
  // renders every page per request and only follows changes.
  await startContentSync({ initialSync: !('dev' in source) });
  // Launch readiness: a production server names each placeholder the content still holds (once).
  if (config.production && (!isWorker() || cluster.worker?.id === 1)) void logPlaceholders(publishedPlaceholders);
  // `npm run db:backup` cannot open the embedded database this process holds: it asks here. And
  // `npm run team:invite` asks here on both engines (the invitation is made by this server's code).
  // With several workers, the first one answers.
  const stopBackupChannel =
    !isWorker() || cluster.worker?.id === 1
      ? await startBackupChannel(config.dataDir, config.databaseUrl ? undefined : database.dumpDataDir, {
          invite: inviteFromCommandLine,
        }).catch((error: unknown) => {
          log.warn({ err: error }, `The control channel in ${config.dataDir} could not start`);
          return undefined;
        })
      : undefined;
  if (!isWorker()) void announceFirstOwner();
  const server = createServer(
    httpServerOptions(),
    drainable((req, res) => {
      limitBodyTime(req, res);
      listener(req, res);
    }),
  ).listen(config.port, config.host);
  // Every mail goes out through the outbox: sent right after its commit, retried after a crash or an outage.
  const stopOutbox = startOutbox([sweepConfirmationOutbox, sweepMailOutbox, decisionMailQueue(recordDecisionMailSent)]);
  // Applications 12 months after their last change, and old code attempts, are deleted daily.
  const stopRetention = startRetentionSweep();
  // Publishing without depending on one webhook call: one process of the deployment (whichever
  // leads) follows Sanity's live events and announces each publish and each reconnection.
  const stopLiveEvents = config.sanity.projectId
    ? database.lead('sanity-live-events', () => followPublishes((detail) => void announceLiveChange(detail)))
    : async () => {};
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
    await stopLiveEvents();
    await stopBackupChannel?.();
    // A batch of mails in flight gets a moment to finish; an unfinished one is sent again later.
    await Promise.race([stopOutbox(), new Promise((resolve) => setTimeout(resolve, 3000))]);
    await database!.close();
    process.exit(0);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // A worker whose primary is gone (killed) must not linger holding the database.
  if (isWorker()) process.once('disconnect', () => void shutdown('primary gone'));
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  if (isWorker()) reportListening(port);
  else
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
      'No team member yet: invite the first owner with `npm run team:invite -- EMAIL --owner` while the server runs (docs/team.md).',
    );
  } catch (error) {
    log.warn({ err: error }, 'Counting the team members failed');
  }
}

/** Tells every instance that a live event may have brought new content (they compare fingerprints). */
function announceLiveChange(detail: string) {
  return announceContentChange('live', detail).catch((error: unknown) =>
    log.error({ err: error }, `Announcing a live event (${detail}) failed`),
  );
}
