import { describe, expect, test } from 'vitest';
import { etagMatches, pickEncoding } from './http-negotiation.server';

const both = { br: true, gzip: true };

describe('pickEncoding', () => {
  test.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', 'identity'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0.5, identity;q=1', 'identity'],
    ['gzip;q=nonsense', 'identity'],
    [' br ; q=1 , gzip', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header, both)).toBe(expected);
  });

  test('only what is available', () => {
    expect(pickEncoding('br, gzip', { br: false, gzip: true })).toBe('gzip');
    expect(pickEncoding('br', { br: false, gzip: true })).toBe('identity');
    expect(pickEncoding('br, gzip', { br: false, gzip: false })).toBe('identity');
  });
});

describe('etagMatches', () => {
  test.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"abcd"', false],
    ['*', true],
    ['abc', false],
  ])('%j', (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});
