// The characters of the self-hosted font subsets (web/assets/fonts, made by
// `npm run fonts:subset`): German text, accented letters of names, and the typography the content
// uses. They are the only faces of their families (web/styles/after-first-paint.css): a character outside this
// range is drawn in the size-adjusted fallback face.

/** Inclusive code point ranges. */
const SUBSET_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xa0], // no-break space
  [0xa7, 0xa7], // §
  [0xa9, 0xa9], // ©
  [0xab, 0xab], // «
  [0xad, 0xad], // soft hyphen
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xbb, 0xbb], // »
  [0xc0, 0xff], // À–ÿ (Ä Ö Ü ä ö ü ß é …, × ÷)
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2190, 0x2190], // ←
  [0x2192, 0x2192], // →
];

const hex = (n: number) => n.toString(16).toUpperCase();

/** The ranges as a CSS `unicode-range` value. */
export function unicodeRange(ranges = SUBSET_RANGES): string {
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** Every character of the subset, as one string (the input of the subsetter). */
export function subsetCharacters(ranges = SUBSET_RANGES): string {
  let text = '';
  for (const [a, b] of ranges) for (let c = a; c <= b; c++) text += String.fromCodePoint(c);
  return text;
}

export function inSubset(char: string, ranges = SUBSET_RANGES): boolean {
  const c = char.codePointAt(0)!;
  return ranges.some(([a, b]) => c >= a && c <= b);
}

/** The characters of `text` outside the subset (line breaks and tabs are not drawn). */
export function charactersOutsideSubset(text: string, ranges = SUBSET_RANGES): string[] {
  return [...new Set(text)].filter((ch) => !/[\n\r\t]/.test(ch) && !inSubset(ch, ranges)).sort();
}
