// Several server processes on one port (WEB_CONCURRENCY > 1, PostgreSQL only): the primary process
// migrates the database once, forks the workers, replaces a worker that dies, and stops them all on
// SIGTERM/SIGINT. Each worker is a complete server (start.server.ts) with its own database
// connections: what one worker must tell the others (a content change) goes through PostgreSQL's
// NOTIFY, which reaches other machines too.
import cluster, { type Worker } from 'node:cluster';
import { log } from '../log.server';

type ClusterMessage = { type: 'listening'; port: number };

export const isWorker = () => cluster.isWorker;

/** A worker tells the primary that it accepts connections. */
export function reportListening(port: number) {
  process.send?.({ type: 'listening', port } satisfies ClusterMessage);
}

export interface PrimaryOptions {
  workers: number;
  /** Printed once every worker listens, with the shared port. */
  announce: (port: number) => void;
}

/** The primary's whole life: fork, watch and stop the workers. Resolves when they listen. */
export function runPrimary({ workers, announce }: PrimaryOptions): Promise<void> {
  let stopping = false;
  const listening = new Set<number>();
  let announced = false;
  let ready: () => void;
  const allListening = new Promise<void>((resolve) => (ready = resolve));

  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: ClusterMessage) => {
      if (message?.type === 'listening') {
        listening.add(worker.id);
        if (!announced && listening.size === workers) {
          announced = true;
          announce(message.port);
          ready();
        }
      }
    });
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // Before the first announcement a dying worker is a start-up failure (bad build, no
    // database): stop instead of restarting it forever.
    if (!announced) {
      log.error(`Worker ${worker.process.pid} exited during start-up (${signal ?? code}); stopping.`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      process.exitCode = 1;
      return;
    }
    log.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting a new one.`);
    fork();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    // Each worker finishes its requests in flight and closes its database connections.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  for (let i = 0; i < workers; i++) fork();
  return allListening;
}
