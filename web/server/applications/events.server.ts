// Live application events for the team dashboards: one LISTEN on the `applications` channel per
// process (db.server.ts keeps that connection outside the pool and reopens it when it drops), fanned
// out in memory to every open event stream of this process.
//
// A notice only says "something changed"; what changed is read from the change sequence
// (applicationsChangedSince), once per process, not once per stream. That one code path also
// serves the catch-up after the LISTEN connection was lost: every change is sent once, in order,
// whatever notices arrived or were missed.
import type { ApplicationFilter } from '~/lib/applications';
import { sseComment, sseEvent, sseRetry } from '../http/http.server';
import {
  APPLICATIONS_CHANNEL,
  applicationsChangedSince,
  type ApplicationChange,
  latestChangeSeq,
  listApplications,
  type ApplicationNotice,
} from './store.server';
import { getDatabase, type Database } from '../db/db.server';
import { log } from '../log.server';

/** What the hub hands each stream: an encoded SSE event with its change seq. */
export interface HubEvent {
  seq: number;
  chunk: Uint8Array;
}

const encoder = new TextEncoder();

/** At most this many changes are replayed on a reconnect; further behind gets a fresh snapshot. */
export const RESUME_LIMIT = 500;
/** Clients wait this long before reconnecting after the stream ended. */
const RETRY_MS = 2000;
/** A stream whose client reads slower than this many queued events is closed (it reconnects and resumes). */
const MAX_QUEUED = 2000;

class ApplicationEventHub {
  private readonly subscribers = new Set<(event: HubEvent) => void>();
  private started: Promise<void> | undefined;
  private listening: Promise<unknown> | undefined;
  /** The newest change seq fanned out. */
  private lastSeq = 0;
  private catchingUp = false;
  private again = false;
  /** False until lastSeq is known: reading "after 0" would read the whole history. */
  private positioned = false;

  constructor(private readonly database: Database) {}

  get size() {
    return this.subscribers.size;
  }

