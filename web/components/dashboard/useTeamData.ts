// A dashboard view's data from the team API, the one way every view loads: loaded when the view
// opens and whenever `key` changes, retried by itself after a failure (the view keeps what it
// showed), the request aborted when the view goes, and handed to the page's lock when the token
// stopped working.
import { useEffect, useRef, useState } from 'react';
import { sessionEnded } from '~/components/dashboard/team-api';
import type { Answer } from '~/lib/api-answer';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

interface TeamDataOptions {
  /**
   * While a new key loads, show the last key's value (true), or `loading` (false: for a view whose
   * figures must never be read as another range's).
   */
  keepShown?: boolean;
  /** Load again this long after each answer (the view stays as it is meanwhile). */
  refreshMs?: number;
}

/** The wait before retry `attempt` (0-based) of a failed load: 2 s, doubling, at most 30 s. */
export const retryDelay = (attempt: number) => Math.min(30_000, 2000 * 2 ** attempt);

/**
 * Runs `load` until it answers a value: a refusal (or a load that throws) is reported and retried
 * after `retryDelay`, a refusal that says the session ended is reported and ends it; with
 * `refreshMs` a value is asked again after that long. Answers the stop: it aborts the request in
 * flight, and nothing is reported after it.
 */
export function loadWithRetry<T>(
  load: (signal: AbortSignal) => Promise<Answer<T>>,
  report: { ready: (value: T) => void; failed: () => void; authFailed: () => void },
  refreshMs?: number,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (attempt: number) => {
    const failed = () => {
      if (controller.signal.aborted) return;
      report.failed();
      timer = setTimeout(() => run(attempt + 1), retryDelay(attempt));
    };
    void load(controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      if (sessionEnded(answer)) return report.authFailed();
      if (!answer.ok) return failed();
      report.ready(answer.value);
      if (refreshMs) timer = setTimeout(() => run(0), refreshMs);
    }, failed);
  };
  run(0);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

/**
 * Loads `load(signal)` whenever `key` changes (nothing while `key` is null); retries a failure by
 * itself, and aborts the request in flight when the key changes or the view goes.
 */
export function useTeamData<T>(
  load: (signal: AbortSignal) => Promise<Answer<T>>,
  key: string | null,
  onAuthError: () => void,
  { keepShown = true, refreshMs }: TeamDataOptions = {},
): Load<T> {
  const [shown, setShown] = useState<{ key: string | null; load: Load<T> }>({ key: null, load: { state: 'loading' } });
  // `load` is a new closure on every render; `key` says when it asks for something else.
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    if (key === null) return;
    return loadWithRetry(
      (signal) => latest.current(signal),
      {
        ready: (value) => setShown({ key, load: { state: 'ready', value } }),
        // The view keeps what it showed (of this key, or of any while `keepShown`).
        failed: () =>
          setShown((s) =>
            s.load.state === 'ready' && (keepShown || s.key === key) ? s : { key, load: { state: 'failed' } },
          ),
        authFailed: onAuthError,
      },
      refreshMs,
    );
  }, [key, onAuthError, keepShown, refreshMs]);
  return keepShown || shown.key === key ? shown.load : { state: 'loading' };
}
