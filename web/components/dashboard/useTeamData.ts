// A dashboard view's data from the team API: loaded when the view opens and whenever `key`
// changes, retried by itself after a failure (the view keeps what it showed), and handed to the
// page's lock when the token stopped working.
import { useEffect, useRef, useState } from 'react';
import { TeamAuthError } from '~/components/dashboard/team-api';

export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** Loads `load()` again whenever `key` changes; retries a failure by itself after a while. */
export function useTeamData<T>(load: () => Promise<T>, key: string, onAuthError: () => void): Load<T> {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  // `load` is a new closure on every render; `key` says when it asks for something else.
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const load = latest.current;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (attempt: number) =>
      load().then(
        (value) => !stopped && setResult({ state: 'ready', value }),
        (error: unknown) => {
          if (stopped) return;
          if (error instanceof TeamAuthError) return onAuthError();
          setResult((r) => (r.state === 'ready' ? r : { state: 'failed' }));
          timer = setTimeout(() => void run(attempt + 1), Math.min(30_000, 2000 * 2 ** attempt));
        },
      );
    void run(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, onAuthError]);
  return result;
}
