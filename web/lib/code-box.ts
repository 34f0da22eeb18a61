// The five single-character boxes of the mentee/mentor code, as pure state transitions: the
// component reads an input event or a key, calls one of these, and renders the answer (the boxes'
// values and which box has focus). No DOM here. The code's length is where its texts state it.
import { CODE_LENGTH } from '~/copy/limits';

/** One character of a code: a letter or a digit (upper-cased before this test). */
const CODE_CHAR = /^[A-Z0-9]$/;

export type Cells = readonly string[];
export interface CodeBoxState {
  cells: Cells;
  /** The index of the box that should have focus. */
  focus: number;
}

export const emptyCells = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

const clampIndex = (i: number) => Math.min(CODE_LENGTH - 1, Math.max(0, i));

/** The letters and digits of `text`, upper-cased, everything else dropped. */
export function codeChars(text: string): string[] {
  return [...text.toUpperCase()].filter((c) => CODE_CHAR.test(c));
}

/** The code the boxes spell (the empty ones left out). */
export const codeOf = (cells: Cells) => cells.join('');
export const isComplete = (cells: Cells) => cells.every((c) => c !== '');

/**
 * Text arrived in box `index` (a typed character, or a paste / one-time-code autofill of several).
 * A single character replaces the box's value and moves focus on. Several characters fill the boxes
 * from `index` on, except a whole code (five or more), which fills all boxes from the first.
 * Anything that is not a letter or a digit is ignored.
 */
export function enterText(cells: Cells, index: number, text: string): CodeBoxState {
  const chars = codeChars(text);
  if (chars.length === 0) return { cells, focus: index };
  const start = chars.length >= CODE_LENGTH ? 0 : index;
  const next = [...cells];
  const written = chars.slice(0, CODE_LENGTH - start);
  written.forEach((c, i) => (next[start + i] = c));
  return { cells: next, focus: clampIndex(start + written.length) };
}

/**
 * The value an input reports after typing into a box that already held a character (e.g. "AB" or
 * "BA" depending on the caret): the new character is the one that is not the old value.
 */
export function typedIntoBox(previous: string, value: string): string {
  if (value.length === 2 && previous && value.includes(previous)) {
    return value.startsWith(previous) ? value.slice(1) : value.slice(0, 1);
  }
  return value;
}

/** Keys the boxes handle themselves; `handled: false` means the browser's default should run. */
export function pressKey(cells: Cells, index: number, key: string): CodeBoxState & { handled: boolean } {
  switch (key) {
    case 'Backspace': {
      const next = [...cells];
      if (next[index]) {
        next[index] = '';
        return { cells: next, focus: index, handled: true };
      }
      // An empty box: go back and clear the box before, as one expects when deleting a code.
      if (index === 0) return { cells, focus: 0, handled: true };
      next[index - 1] = '';
      return { cells: next, focus: index - 1, handled: true };
    }
    case 'Delete': {
      const next = [...cells];
      next[index] = '';
      return { cells: next, focus: index, handled: true };
    }
    case 'ArrowLeft':
      return { cells, focus: clampIndex(index - 1), handled: true };
    case 'ArrowRight':
      return { cells, focus: clampIndex(index + 1), handled: true };
    case 'Home':
      return { cells, focus: 0, handled: true };
    case 'End':
      return { cells, focus: CODE_LENGTH - 1, handled: true };
    default:
      return { cells, focus: index, handled: false };
  }
}
