// Open live streams of team members end when their session ends (sign-out, removal, a role change,
// a password reset, the idle timeout, 12 hours), whatever ended it and on whichever instance: every
// process asks the database every WATCH_INTERVAL_MS about the sessions of its open streams, in one
// query for all of them, and aborts the streams whose session no longer counts.
import { log } from '../log.server';
import { sessionStates } from './sessions.server';

/** How often the sessions of open streams are checked (a stream closes within this, plus the query). */
export const WATCH_INTERVAL_MS = 2000;

const watched = new Map<string, Set<AbortController>>();
let timer: ReturnType<typeof setInterval> | undefined;
let checking = false;

async function check() {
  if (checking || !watched.size) return;
  checking = true;
  try {
    const states = await sessionStates([...watched.keys()]);
    for (const [sessionId, state] of states) {
      if (state === 'active') continue;
      for (const controller of watched.get(sessionId) ?? []) controller.abort();
      watched.delete(sessionId);
    }
  } catch (error) {
    // The database may be away for a moment: the next round decides.
    log.warn({ err: error }, 'Team: checking the sessions of open streams failed');
  } finally {
    checking = false;
    if (!watched.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }
}

/**
 * A signal that aborts when the session `sessionId` ends (checked every WATCH_INTERVAL_MS). The
 * watch ends by itself when `until` aborts (the client went away).
 */
export function watchSession(sessionId: string, until: AbortSignal): AbortSignal {
  const controller = new AbortController();
  if (until.aborted) {
    controller.abort();
    return controller.signal;
  }
  let set = watched.get(sessionId);
  if (!set) watched.set(sessionId, (set = new Set()));
  set.add(controller);
  const forget = () => {
    const current = watched.get(sessionId);
    current?.delete(controller);
    if (current && !current.size) watched.delete(sessionId);
  };
  until.addEventListener('abort', forget, { once: true });
  controller.signal.addEventListener('abort', () => until.removeEventListener('abort', forget), { once: true });
  if (!timer) {
    timer = setInterval(() => void check(), WATCH_INTERVAL_MS);
    timer.unref();
  }
  return controller.signal;
}
