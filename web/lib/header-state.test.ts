import { describe, expect, test } from 'vitest';
import { initialHeaderState, nextHeaderState, type HeaderState } from './header-state';

const scrollThrough = (positions: number[], start = initialHeaderState()) =>
  positions.reduce<HeaderState>((state, y) => nextHeaderState(state, y), start);

describe('header state from scroll positions', () => {
  test('stays visible while scrolling down within the first 100 px', () => {
    expect(scrollThrough([40, 80, 100]).hidden).toBe(false);
  });
  test('hides when scrolling down after 100 px', () => {
    expect(scrollThrough([50, 101]).hidden).toBe(true);
    expect(scrollThrough([150, 250]).hidden).toBe(true);
  });
  test('shows again on upward scroll', () => {
    expect(scrollThrough([500, 900, 880]).hidden).toBe(false);
  });
  test('no movement keeps the state', () => {
    expect(scrollThrough([500, 500]).hidden).toBe(true);
    expect(scrollThrough([500, 400, 400]).hidden).toBe(false);
  });
  test('is visible again back at the top', () => {
    expect(scrollThrough([600, 1200, 60]).hidden).toBe(false);
  });
  test('the "scrolled" style applies from 300 px', () => {
    expect(scrollThrough([299]).scrolled).toBe(false);
    expect(scrollThrough([300]).scrolled).toBe(true);
    expect(scrollThrough([800, 299]).scrolled).toBe(false);
  });
  test('the floating logo appears after 200 px of downward scroll and stays while above 200 px', () => {
    expect(scrollThrough([200]).floatingLogo).toBe(false);
    expect(scrollThrough([201]).floatingLogo).toBe(true);
    expect(scrollThrough([600, 500]).floatingLogo).toBe(true);
    expect(scrollThrough([600, 150]).floatingLogo).toBe(false);
  });
  test('a page opened mid-way starts visible with the matching styles', () => {
    expect(initialHeaderState(1000)).toEqual({ hidden: false, scrolled: true, floatingLogo: true, y: 1000 });
  });
  test('negative overscroll counts as the top', () => {
    expect(scrollThrough([500, -40])).toMatchObject({ hidden: false, y: 0 });
  });
});
