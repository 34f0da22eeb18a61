import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Answer, Refusal } from '~/lib/api-answer';
import { loadWithRetry, retryDelay } from './useTeamData';

const refusal = (status: number): Refusal => ({ ok: false, status, message: `HTTP ${status}`, body: {} });
const value = <T>(v: T): Answer<T> => ({ ok: true, value: v });

function reporter() {
  const seen: string[] = [];
  return {
    seen,
    report: {
      ready: (value: unknown) => seen.push(`ready ${String(value)}`),
      failed: () => seen.push('failed'),
      authFailed: () => seen.push('auth'),
    },
  };
}

describe('a dashboard view loading its data', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('stopping (the view went) aborts the request in flight, and its late answer is dropped', async () => {
    const { seen, report } = reporter();
    let signal: AbortSignal | undefined;
    let answer: (value: Answer<string>) => void = () => {};
    const stop = loadWithRetry((s) => {
      signal = s;
      return new Promise<Answer<string>>((resolve) => (answer = resolve));
    }, report);
    expect(signal?.aborted).toBe(false);
    stop();
    expect(signal?.aborted).toBe(true);
    answer(value('late'));
    await vi.runAllTimersAsync();
    expect(seen).toEqual([]);
  });

  test('a failure is shown and retried by itself, waiting longer each time', async () => {
    const { seen, report } = reporter();
    // A refused load, and one that threw (a bug in a view's load), are both retried.
    const answers = [refusal(502), new Error('502'), value('figures')];
    const load = vi.fn(() => {
      const answer = answers.shift()!;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    });
    const stop = loadWithRetry(load, report);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['failed']);
    await vi.advanceTimersByTimeAsync(retryDelay(0));
    expect(seen).toEqual(['failed', 'failed']);
    await vi.advanceTimersByTimeAsync(retryDelay(1) - 1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual(['failed', 'failed', 'ready figures']);
    stop();
  });

  test('a token that stopped working hands over to the lock, with no retry', async () => {
    const { seen, report } = reporter();
    const load = vi.fn(() => Promise.resolve(refusal(401)));
    loadWithRetry(load, report);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual(['auth']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('with a refresh interval the answer is asked again after it', async () => {
    const { seen, report } = reporter();
    let n = 0;
    const stop = loadWithRetry(() => Promise.resolve(value(++n)), report, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual(['ready 1', 'ready 2']);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(seen).toEqual(['ready 1', 'ready 2']);
  });
});