  /** Adds a subscriber (starting to listen on first use); resolves to its unsubscribe function. */
  async subscribe(subscriber: (event: HubEvent) => void): Promise<() => void> {
    this.started ??= this.start().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    await this.started;
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private async start() {
    // Listen once (a retried start must not add a second listener).
    this.listening ??= this.database
      .listen(
        APPLICATIONS_CHANNEL,
        (payload) => this.onNotice(payload),
        () => void this.catchUp(),
      )
      .catch((error: unknown) => {
        this.listening = undefined;
        throw error;
      });
    await this.listening;
    // Listening before taking the position: every change after it is announced. One read right
    // after covers a notice that came while the position was being read (it was ignored then).
    this.lastSeq = await latestChangeSeq();
    this.positioned = true;
    void this.catchUp();
  }

  private onNotice(payload: string) {
    let notice: ApplicationNotice;
    try {
      notice = JSON.parse(payload) as ApplicationNotice;
    } catch {
      return;
    }
    if (typeof notice.seq === 'number' && notice.seq > this.lastSeq) void this.catchUp();
  }

  /** Reads every change after the last one sent and sends it; one run at a time, repeated while asked. */
  private async catchUp() {
    if (!this.positioned) return;
    if (this.catchingUp) {
      this.again = true;
      return;
    }
    this.catchingUp = true;
    try {
      do {
        this.again = false;
        for (;;) {
          const { changes, more } = await applicationsChangedSince(this.lastSeq, RESUME_LIMIT);
          for (const change of changes) {
            this.lastSeq = change.seq;
            this.emit({ seq: change.seq, chunk: encodeChange(change) });
          }
          if (!more) break;
        }
      } while (this.again);
    } catch (error) {
      // The next notice (or reconnect) tries again from the same position.
      log.error(`Application events: catch-up failed: ${(error as Error).message}`);
    } finally {
      this.catchingUp = false;
    }
  }

  private emit(event: HubEvent) {
    for (const subscriber of this.subscribers) subscriber(event);
  }
}

/** An entry of the change sequence as an SSE event with its seq as id. */
function encodeChange(change: ApplicationChange): Uint8Array {
  return encoder.encode(
    'removed' in change
      ? sseEvent('removed', { ids: [change.removed] }, change.seq)
      : sseEvent('application', change.application, change.seq),
  );
}

const hubs = new WeakMap<Database, ApplicationEventHub>();

/** The close functions of this process's open streams. */
const openStreams = new Set<() => void>();

/**
 * Ends every open stream cleanly (at shutdown): clients reconnect at once, to another process or
 * to this one restarted, and resume from their last event instead of waiting for a timeout.
 */
export function closeApplicationEventStreams() {
  for (const close of [...openStreams]) close();
}

/** This process's hub for `database` (tests open several databases in one process). */
export function applicationEventHub(database: Database = getDatabase()): ApplicationEventHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new ApplicationEventHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

export interface StreamOptions {
  /** Applies to the snapshot; change events carry every application (one may have left the filter). */
  filter: Partial<ApplicationFilter>;
  /** The Last-Event-ID of a reconnecting client. */
  lastEventId?: number;
  /**
   * The client's request: its signal aborts when the client goes away. The stream keeps the request
   * itself, not only its signal: a Request forwards the abort through a weak reference to its own
   * controller, so once a request is garbage-collected its signal never aborts (seen with Node 20
   * and 24), and the stream would outlive its client.
   */
  request: Request;
  /** Interval of the keep-alive comment. */
  heartbeatMs: number;
  /** Ends the stream when it aborts (its member's session ended). */
  until?: AbortSignal;
}

/**
 * The body of GET /api/applications/events: a snapshot (or, on a reconnect, the changes missed),
 * then every change as it happens, and a comment line every `heartbeatMs`.
 */
export function applicationEventStream(options: StreamOptions): ReadableStream<Uint8Array> {
  const hub = applicationEventHub();
  let close = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let position = 0;
      let ready = false;
      const waiting: HubEvent[] = [];
      let unsubscribe = () => {};
      const timers: { heartbeat?: ReturnType<typeof setInterval> } = {};

      close = () => {
        if (closed) return;
        closed = true;
        openStreams.delete(close);
        unsubscribe();
        clearInterval(timers.heartbeat);
        options.request.signal.removeEventListener('abort', close);
        options.until?.removeEventListener('abort', close);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      };
      const send = (chunk: Uint8Array) => {
        if (closed) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return close();
        controller.enqueue(chunk);
      };
      const deliver = (event: HubEvent) => {
        if (event.seq <= position) return;
        position = event.seq;
        send(event.chunk);
      };

      if (options.request.signal.aborted || options.until?.aborted) return close();
      openStreams.add(close);
      options.request.signal.addEventListener('abort', close, { once: true });
      options.until?.addEventListener('abort', close, { once: true });
      send(encoder.encode(sseRetry(RETRY_MS)));
      try {
        // Subscribe before reading, so that no change falls between what is read and what is heard.
        unsubscribe = await hub.subscribe((event) => (ready ? deliver(event) : waiting.push(event)));
        if (closed) return unsubscribe();
        position = await initialEvents(options, send);
      } catch (error) {
        log.error(`Application events: stream start failed: ${(error as Error).message}`);
        return close();
      }
      if (closed) return;
      ready = true;
      waiting.splice(0).forEach(deliver);
      timers.heartbeat = setInterval(() => send(encoder.encode(sseComment('keep-alive'))), options.heartbeatMs);
    },
    cancel() {
      close();
    },
  });
}

/** Sends the snapshot or the changes a reconnecting client missed; answers the stream's position. */
async function initialEvents(options: StreamOptions, send: (chunk: Uint8Array) => void): Promise<number> {
  const { lastEventId, filter } = options;
  const latest = await latestChangeSeq();
  if (lastEventId !== undefined && lastEventId <= latest) {
    const { changes, more } = await applicationsChangedSince(lastEventId, RESUME_LIMIT);
    if (!more) {
      for (const change of changes) send(encodeChange(change));
      return changes.at(-1)?.seq ?? lastEventId;
    }
  }
  // First connection, too far behind, or an id this database never gave (it was reset): a snapshot.
  // The position is read before the list, so a change in between is sent again, never skipped.
  const applications = await listApplications(filter);
  send(encoder.encode(sseEvent('snapshot', { applications }, latest)));
  return latest;
}
