// Publishing without depending on one webhook call: Sanity's Live Content API streams an event for
// every change to published content (`client.live.events()`, Server-Sent Events). Each one is
// reported, and so is every (re)connection: a `welcome` after a lost connection, or a `restart`
// (the position to resume from is gone), may follow publishes that were missed meanwhile, and the
// caller's content sync, which compares fingerprints, makes an extra report cheap. Every instance
// follows the stream itself (decision record 036); it reconnects by itself after a
// network error (resuming with Last-Event-ID), and after a refusal it is opened again, less often
// each time.
import type { LiveEvent } from '@sanity/client';
import { sanityConfig } from '../config.server';
import { log } from '../log.server';
import { sanityClient } from './source.server';

/** Pauses before opening the stream again after it failed or was refused (the last one repeats). */
const RESUBSCRIBE_MS = [1_000, 5_000, 15_000, 60_000];
/** The request tag (Sanity's request log shows it). */
const TAG = 'site.live';

/** What happened: a publish (`message <event id>`), a (re)connection (`welcome`), or a `restart`. */
export type LiveChange = (detail: string) => void;

/**
 * Follows the live events of the configured Sanity project and calls `onChange` on each publish and
 * each (re)connection. Without a Sanity project there is nothing to follow. Returns `stop`.
 */
export function followPublishes(onChange: LiveChange): () => void {
  const config = sanityConfig();
  const { projectId } = config;
  if (!projectId) return () => {};
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const again = (why: string) => {
    unsubscribe?.();
    unsubscribe = undefined;
    if (stopped || timer) return;
    const delay = RESUBSCRIBE_MS[Math.min(failures, RESUBSCRIBE_MS.length - 1)]!;
    failures++;
    log.warn(`Sanity live events: ${why}; opening the stream again in ${delay / 1000} s`);
    timer = setTimeout(() => {
      timer = undefined;
      void subscribe();
    }, delay);
  };

  const handle = (event: LiveEvent) => {
    switch (event.type) {
      case 'welcome':
        failures = 0;
        log.info('Sanity live events: connected');
        onChange('welcome');
        break;
      case 'message':
        onChange(`message ${event.id}`);
        break;
      case 'restart':
        onChange('restart');
        break;
      case 'reconnect':
        log.warn('Sanity live events: connection lost, reconnecting');
        break;
      case 'goaway':
        again(`the API closed the stream (${event.reason})`);
        break;
    }
  };

  async function subscribe() {
    if (stopped) return;
    try {
      const client = await sanityClient({
        projectId: projectId!,
        dataset: config.dataset,
        token: config.token,
        apiHost: config.apiHost,
      });
      if (stopped) return;
      const subscription = client.live.events({ tag: TAG }).subscribe({
        next: handle,
        error: (error: unknown) => again(error instanceof Error ? error.message : String(error)),
        complete: () => again('the stream ended'),
      });
      unsubscribe = () => subscription.unsubscribe();
    } catch (error) {
      again((error as Error).message);
    }
  }

  void subscribe();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe?.();
    unsubscribe = undefined;
  };
}
