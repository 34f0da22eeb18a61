// A lock file naming its owner: process id, host name and boot id. A pid alone cannot tell owners
// apart across machines or containers (two containers on one volume are both PID 1), so:
// - the same host and boot: the owner is alive exactly when its pid is (a lock left by a killed
//   process, kill -9, is stale and taken over);
// - the same host after a reboot: stale;
// - another host (another container, another machine on a shared volume): its liveness cannot be
//   asked, so the owner refreshes the file's time every LOCK_HEARTBEAT_MS, and a lock that has not
//   been refreshed for LOCK_STALE_MS is taken over (a container that was replaced after a crash
//   starts at the latest a minute later). A live owner is refused with a message that says what to do.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** How often the owner refreshes its lock file's time, and how old a foreign lock must be to be stale. */
export const LOCK_HEARTBEAT_MS = 10_000;
export const LOCK_STALE_MS = 60_000;

export interface LockOwner {
  pid: number;
  host: string;
  /** The kernel's boot id: the same host after a reboot has another. */
  boot: string;
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return ''; // not Linux: only the host and the pid tell
  }
}

/** This process as a lock owner. */
export const thisOwner = (): LockOwner => ({ pid: process.pid, host: hostname(), boot: bootId() });

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The owner a lock file names (a file of an older version holds the pid alone). */
function parseOwner(text: string): LockOwner | { pid: number; host?: undefined; boot?: undefined } {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner === 'object' && owner && typeof owner.pid === 'number' && typeof owner.host === 'string') {
      return { pid: owner.pid, host: owner.host, boot: typeof owner.boot === 'string' ? owner.boot : '' };
    }
  } catch {
    /* the old format */
  }
  return { pid: Number(text) };
}

/**
 * Whether the lock's owner may still be running: undefined when it is gone (the lock is stale),
 * otherwise a description for the refusal.
 */
function liveOwner(owner: ReturnType<typeof parseOwner>, ageMs: number, me: LockOwner): string | undefined {
  if (owner.host === undefined) {
    // An older version's lock (pid only): as it was judged then.
    return owner.pid && owner.pid !== me.pid && isAlive(owner.pid) ? `pid ${owner.pid}` : undefined;
  }
  if (owner.host === me.host && owner.boot === me.boot) {
    return owner.pid !== me.pid && isAlive(owner.pid) ? `pid ${owner.pid}` : undefined;
  }
  if (owner.host === me.host && owner.boot && me.boot) return undefined; // the machine rebooted since
  return ageMs < LOCK_STALE_MS
    ? `pid ${owner.pid} on host ${owner.host}, its lock refreshed ${Math.round(ageMs / 1000)} s ago`
    : undefined;
}

/**
 * Takes the lock on `dir` or throws DataDirLockedError; returns the release function. While held,
 * the lock file's time is refreshed every `heartbeatMs`.
 */
export function acquireDirLock(dir: string, { heartbeatMs = LOCK_HEARTBEAT_MS } = {}): () => void {
  const file = path.join(dir, 'server.lock');
  const me = thisOwner();
  const mine = JSON.stringify(me);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, mine);
      closeSync(fd);
      const heartbeat = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(file, now, now);
        } catch {
          /* gone (released, or removed by hand): nothing to refresh */
        }
      }, heartbeatMs);
      heartbeat.unref();
      return () => {
        clearInterval(heartbeat);
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: ReturnType<typeof parseOwner>;
      let ageMs: number;
      try {
        owner = parseOwner(readFileSync(file, 'utf8'));
        ageMs = Date.now() - statSync(file).mtimeMs;
      } catch {
        continue; // removed in between: try again
      }
      const live = liveOwner(owner, ageMs, me);
      if (live) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another server (${live}). ` +
            'The embedded database can only be opened by one process: stop the other server, ' +
            'choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL. If that server is ' +
            `surely gone, delete ${file}.`,
        );
      }
      try {
        unlinkSync(file); // stale: its owner is gone
      } catch {
        /* someone else removed it */
      }
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
