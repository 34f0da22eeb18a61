// A PostgreSQL that accepts connections but never answers (a hung server, a network that drops
// packets without resetting): the built server reaches it through a TCP relay of this test that
// can stop passing bytes on. Every request is answered within seconds (503 with Retry-After,
// /healthz included), and once the database answers again the server recovers by itself.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase, postgresAvailable } from '../../support/postgres';
import { startServer, type TestServer } from '../../support/server';
import { postSignup } from '../../support/signups';
import { until } from '../../support/until';

/** A TCP relay to `target` that can be frozen: it then holds every byte and every new connection. */
class FreezableRelay {
  frozen = false;
  private readonly held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();
  readonly server: Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => this.relay(client));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  private track(socket: Socket) {
    this.sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => this.sockets.delete(socket));
  }

  private relay(client: Socket) {
    this.track(client);
    const open = () => {
      if (client.destroyed) return;
      const upstream = connect(this.target);
      this.track(upstream);
      const pass = (from: Socket, to: Socket) =>
        from.on('data', (chunk: Buffer) => {
          if (this.frozen) this.held.push(() => to.write(chunk));
          else to.write(chunk);
        });
      pass(client, upstream);
      pass(upstream, client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    };
    if (this.frozen) this.held.push(open);
    else open();
  }

  freeze() {
    this.frozen = true;
  }

  thaw() {
    this.frozen = false;
    for (const release of this.held.splice(0)) release();
  }

  async close() {
    this.held.length = 0;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** How long a request took and what it answered. */
async function timed(request: () => Promise<Response>) {
  const started = Date.now();
  const response = await request();
  return { status: response.status, headers: response.headers, ms: Date.now() - started };
}

describe.runIf(postgresAvailable())('a PostgreSQL that accepts connections but never answers', () => {
  let database: { url: string; drop: () => Promise<void> };
  let relay: FreezableRelay;
  let server: TestServer;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const url = new URL(database.url);
    relay = new FreezableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(await relay.listen());
    server = await startServer({ env: { DATABASE_URL: url.toString() } });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await relay?.close();
    await database?.drop();
  });

  test('every request is answered within seconds (503, Retry-After); afterwards the server recovers by itself', async () => {
    expect((await postSignup(server.url)).status).toBe(201);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    relay.freeze();
    // Health checks, reads and writes at once, more than the pool has connections.
    const answers = await Promise.all([
      timed(() => fetch(`${server.url}/healthz`)),
      ...Array.from({ length: 12 }, () => timed(() => postSignup(server.url))),
      timed(() => fetch(`${server.url}/healthz`)),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.ms).toBeLessThan(20_000);
    }
    expect(answers[0]!.ms).toBeLessThan(5_000);
    console.log(`stalled database: ${answers.length} answers, 503 after ${answers.map((a) => a.ms).join(', ')} ms`);
    // Static pages do not need the database.
    expect((await timed(() => fetch(`${server.url}/agb`))).status).toBe(200);
    // Later requests, with every pooled connection stuck: still answered, and soon.
    const later = await timed(() => fetch(`${server.url}/healthz`));
    expect(later.status).toBe(503);
    expect(later.ms).toBeLessThan(5_000);

    relay.thaw();
    const thawed = Date.now();
    await until(async () => (await fetch(`${server.url}/healthz`)).status === 200, '/healthz to answer 200 again', {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    console.log(`recovered: /healthz 200 again ${Date.now() - thawed} ms after the database answered`);
    // Writes work again: every pooled connection that was stuck has been given up or answered.
    const after = await Promise.all(Array.from({ length: 20 }, () => postSignup(server.url)));
    expect(after.map((r) => r.status)).toEqual(after.map(() => 201));
  }, 90_000);
});
