// One process of the whole deployment does a job (e.g. follow Sanity's live events): the one that
// holds a PostgreSQL advisory lock, taken on a connection of its own. PostgreSQL releases the lock
// the moment that connection ends, so when the holder dies (or loses its database) another process
// takes over within one retry interval. On PGlite there is one process: it always leads.
import pg from 'pg';
import { log } from '../log.server.ts';

/** The first key of every lock this module takes (the second is the job's name, hashed). */
const LOCK_NAMESPACE = 727002;
/** How often a process that does not lead asks for the lock. */
export const LEADERSHIP_RETRY_MS = 2000;

/** The application_name of a leadership connection (to find it in pg_stat_activity). */
export const leaderConnectionName = (job: string) => `bewegung-leader-${job}`.slice(0, 63);

/** Starts the job when leading; the function it returns stops it when leadership ends. */
export type Lead = () => () => void;

/**
 * Runs `lead` while this process holds the job's lock on `databaseUrl`, and asks for the lock every
 * `retryMs` while another one holds it. Resolves to a function that gives the lock up.
 */
export function leadOnPostgres(
  databaseUrl: string,
  job: string,
  lead: Lead,
  { retryMs = LEADERSHIP_RETRY_MS }: { retryMs?: number } = {},
): () => Promise<void> {
  let client: pg.Client | undefined;
  let release: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = () => {
    if (!stopped && !timer) timer = setTimeout(attempt, retryMs);
  };

  const lost = (c: pg.Client, error?: Error) => {
    if (c !== client) return;
    client = undefined;
    c.end().catch(() => {});
    if (release) {
      log.warn(`Leadership of ${job} lost${error ? ` (${error.message})` : ''}; stopping it here`);
      release();
      release = undefined;
    }
    schedule();
  };

  async function attempt() {
    timer = undefined;
    if (stopped) return;
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: databaseUrl, application_name: leaderConnectionName(job) });
        c.on('error', (error) => lost(c, error));
        c.on('end', () => lost(c));
        client = c;
        await c.connect();
      }
      const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as held', [
        LOCK_NAMESPACE,
        job,
      ]);
      if (rows[0]?.held && !stopped) {
        log.info(`This process leads ${job}`);
        release = lead();
        return;
      }
    } catch (error) {
      if (client) lost(client, error as Error);
    }
    schedule();
  }

  void attempt();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    release?.();
    release = undefined;
    const c = client;
    client = undefined;
    // Ending the session releases the lock at once, for the next process to take.
    await c?.end().catch(() => {});
  };
}
