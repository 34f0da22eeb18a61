import { describe, expect, test } from 'vitest';
import { curlyApostrophes, keepDashWithWord, typeset, unbreakableRuns } from './typography';

describe('typography', () => {
  test('a straight apostrophe between letters becomes ’; quotes elsewhere stay', () => {
    expect(curlyApostrophes("RIDER'S PERFECTION")).toBe('RIDER\u2019S PERFECTION');
    expect(curlyApostrophes("'zitiert' und geht's")).toBe("'zitiert' und geht\u2019s");
  });

  test('a spaced dash is tied to the word before it (no line starts with it)', () => {
    expect(keepDashWithWord('Reiten im Einklang – Bewegung, die verbindet')).toBe(
      'Reiten im Einklang\u00a0– Bewegung, die verbindet',
    );
    expect(keepDashWithWord('A — B')).toBe('A\u00a0— B');
    expect(keepDashWithWord('1:1-Coaching')).toBe('1:1-Coaching');
    expect(typeset("RIDER'S – X")).toBe('RIDER\u2019S\u00a0– X');
  });

  test('"E-Mail" is a run of its own that the page keeps on one line; the text is unchanged', () => {
    const runs = unbreakableRuns('Schreib uns eine E-Mail oder nutze die E-Mail-Adresse.');
    expect(runs).toEqual([
      { text: 'Schreib uns eine ', keep: false },
      { text: 'E-Mail', keep: true },
      { text: ' oder nutze die ', keep: false },
      { text: 'E-Mail', keep: true },
      { text: '-Adresse.', keep: false },
    ]);
    expect(runs.map((r) => r.text).join('')).toBe('Schreib uns eine E-Mail oder nutze die E-Mail-Adresse.');
    expect(unbreakableRuns('')).toEqual([{ text: '', keep: false }]);
    expect(unbreakableRuns('E-Mail')).toEqual([{ text: 'E-Mail', keep: true }]);
  });
});
