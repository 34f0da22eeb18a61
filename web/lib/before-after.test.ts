import { describe, expect, test } from 'vitest';
import { clampPosition, descriptionSide, positionAfterKey, positionFromPointer, START_POSITION } from './before-after';

describe('before/after text choice', () => {
  test('starts in the middle of the picture, which shows the "after" description', () => {
    expect(positionFromPointer(200, 100, 200)).toBe(START_POSITION);
    expect(descriptionSide(START_POSITION)).toBe('after');
  });
  test('at 50 or less the "after" text, above 50 the "before" text', () => {
    expect(descriptionSide(0)).toBe('after');
    expect(descriptionSide(50)).toBe('after');
    expect(descriptionSide(50.01)).toBe('before');
    expect(descriptionSide(100)).toBe('before');
  });
});

describe('divider position', () => {
  test('is clamped to 0–100', () => {
    expect(clampPosition(-20)).toBe(0);
    expect(clampPosition(140)).toBe(100);
    expect(clampPosition(33)).toBe(33);
  });
  test('follows the pointer within the picture', () => {
    expect(positionFromPointer(150, 100, 200)).toBe(25);
    expect(positionFromPointer(0, 100, 200)).toBe(0);
    expect(positionFromPointer(500, 100, 200)).toBe(100);
    expect(positionFromPointer(10, 0, 0)).toBe(50);
  });
  test('keys move it: arrows by 1, page keys by 10, Home and End to the ends', () => {
    expect(positionAfterKey(50, 'ArrowRight')).toBe(51);
    expect(positionAfterKey(50, 'ArrowLeft')).toBe(49);
    expect(positionAfterKey(50, 'ArrowUp')).toBe(51);
    expect(positionAfterKey(50, 'PageDown')).toBe(40);
    expect(positionAfterKey(95, 'PageUp')).toBe(100);
    expect(positionAfterKey(0, 'ArrowLeft')).toBe(0);
    expect(positionAfterKey(42, 'Home')).toBe(0);
    expect(positionAfterKey(42, 'End')).toBe(100);
    expect(positionAfterKey(42, 'a')).toBeUndefined();
  });
});
