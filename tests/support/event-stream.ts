// Reading a Server-Sent Events answer (GET /api/applications/events) as a client does: every
// event is kept, and a test waits for the one it expects. Plain Node (no vitest import): the
// benchmarks use it too.
import http from 'node:http';
import { createParser } from 'eventsource-parser';

export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: unknown;
  /** performance.now() when it was parsed. */
  at: number;
}

export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  /** Resolves when the stream ended (by the server or by close()). */
  readonly ended: Promise<void>;
  onEvent?: (event: StreamEvent) => void;
  readonly response: Response;
  private readonly abort: () => void;
  /** Why reading failed (a reset connection, or close()); undefined when the server ended the stream. */
  failure: unknown;
  private waiters = new Set<() => void>();
  private done = false;

  // No parameter properties: Node runs this file (benchmarks) with type stripping only.
  constructor(response: Response, abort: () => void = () => {}) {
    if (!response.body) throw new Error('no body');
    this.response = response;
    this.abort = abort;
    const parser = createParser({
      onEvent: (e) => {
        const event = {
          event: e.event ?? 'message',
          id: e.id,
          data: JSON.parse(e.data) as unknown,
          at: performance.now(),
        };
        this.events.push(event);
        this.onEvent?.(event);
        this.wake();
      },
      onComment: (c) => {
        this.comments.push(c);
        this.wake();
      },
    });
    const body = response.body.pipeThrough(new TextDecoderStream());
    this.ended = (async () => {
      try {
        for await (const text of body) parser.feed(text);
      } catch (error) {
        this.failure = error;
      } finally {
        this.done = true;
        this.wake();
      }
    })();
  }

  /** Opens a stream over HTTP; throws unless the server answers 200 with an event stream. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      throw new Error(`GET ${url} answered ${response.status} ${response.headers.get('content-type')}`);
    }
    return new EventStreamReader(response, () => controller.abort());
  }

  get closed() {
    return this.done;
  }

  /** The first event (in the whole stream so far or still to come) that passes `test`. */
  waitFor(test: (event: StreamEvent) => boolean, timeoutMs = 15_000): Promise<StreamEvent> {
    return this.until(() => this.events.find(test), timeoutMs, 'event');
  }

  /** Resolves once `count` comment lines arrived. */
  waitForComments(count: number, timeoutMs = 15_000): Promise<string[]> {
    return this.until(() => (this.comments.length >= count ? this.comments : undefined), timeoutMs, 'comments');
  }

  /** Resolves when the server ended the stream. */
  waitForEnd(timeoutMs = 15_000): Promise<true> {
    return this.until(() => (this.done ? true : undefined), timeoutMs, 'end of stream');
  }

  close() {
    this.abort();
    void this.response.body?.cancel().catch(() => {});
  }

  private until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const found = check();
        if (found !== undefined) {
          cleanup();
          resolve(found);
        } else if (this.done && what !== 'end of stream') {
          cleanup();
          reject(new Error(`stream ended before the ${what}; events: ${this.describe()}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${what} within ${timeoutMs} ms; events: ${this.describe()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(attempt);
      };
      this.waiters.add(attempt);
      attempt();
    });
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter();
  }

  private describe() {
    return JSON.stringify(this.events.map((e) => ({ event: e.event, id: e.id }))).slice(0, 2000);
  }
}

/**
 * One event stream read with node:http and a minimal parser, on a connection of its own. The live bench shares the
 * machine with the server, so the client must cost as little as possible (fetch with web streams and a full SSE
 * parser per stream cost more than the server's fan-out, and its queueing showed up as delay).
 * An event's arrival time is taken when its bytes arrive, before parsing.
 */
export interface RawEventStream {
  /** Called for every complete event with the time its last bytes arrived. */
  onEvent?: (event: string, data: string, at: number) => void;
  close: () => void;
}

/** GET /api/applications/events with a team token on a connection of its own; resolves once the snapshot arrived. */
export function openRawEventStream(baseUrl: string, token: string): Promise<RawEventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/applications/events`,
      { headers: { Authorization: `Bearer ${token}` }, agent: false },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`events answered ${response.statusCode}`));
        response.setEncoding('utf8');
        let buffered = '';
        const stream: RawEventStream = { close: () => request.destroy() };
        response.on('data', (text: string) => {
          const at = performance.now();
          buffered += text;
          let end;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data !== undefined) {
              if (event === 'snapshot') resolve(stream);
              stream.onEvent?.(event, data, at);
            }
          }
        });
        response.on('error', () => {});
      },
    );
    request.on('error', reject);
    request.setTimeout(60_000, () => request.destroy(new Error('no snapshot within 60 s')));
  });
}
