import { describe, expect, test } from 'vitest';
import { filledHoneypot, HONEYPOT_FIELD } from './honeypot';

describe('the one honeypot of the public forms', () => {
  test('a JSON body and a posted form are judged alike', () => {
    for (const [value, bot] of [
      [undefined, false],
      ['', false],
      ['  ', false],
      ['http://spam.example', true],
    ] as const) {
      const body: Record<string, string> = value === undefined ? {} : { [HONEYPOT_FIELD]: value };
      expect(filledHoneypot(body), String(value)).toBe(bot);
      expect(filledHoneypot(new URLSearchParams(body)), String(value)).toBe(bot);
    }
    // Only a script sends something other than a string.
    expect(filledHoneypot({ [HONEYPOT_FIELD]: 1 })).toBe(true);
    expect(filledHoneypot({ [HONEYPOT_FIELD]: null })).toBe(false);
  });
});
