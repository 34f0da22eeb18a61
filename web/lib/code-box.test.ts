import { describe, expect, test } from 'vitest';
import { codeChars, codeOf, emptyCells, enterText, isComplete, pressKey, typedIntoBox } from './code-box';

const cells = (code: string) => [...code.padEnd(5, ' ')].map((c) => (c === ' ' ? '' : c));

describe('typing', () => {
  test('a typed character is upper-cased and focus advances', () => {
    expect(enterText(emptyCells(), 0, 'a')).toEqual({ cells: cells('A'), focus: 1 });
    expect(enterText(cells('AB'), 2, 'x')).toEqual({ cells: cells('ABX'), focus: 3 });
  });

  test('typing into the last box keeps focus there', () => {
    expect(enterText(cells('ABCD'), 4, '9')).toEqual({ cells: cells('ABCD9'), focus: 4 });
  });

  test('typing into a filled box replaces its character', () => {
    expect(enterText(cells('ABC'), 1, 'z')).toEqual({ cells: cells('AZC'), focus: 2 });
  });

  test('characters that are not letters or digits are ignored', () => {
    for (const text of ['-', ' ', 'ä', '!', '\u200b', '']) {
      expect(enterText(cells('AB'), 2, text), JSON.stringify(text)).toEqual({ cells: cells('AB'), focus: 2 });
    }
  });

  test('the new character is found when the box already held one', () => {
    expect(typedIntoBox('A', 'AB')).toBe('B');
    expect(typedIntoBox('A', 'BA')).toBe('B');
    expect(typedIntoBox('', 'c')).toBe('c');
    expect(typedIntoBox('A', 'MENTO')).toBe('MENTO');
  });
});

describe('pasting', () => {
  test('a whole code fills all five boxes from the first, whichever box it was pasted into', () => {
    for (const index of [0, 2, 4]) {
      expect(enterText(emptyCells(), index, 'mento')).toEqual({ cells: cells('MENTO'), focus: 4 });
    }
  });

  test('separators and spaces in a pasted code are dropped', () => {
    expect(codeOf(enterText(emptyCells(), 0, ' me-n to\n').cells)).toBe('MENTO');
  });

  test('a longer paste keeps the first five characters', () => {
    expect(codeOf(enterText(emptyCells(), 3, 'ABCDEFG').cells)).toBe('ABCDE');
  });

  test('part of a code fills from the box it was pasted into', () => {
    expect(enterText(cells('AB'), 2, 'cd')).toEqual({ cells: cells('ABCD'), focus: 4 });
    expect(enterText(emptyCells(), 3, 'xyz')).toEqual({ cells: cells('   XY'), focus: 4 });
  });
});

describe('keys', () => {
  test('Backspace on a filled box clears it and stays', () => {
    expect(pressKey(cells('ABC'), 2, 'Backspace')).toEqual({ cells: cells('AB'), focus: 2, handled: true });
  });

  test('Backspace on an empty box goes back and clears the box before', () => {
    expect(pressKey(cells('ABC'), 3, 'Backspace')).toEqual({ cells: cells('AB'), focus: 2, handled: true });
    expect(pressKey(emptyCells(), 0, 'Backspace')).toEqual({ cells: emptyCells(), focus: 0, handled: true });
  });

  test('arrows, Home and End move focus within the five boxes', () => {
    const c = cells('ABCDE');
    expect(pressKey(c, 2, 'ArrowLeft').focus).toBe(1);
    expect(pressKey(c, 0, 'ArrowLeft').focus).toBe(0);
    expect(pressKey(c, 2, 'ArrowRight').focus).toBe(3);
    expect(pressKey(c, 4, 'ArrowRight').focus).toBe(4);
    expect(pressKey(c, 3, 'Home').focus).toBe(0);
    expect(pressKey(c, 1, 'End').focus).toBe(4);
    expect(pressKey(c, 2, 'ArrowLeft').cells).toBe(c);
  });

  test('Delete clears the box in place; other keys are left to the browser', () => {
    expect(pressKey(cells('ABC'), 1, 'Delete')).toEqual({ cells: ['A', '', 'C', '', ''], focus: 1, handled: true });
    expect(pressKey(cells('ABC'), 1, 'Tab').handled).toBe(false);
    expect(pressKey(cells('ABC'), 1, 'Enter').handled).toBe(false);
  });
});

test('a code is complete when all five boxes hold a character', () => {
  expect(isComplete(cells('ABCDE'))).toBe(true);
  expect(isComplete(cells('ABCD'))).toBe(false);
  expect(codeChars('a1-b2')).toEqual(['A', '1', 'B', '2']);
});
