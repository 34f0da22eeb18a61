// A steady load through Caddy as visitors make it, for the operations tests: a fixed rate of
// requests (open loop: a slow answer does not slow the load down), mostly page loads (prerendered
// pages and a server-rendered one) and some signups, over HTTP/2 as browsers send them. Every
// answer is checked: a page must answer 200, a signup 201; anything else, a reset stream or no
// answer within 10 s is a failure. Plain Node (no vitest import).
import http2 from 'node:http2';
import { signupBody } from './signups.ts';

export interface LoadOptions {
  /** https://127.0.0.1:<port> of Caddy. */
  proxyUrl: string;
  /** Caddy's root certificate (TLS_MODE=internal). */
  ca: string;
  host?: string;
  /** Requests per second. */
  rate?: number;
}

export interface Failure {
  at: number;
  what: string;
  outcome: string;
}

export interface LoadReport {
  requests: number;
  pages: number;
  signups: number;
  failures: Failure[];
  /** Ids of the signups answered 201: each must be stored. */
  accepted: string[];
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  seconds: number;
}

export interface Load {
  /** Stops sending, waits for the answers still due, and reports. */
  stop(): Promise<LoadReport>;
  /** What happened so far (for a progress line). */
  sofar(): { requests: number; failures: number };
}

/** Every fourth request a signup; the pages in turn. */
const PAGES = ['/', '/agb', '/access', '/datenschutz', '/', '/imprint'];

export function startLoad({ proxyUrl, ca, host = 'localhost', rate = 20 }: LoadOptions): Load {
  const started = performance.now();
  const latencies: number[] = [];
  const failures: Failure[] = [];
  const accepted: string[] = [];
  let pages = 0;
  let signups = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();

  // One HTTP/2 connection, as a browser keeps one per site; a new one when Caddy closes it.
  let session: http2.ClientHttp2Session | undefined;
  const connection = () => {
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(proxyUrl, { ca, servername: host });
      session.on('error', () => {});
    }
    return session;
  };

  const request = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const stream = connection().request({
        ':method': method,
        ':path': path,
        ':authority': host,
        ':scheme': 'https',
        'accept-encoding': 'br, gzip',
        ...(body === undefined ? {} : { 'content-type': 'application/json', origin: `https://${host}` }),
      });
      stream.setTimeout(10_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString() }));
      stream.on('close', () => (status ? undefined : reject(new Error(`stream closed (code ${stream.rstCode})`))));
      stream.on('error', reject);
      stream.end(body);
    });

  const one = async () => {
    const n = sent++;
    const signup = n % 4 === 3;
    const id = crypto.randomUUID();
    const what = signup ? 'POST /api/signups' : `GET ${PAGES[n % PAGES.length]}`;
    const at = performance.now();
    if (signup) signups++;
    else pages++;
    try {
      const answer = signup
        ? await request('POST', '/api/signups', signupBody(id, 'Lastprobe'))
        : await request('GET', PAGES[n % PAGES.length]!);
      latencies.push(performance.now() - at);
      const expected = signup ? 201 : 200;
      if (answer.status !== expected)
        failures.push({ at: at - started, what, outcome: `${answer.status} ${answer.body.slice(0, 120)}` });
      else if (signup) accepted.push(id);
    } catch (error) {
      failures.push({ at: at - started, what, outcome: (error as Error).message });
    }
  };

  const timer = setInterval(() => {
    const done = one();
    pending.add(done);
    void done.finally(() => pending.delete(done));
  }, 1000 / rate);

  return {
    sofar: () => ({ requests: sent, failures: failures.length }),
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      session?.close();
      const sorted = [...latencies].sort((a, b) => a - b);
      const quantile = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      return {
        requests: sent,
        pages,
        signups,
        failures,
        accepted,
        p50Ms: quantile(0.5),
        p99Ms: quantile(0.99),
        maxMs: Math.round(sorted.at(-1) ?? 0),
        seconds: Math.round((performance.now() - started) / 100) / 10,
      };
    },
  };
}
