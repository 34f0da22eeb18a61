import { describe, expect, test } from 'vitest';
import { keyCommand, nextCardIndex } from './review-keys';

describe('review keys', () => {
  test('j/k move, a/r/p set the status', () => {
    expect(keyCommand({ key: 'j' })).toEqual({ kind: 'move', by: 1 });
    expect(keyCommand({ key: 'k' })).toEqual({ kind: 'move', by: -1 });
    expect(keyCommand({ key: 'a', targetTag: 'article' })).toEqual({ kind: 'status', status: 'approved' });
    expect(keyCommand({ key: 'r', targetTag: 'BUTTON' })).toEqual({ kind: 'status', status: 'rejected' });
    expect(keyCommand({ key: 'p' })).toEqual({ kind: 'status', status: 'pending' });
  });

  test('u undoes a decision while its mail waits', () => {
    expect(keyCommand({ key: 'u', targetTag: 'article' })).toEqual({ kind: 'undo' });
    expect(keyCommand({ key: 'u', targetTag: 'input' })).toBeNull();
    expect(keyCommand({ key: 'u', ctrlKey: true })).toBeNull();
  });

  test('keys typed into fields, with modifiers, or other keys are left alone', () => {
    expect(keyCommand({ key: 'a', targetTag: 'input' })).toBeNull();
    expect(keyCommand({ key: 'j', targetTag: 'TEXTAREA' })).toBeNull();
    expect(keyCommand({ key: 'j', targetTag: 'select' })).toBeNull();
    expect(keyCommand({ key: 'a', targetTag: 'div', targetEditable: true })).toBeNull();
    expect(keyCommand({ key: 'r', ctrlKey: true })).toBeNull();
    expect(keyCommand({ key: 'a', metaKey: true })).toBeNull();
    expect(keyCommand({ key: 'j', altKey: true })).toBeNull();
    expect(keyCommand({ key: 'J' })).toBeNull();
    expect(keyCommand({ key: 'x' })).toBeNull();
    expect(keyCommand({ key: 'Enter' })).toBeNull();
  });
});

describe('moving between cards', () => {
  test('from nowhere to the first (down) or the last (up); stops at both ends', () => {
    expect(nextCardIndex(-1, 1, 3)).toBe(0);
    expect(nextCardIndex(-1, -1, 3)).toBe(2);
    expect(nextCardIndex(0, 1, 3)).toBe(1);
    expect(nextCardIndex(2, 1, 3)).toBe(2);
    expect(nextCardIndex(0, -1, 3)).toBe(0);
    expect(nextCardIndex(7, 1, 3)).toBe(0);
    expect(nextCardIndex(-1, 1, 0)).toBe(-1);
  });
});
