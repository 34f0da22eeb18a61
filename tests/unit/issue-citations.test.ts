// No comment, doc, decision record or test cites an issue or a pull request by its number: a reader
// of the repository cannot open the tracker, so the text says what changed and why instead. Scans
// every text file of docs/, web/, schemas/, studio/, tests/, scripts/, bench/, deploy/, .ci/ and the
// README and SECURITY.md at the top; a failure lists each citation as "file:line: text". (drizzle/
// is left out: an applied migration is not edited.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, filesBelow, rel } from '../support/source-files';

const FOLDERS = ['docs', 'web', 'schemas', 'studio', 'tests', 'scripts', 'bench', 'deploy', '.ci'];
const TOP_FILES = ['README.md', 'SECURITY.md'];

/**
 * "issue 31", "Issues #31", "pull request 7", "PR 12", and a bare "#31" that is not part of a word,
 * a URL's anchor (`deploy.md#15-logs`), an HTML entity (`&#39;`) or a colour (three digits or more).
 */
export const CITATION = /\b(?:issues?|pull requests?|PR)\s*#?\d+\b|(?<![\w&#/.:-])#\d{1,2}(?![\w-])/gi;

/** The citations in a text, each as "line: the citation". */
export function citations(text: string): string[] {
  return [...text.matchAll(CITATION)].map(
    ({ 0: found, index }) => `${text.slice(0, index).split('\n').length}: ${found}`,
  );
}

/** A text file: no NUL byte in its first 8 KB (fonts, images and the like have one). */
const isText = (bytes: Buffer) => !bytes.subarray(0, 8192).includes(0);

const THIS_FILE = path.join(ROOT, 'tests', 'unit', 'issue-citations.test.ts');
const scanned = [
  ...FOLDERS.flatMap((folder) => filesBelow(path.join(ROOT, folder))),
  ...TOP_FILES.map((f) => path.join(ROOT, f)),
].filter((file) => file !== THIS_FILE);

test('the pattern finds a citation and nothing else', () => {
  const text = [
    '// The dashboard trips a new team over (issue 31, items 12 and 13).',
    'Migration 0011 (one mail outbox, Issue #34) and PR 7; see #31.',
    'Issues 3 and 4 asked for it.',
    "color: #333; anchor deploy.md#15-logs; entity '&#39;'; https://example.org/#12; step 2 of 3; v1.2#3",
  ].join('\n');
  expect(citations(text)).toEqual(['1: issue 31', '2: Issue #34', '2: PR 7', '2: #31', '3: Issues 3']);
});

test('the scan reads the docs, the code, the tests and the scripts', () => {
  for (const file of [
    'docs/decisions/015-signups-write-path.md',
    'web/server/log.server.ts',
    'schemas/queries.ts',
    'studio/sanity.config.ts',
    'tests/support/source-files.ts',
    'bench/README.md',
    '.ci/run',
    'README.md',
    'SECURITY.md',
  ]) {
    expect(scanned.map(rel)).toContain(file);
  }
});

test('no text in the repository cites an issue or a pull request by number', () => {
  const found = scanned.flatMap((file) => {
    const bytes = readFileSync(file);
    return isText(bytes) ? citations(bytes.toString('utf8')).map((c) => `${rel(file)}:${c}`) : [];
  });
  expect(found, 'say what changed instead of citing the tracker').toEqual([]);
});
