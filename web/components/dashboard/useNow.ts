// The page's clock for countdowns: the current time, rounded up to the second, read when a
// component renders and, while `ticking`, every second after. One external store, so that reading
// the clock is no side effect of rendering.
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  // A quarter second, so that a new second shows within 250 ms of its start.
  const timer = setInterval(onChange, 250);
  return () => clearInterval(timer);
};
const still = () => () => {};
const currentSecond = () => Math.ceil(Date.now() / 1000) * 1000;

export function useNow(ticking: boolean): number {
  return useSyncExternalStore(ticking ? subscribe : still, currentSecond, currentSecond);
}
