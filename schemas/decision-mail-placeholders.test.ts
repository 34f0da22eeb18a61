import { describe, expect, test } from 'vitest';
import { fillPlaceholders, placeholderProblem } from './decision-mail-placeholders';

describe('decision mail placeholders', () => {
  test('{vorname} and {teammitglied} are known, in any case and with spaces', () => {
    expect(placeholderProblem('Hallo {vorname}, viele Grüße {Teammitglied} und { VORNAME }')).toBeUndefined();
    expect(placeholderProblem('Ohne Platzhalter')).toBeUndefined();
  });

  test('anything else between braces, or a lone brace, is refused with a German message', () => {
    expect(placeholderProblem('Deine Nachricht: {nachricht}')).toBe(
      'Unbekannter Platzhalter „{nachricht}“. Erlaubt sind {vorname} und {teammitglied}.',
    );
    expect(placeholderProblem('Hallo {vorname')).toMatch(/^Eine geschweifte Klammer ist nicht geschlossen/);
    expect(placeholderProblem('Hallo vorname}')).toMatch(/^Eine geschweifte Klammer/);
  });

  test('filled in with their values', () => {
    expect(fillPlaceholders('Hallo {Vorname}, {teammitglied}', { vorname: 'Anna', teammitglied: 'Lena' })).toBe(
      'Hallo Anna, Lena',
    );
  });
});
