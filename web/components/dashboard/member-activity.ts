// What the member does in the dashboard, for the idle timeout: the time of their last click, key
// press or scroll. Every team request tells the server how long ago that was (IDLE_HEADER, in
// teamFetch); a click that no request told of yet is reported within ACTIVITY_REPORT_MS
// (useActivityReports). The dashboard's own background requests (the placeholder check, the event
// stream, retries) tell the same old time, so a dashboard left open idles out.
import { useEffect } from 'react';
import { ACTIVITY_REPORT_MS } from '~/lib/team';

/** The member's last input; the page's start counts as one (they just opened or unlocked it). */
let lastInput = Date.now();
/** The last input a request has told the server of. */
let told = lastInput;

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Whole seconds since the member's last input, for a request to tell (and that input counts as told). */
export function idleSecondsToTell(now = Date.now()): number {
  told = lastInput;
  return Math.max(0, Math.floor((now - lastInput) / 1000));
}

/** Listens for the member's input while the signed-in area is shown. */
export function useMemberInput() {
  useEffect(() => {
    const note = () => {
      lastInput = Date.now();
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, note, { capture: true });
    };
  }, []);
}

/**
 * Every ACTIVITY_REPORT_MS: when the member did something that no request told of, `report` asks
 * the server something small (which tells it, like every team request).
 */
export function useActivityReports(report: () => void) {
  useEffect(() => {
    const timer = setInterval(() => {
      if (lastInput > told) report();
    }, ACTIVITY_REPORT_MS);
    return () => clearInterval(timer);
  }, [report]);
}
