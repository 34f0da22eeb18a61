// The live list of applications: one event stream (fetch + eventsource-parser rather than
// EventSource, because EventSource cannot send the Authorization header and the token must never
// be put in a URL). The stream starts with a snapshot, then sends every change; after a break it
// reconnects with Last-Event-ID (the server replays what was missed, or sends a fresh snapshot),
// waiting longer after each failure. While the stream is down, the plain list request keeps the
// page filled.
import { createParser } from 'eventsource-parser';
import { useEffect, useReducer, useState } from 'react';
import { fetchApplications, sessionEnded, teamFetch } from '~/components/dashboard/team-api';
import {
  applicationsReducer,
  INITIAL_APPLICATIONS,
  parseStreamEvent,
  reconnectDelay,
} from '~/components/dashboard/applications-state';

export type Connection = 'connecting' | 'live' | 'offline';

/** The server sends a comment every 25 s; this long without a byte means the connection is dead. */
const SILENCE_MS = 60_000;

export function useApplicationFeed(token: string, onAuthError: () => void) {
  const [state, dispatch] = useReducer(applicationsReducer, INITIAL_APPLICATIONS);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let stopped = false;
    let lastEventId: string | undefined;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let current: AbortController | undefined;
    // Bumped on every stream event: a list answer that started before it is older, and dropped.
    let generation = 0;
    let loaded = false;

    const authFailed = () => {
      stopped = true;
      current?.abort();
      onAuthError();
    };

    /** Replaces the list with the server's; false when a stream event overtook the answer (then it is dropped). */
    async function fillFromList(): Promise<boolean> {
      const started = generation;
      const answer = await fetchApplications(token);
      if (sessionEnded(answer)) authFailed();
      else if (!answer.ok && !stopped && !loaded) setLoadFailed(true);
      if (!answer.ok || stopped || started !== generation) return false;
      dispatch({ type: 'snapshot', applications: answer.value });
      loaded = true;
      setLoadFailed(false);
      return true;
    }

    // A resumed stream replays changes, but not deletions made while this page was away: the list
    // is read once more to drop those. A stream event during that read makes the answer stale, so
    // it is read again a moment later (a few times at most).
    let resyncTimer: ReturnType<typeof setTimeout> | undefined;
    function resync(tries: number) {
      clearTimeout(resyncTimer);
      void fillFromList().then((applied) => {
        if (!applied && !stopped && tries > 1) resyncTimer = setTimeout(() => resync(tries - 1), 1000);
      });
    }

    async function connect() {
      clearTimeout(retryTimer);
      current?.abort();
      const controller = new AbortController();
      current = controller;
      let silence: ReturnType<typeof setTimeout> | undefined;
      const watch = () => {
        clearTimeout(silence);
        silence = setTimeout(() => controller.abort(), SILENCE_MS);
      };
      try {
        watch();
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const response = await teamFetch(token, '/api/applications/events', { headers, signal: controller.signal });
        // The token stopped working (a 401, as every team call's `sessionEnded`): the page locks.
        if (response.status === 401) return authFailed();
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        attempt = 0;
        setConnection('live');
        if (lastEventId) resync(3);
        const parser = createParser({
          onEvent(message) {
            if (message.id) lastEventId = message.id;
            const action = parseStreamEvent(message.event, message.data);
            if (!action) return;
            generation += 1;
            dispatch(action);
            if (action.type === 'snapshot') {
              loaded = true;
              setLoadFailed(false);
            }
          },
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          watch();
          parser.feed(value);
        }
        throw new Error('The event stream ended');
      } catch {
        if (stopped || current !== controller) return;
        setConnection('offline');
        void fillFromList();
        retryTimer = setTimeout(() => void connect(), reconnectDelay(attempt++));
      } finally {
        clearTimeout(silence);
      }
    }

    // The browser knows when the network goes and comes back: show it at once, and resync at once
    // when back instead of waiting out the backoff.
    const onOffline = () => {
      setConnection('offline');
      current?.abort();
    };
    const onOnline = () => {
      attempt = 0;
      void connect();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(resyncTimer);
      current?.abort();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [token, onAuthError]);

  return { state, dispatch, connection, loadFailed };
}
