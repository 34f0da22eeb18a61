// The repository's files as the tests that read its source see them: every file below a folder
// (what git ignores left out), and each source file's imports resolved to the files they name, read
// with TypeScript's own scanner (static, dynamic and `export … from`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const WEB = path.join(ROOT, 'web');

/** Repository-relative, with forward slashes. */
export const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');

// What .gitignore leaves out: a line `name/` is a folder of that name at any depth, a line
// `a/b/` or `/a/` the one folder at that path from the root.
const IGNORE_LINES = readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => /^([^*\s#!]+)\/$/.exec(line.trim())?.[1])
  .filter((entry): entry is string => entry !== undefined);
const IGNORED_NAMES = new Set(['.git', ...IGNORE_LINES.filter((entry) => !entry.includes('/'))]);
const IGNORED_PATHS = new Set(
  IGNORE_LINES.filter((entry) => entry.includes('/')).map((entry) => path.join(ROOT, entry.replace(/^\//, ''))),
);

/** Whether git ignores this folder (by its name anywhere, or by its path from the root). */
export const ignoredFolder = (full: string) => IGNORED_NAMES.has(path.basename(full)) || IGNORED_PATHS.has(full);

/** Every file below `dir`, the folders git ignores left out. */
export function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ignoredFolder(full) ? [] : filesBelow(full);
    return entry.isFile() ? [full] : [];
  });
}

export const SOURCE = /\.(ts|tsx|mts)$/;

/** The TypeScript sources below `dir` (generated route types in `+types` left out). */
export const sourcesBelow = (dir: string) =>
  filesBelow(dir).filter((file) => SOURCE.test(file) && !file.split(path.sep).includes('+types'));

/**
 * The file an import specifier names, or undefined for a package. `~/` is web/, `~schemas/` is
 * schemas/ (tsconfig's paths); the extension and
 * `index` may be left out. A specifier that names no file on disk (a route's generated `+types`)
 * resolves to its path anyway: the folder still says where it belongs.
 */
export function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('~/')) base = path.join(WEB, specifier.slice(2));
  else if (specifier.startsWith('~schemas/')) base = path.join(ROOT, 'schemas', specifier.slice('~schemas/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return base;
}

export interface Import {
  /** As written in the file. */
  specifier: string;
  /** The absolute path it names. */
  target: string;
}

/** A file's imports of other files (packages left out). */
export function importsOf(file: string): Import[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.flatMap(({ fileName }) => {
    const target = resolveImport(file, fileName);
    return target === undefined ? [] : [{ specifier: fileName, target }];
  });
}
