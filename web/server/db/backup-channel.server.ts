// A running server holds its PGlite data directory (one process only), so `npm run db:backup`
// cannot open it: it asks the server instead, over a Unix socket inside DATA_DIR. The socket is a
// file readable and writable by the server's user only, and nothing listens on the network. One
// request, one answer: the client sends "dump\n"; the server answers one JSON line
// (`{"ok":true,"bytes":N}` or `{"ok":false,"error":"…"}`) and then, if ok, the N bytes of the dump.
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';

/** The socket's file name inside DATA_DIR. */
export const BACKUP_SOCKET = 'backup.sock';

/** Where the channel of a server on `dataDir` listens (relative when shorter: socket paths are limited to ~100 bytes). */
function socketPath(dataDir: string) {
  const absolute = path.join(path.resolve(dataDir), BACKUP_SOCKET);
  const relative = path.relative(process.cwd(), absolute);
  return relative.length < absolute.length ? relative : absolute;
}

/**
 * Answers dump requests on DATA_DIR/backup.sock with `dump()` (the caller holds the data dir's
 * lock, so a socket file left by a killed server is replaced). Resolves to the function that stops it.
 */
export async function startBackupChannel(dataDir: string, dump: () => Promise<Blob>): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  rmSync(file, { force: true });
  const server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        if (request.length > 64) socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
        return;
      }
      if (request.trim() !== 'dump') {
        socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
        return;
      }
      dump().then(
        async (blob) => {
          const bytes = Buffer.from(await blob.arrayBuffer());
          socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length })}\n`);
          socket.end(bytes);
        },
        (error: unknown) => socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}

/** No server answers on the data dir's channel (none runs, or one that predates the channel). */
export class NoBackupChannelError extends Error {
  override name = 'NoBackupChannelError';
}

/** Asks the server running on `dataDir` for a dump of its database. */
export function requestDump(dataDir: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const socket: Socket = connect(socketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write('dump\n'));
    // A dump of a small database takes seconds; a server that stays silent this long is stuck.
    socket.setTimeout(120_000, () => socket.destroy(new Error('The running server did not answer within 2 minutes.')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')
        reject(new NoBackupChannelError(`No server answers on ${path.join(dataDir, BACKUP_SOCKET)}`));
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      let header: { ok: boolean; bytes?: number; error?: string };
      try {
        header = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof header;
      } catch {
        reject(new Error('The running server answered the backup request with something unreadable.'));
        return;
      }
      if (!header.ok) reject(new Error(`The running server could not make the dump: ${header.error}`));
      else if (all.length - newline - 1 !== header.bytes)
        reject(
          new Error(
            `The dump from the running server is incomplete (${all.length - newline - 1} of ${header.bytes} bytes).`,
          ),
        );
      else resolve(all.subarray(newline + 1));
    });
  });
}
