// DATA_DIR holds the embedded database, generated secrets, backups and the mail outbox: it is the
// server's user's alone (0700), whatever the umask it was started with and however it was made, and
// so are the files inside it. PGlite writes the files of a new database 0666 and a few files at each
// start 0644 (its WASM file system sets modes itself, past the umask), so they are made private
// after each open.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { log } from '../log.server.ts';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and its missing parents) if needed and sets it to 0700; a warning when it cannot. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    if ((lstatSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    log.warn(
      { err: error },
      `The data directory ${dir} could not be made private (0700): give it to the server's user (chown), or choose another DATA_DIR`,
    );
  }
}

/**
 * Makes `dir` and everything below it private: folders 0700, files 0600 (symbolic links are left
 * alone, and what is already private is not touched). A file removed meanwhile is skipped.
 */
export function keepPrivate(dir: string): void {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  for (const file of [dir, ...entries.filter((e) => !e.isSymbolicLink()).map((e) => path.join(e.parentPath, e.name))]) {
    try {
      const stat = lstatSync(file);
      const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
      if ((stat.mode & 0o777) !== mode) chmodSync(file, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
