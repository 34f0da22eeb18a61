// Reviewing with the keyboard: j/k move between the cards, a/r/p set the focused card's status, u
// undoes a decision while its mail waits (the focused card's, else the last one made here). Keys typed into a field, or pressed with a modifier (browser and screen-reader shortcuts), are
// never taken.
import type { ApplicationStatus } from '../../lib/applications';

export type KeyCommand =
  { kind: 'move'; by: 1 | -1 } | { kind: 'status'; status: ApplicationStatus } | { kind: 'undo' };

const COMMANDS: Record<string, KeyCommand> = {
  j: { kind: 'move', by: 1 },
  k: { kind: 'move', by: -1 },
  a: { kind: 'status', status: 'approved' },
  r: { kind: 'status', status: 'rejected' },
  p: { kind: 'status', status: 'pending' },
  u: { kind: 'undo' },
};

export interface KeyInput {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** The focused element's tag name (any case) and whether it is editable. */
  targetTag?: string;
  targetEditable?: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** The command a key press means, or null when the page should leave it alone. */
export function keyCommand(event: KeyInput): KeyCommand | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.targetEditable || TYPING_TAGS.has((event.targetTag ?? '').toUpperCase())) return null;
  return COMMANDS[event.key] ?? null;
}

/**
 * The card to focus after moving `by` from `current` (-1: none focused yet) among `count` cards:
 * the first card (or the last, moving up) when none was focused; it stops at either end.
 */
export function nextCardIndex(current: number, by: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return by === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + by));
}
