// A lock file with the owner's pid. A lock left behind by a killed process (kill -9) is stale
// and taken over; a lock held by a live process is refused with a message that says what to do.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock on `dir` or throws DataDirLockedError; returns the release function. */
export function acquireDirLock(dir: string): () => void {
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: number;
      try {
        owner = Number(readFileSync(file, 'utf8'));
      } catch {
        continue; // removed in between: try again
      }
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another server (pid ${owner}). ` +
            'The embedded database can only be opened by one process: stop the other server, ' +
            'choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
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
