// A running server holds its PGlite data directory (one process only), so `npm run db:backup`
// cannot open it: it asks the server instead, over a Unix socket inside DATA_DIR. The socket is a
// file readable and writable by the server's user only, and nothing listens on the network. One
// request, one answer: the client sends "dump\n"; the server answers one JSON line
// (`{"ok":true,"bytes":N}` or `{"ok":false,"error":"…"}`) and then, if ok, the N bytes of the dump.
// The same socket takes the server's other commands (`npm run team:invite`), on both engines: the
// client sends "<command> <JSON>\n" and the server answers one JSON line (`{"ok":true,...}` or
// `{"ok":false,"error":"…"}`).
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

/** A command of the channel: takes the request's JSON, answers what is sent back (as JSON, with `ok: true`). */
export type ChannelCommand = (argument: unknown) => Promise<Record<string, unknown>>;

const MAX_REQUEST = 4096;

/**
 * Answers dump requests on DATA_DIR/backup.sock with `dump()` (on PGlite; undefined elsewhere) and
 * the named `commands` (the caller holds the data dir's lock, or is the only server on it, so a
 * socket file left by a killed server is replaced). Resolves to the function that stops it.
 */
export async function startBackupChannel(
  dataDir: string,
  dump: (() => Promise<Blob>) | undefined,
  commands: Record<string, ChannelCommand> = {},
): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  rmSync(file, { force: true });
  const server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    const refuse = (error: string) => socket.end(`${JSON.stringify({ ok: false, error })}\n`);
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) {
        if (request.length > MAX_REQUEST) refuse('unknown request');
        return;
      }
      const line = request.slice(0, request.indexOf('\n')).trim();
      const space = line.indexOf(' ');
      const name = space === -1 ? line : line.slice(0, space);
      const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
      if (command) {
        let argument: unknown;
        try {
          argument = JSON.parse(space === -1 ? 'null' : line.slice(space + 1));
        } catch {
          return refuse('the request is not JSON');
        }
        command(argument).then(
          (result) => socket.end(`${JSON.stringify({ ...result, ok: true })}\n`),
          (error: unknown) => refuse((error as Error).message),
        );
        return;
      }
      if (line !== 'dump' || !dump) return refuse('unknown request');
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
    // The socket file is made by listen() itself (synchronously): under a umask that leaves it to
    // the server's user from its first moment, rather than made private after another could connect.
    const umask = process.umask(0o077);
    try {
      server.listen(file, () => resolve());
    } finally {
      process.umask(umask);
    }
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

/** Sends one command to the server running on `dataDir`; answers its JSON answer (throws on `ok: false`). */
export function requestCommand(dataDir: string, name: string, argument: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(socketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${name} ${JSON.stringify(argument)}\n`));
    socket.setTimeout(30_000, () => socket.destroy(new Error('The running server did not answer within 30 s.')));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')
        reject(new NoBackupChannelError(`No server answers on ${path.join(dataDir, BACKUP_SOCKET)}`));
      else reject(error);
    });
    socket.on('end', () => {
      let parsed: { ok?: boolean; error?: string } & Record<string, unknown>;
      try {
        parsed = JSON.parse(answer) as typeof parsed;
      } catch {
        reject(new Error('The running server answered with something unreadable.'));
        return;
      }
      if (parsed.ok) resolve(parsed);
      else reject(new Error(parsed.error ?? 'The running server refused the command.'));
    });
  });
}
