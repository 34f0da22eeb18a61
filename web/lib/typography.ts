// Typographic details of the text a visitor reads, applied where it is shown (the content keeps what
// the editor typed): the apostrophe, a dash that must not start a line, words that must not break at
// their hyphen.

/** A straight apostrophe between letters ("RIDER'S") becomes the typographic one (’). */
export const curlyApostrophes = (text: string) => text.replace(/(\p{L})'(\p{L})/gu, '$1\u2019$2');

/** " – " keeps the dash on the line of the word before it, so that no line starts with a dash. */
export const keepDashWithWord = (text: string) => text.replace(/ ([\u2013\u2014]) /g, '\u00a0$1 ');

/** Both of the above: for titles and running text. */
export const typeset = (text: string) => keepDashWithWord(curlyApostrophes(text));

/** Words that must not be broken at their hyphen at a line's end ("E-" / "Mail"). */
const UNBREAKABLE = /\bE-Mail/g;

/**
 * `text` cut into runs, those that must stay on one line marked `keep` (the page wraps them in a
 * `white-space: nowrap` span: no character changes, so copying and searching the text still work).
 */
export function unbreakableRuns(text: string): { text: string; keep: boolean }[] {
  const runs: { text: string; keep: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(UNBREAKABLE)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), keep: false });
    runs.push({ text: match[0], keep: true });
    last = match.index + match[0].length;
  }
  if (last < text.length || runs.length === 0) runs.push({ text: text.slice(last), keep: false });
  return runs;
}
