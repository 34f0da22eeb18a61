import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { charactersOutsideSubset, inSubset, subsetCharacters, unicodeRange } from './font-subset';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('font subset', () => {
  test('the unicode-range of both subset faces in after-first-paint.css is the subset', () => {
    const ranges = [...read('web/styles/after-first-paint.css').matchAll(/unicode-range:\s*([^;]+);/g)].map((m) =>
      m[1]!.replace(/\s+/g, ' ').trim(),
    );
    expect(ranges).toEqual([unicodeRange(), unicodeRange()]);
  });

  test('covers German text, names and the typography in use; not other scripts', () => {
    expect(charactersOutsideSubset('Größe „Übung“ – Zoë, François… 0 € § 5 → ©')).toEqual([]);
    expect(charactersOutsideSubset('Łukasz Ωmega')).toEqual(['Ł', 'Ω']);
    expect(inSubset('\u00a0')).toBe(true);
    expect(subsetCharacters()).toContain('ß');
    expect(subsetCharacters().length).toBeLessThan(200);
  });

  test('every character of the bundled content and the UI texts is in the subset (none drawn in the fallback face)', () => {
    // Every fixed UI text lives in web/copy/ (one module per feature), whatever its modules are called.
    const copy = readdirSync(path.join(ROOT, 'web/copy'))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `web/copy/${file}`);
    expect(copy.length).toBeGreaterThan(0);
    const texts = ['content/dataset.ndjson', ...copy].map(read);
    expect(charactersOutsideSubset(texts.join('\n'))).toEqual([]);
  });
});
