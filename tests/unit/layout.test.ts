// The layout a newcomer reads in the README is the layout on disk, and the rules that keep it
// readable hold: the README's map names every folder and only folders that exist; nothing imports a
// route module; a server folder (or a route) uses another server folder only through that folder's
// face module `<folder>/<folder>.server.ts`; web/server keeps few files at its top; and web/lib holds
// only code that runs outside the server too. Each failure lists the offending folders or files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, WEB, filesBelow, ignoredFolder, importsOf, rel, SOURCE } from '../support/source-files';

const SERVER = path.join(WEB, 'server');
const ROUTES = path.join(WEB, 'routes');
const MAX_SERVER_TOP_FILES = 8;

/** The folders directly in `dir` that hold at least one file (git knows no empty folders). */
function foldersIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name))
    .filter((full) => !ignoredFolder(full))
    .filter((full) => filesBelow(full).length > 0);
}

// ---------------------------------------------------------------------------------------------
// (a) The README's layout map: the fenced block under "## Layout". A line whose first word ends in
// `/` names a folder; two spaces of indentation per level put it inside the folder above it.

function mappedFolders(readme: string): string[] {
  const section = readme.split(/^## Layout$/m)[1]?.split(/^## /m)[0];
  const block = section && /^```[^\n]*\n([\s\S]*?)^```/m.exec(section)?.[1];
  if (!block) throw new Error('README.md: no fenced block under "## Layout"');
  const parents: string[] = [];
  const folders: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match || !match[2]!.endsWith('/')) continue;
    const depth = match[1]!.length / 2;
    if (!Number.isInteger(depth) || (depth > 0 && parents[depth - 1] === undefined)) {
      throw new Error(`README.md layout map: cannot place "${line.trim()}" (two spaces per level)`);
    }
    parents.length = depth;
    const folder = (depth > 0 ? parents[depth - 1]! : '') + match[2]!;
    parents[depth] = folder;
    folders.push(folder.replace(/\/$/, ''));
  }
  return folders;
}

const mapped = mappedFolders(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));

/** The folders the map must cover: the top level, web/*, web/server/* and tests/*. */
const covered = [ROOT, WEB, SERVER, path.join(ROOT, 'tests')].flatMap(foldersIn).map(rel).sort();

describe('the README layout map', () => {
  test('can be read', () => {
    expect(mapped).toContain('web/server/http');
  });

  test('names only folders that exist', () => {
    const missing = mapped.filter((folder) => {
      try {
        return !statSync(path.join(ROOT, folder)).isDirectory();
      } catch {
        return true;
      }
    });
    expect(missing, 'README.md maps folders that are not in the tree').toEqual([]);
  });

  test('names every folder at the top, in web/, web/server/ and tests/', () => {
    const unmapped = covered.filter((folder) => !mapped.includes(folder));
    expect(unmapped, 'folders missing from the README layout map').toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Imports, read with TypeScript's own scanner (static, dynamic and `export … from`).

const isTest = (file: string) => /\.test\.(ts|tsx)$/.test(file);
const webFiles = filesBelow(WEB).filter((file) => SOURCE.test(file));

/** Each file's imports, resolved (packages left out). */
const imports = new Map(webFiles.map((file) => [file, importsOf(file)] as const));

const inside = (dir: string, file: string) => file.startsWith(dir + path.sep);
/** The domain folder of a file in web/server (undefined for a file at its top or outside it). */
const serverFolderOf = (file: string) => {
  if (!inside(SERVER, file)) return undefined;
  const [first, ...rest] = path.relative(SERVER, file).split(path.sep);
  return rest.length > 0 ? first : undefined;
};

test('no module imports a route module (web/routes.ts only names them)', () => {
  const offenders = [...imports].flatMap(([file, list]) =>
    list
      .filter(({ target }) => inside(ROUTES, target) && !target.includes(`${path.sep}+types${path.sep}`))
      .map(({ specifier }) => `${rel(file)} imports ${specifier}`),
  );
  expect(offenders).toEqual([]);
});

// web/entry.server.tsx is left out: it hands the server's start-up (http/) to the bundle's entry.
test('server code and routes use another server folder only through its face module', () => {
  const offenders = [...imports]
    .filter(([file]) => inside(SERVER, file) || inside(ROUTES, file))
    .flatMap(([file, list]) =>
      list
        .filter(({ target }) => {
          const folder = serverFolderOf(target);
          if (folder === undefined || folder === serverFolderOf(file)) return false;
          const face = path.join(SERVER, folder, `${folder}.server`);
          return target.replace(SOURCE, '') !== face;
        })
        .map(({ specifier }) => `${rel(file)} imports ${specifier}`),
    );
  expect(offenders).toEqual([]);
});

// A face says what it hands on: a barrel (`export *`) would pass on test-only names unseen.
test('every face module names its exports (no export *)', () => {
  const faces = readdirSync(SERVER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(SERVER, entry.name, `${entry.name}.server.ts`))
    .filter((face) => statSync(face, { throwIfNoEntry: false })?.isFile());
  expect(faces.length).toBeGreaterThan(10);
  const barrels = faces.filter((face) => /^\s*export\s+(type\s+)?\*/m.test(readFileSync(face, 'utf8'))).map(rel);
  expect(barrels).toEqual([]);
});

test(`web/server holds at most ${MAX_SERVER_TOP_FILES} files at its top (the rest sits in domain folders)`, () => {
  const top = readdirSync(SERVER, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `web/server/${entry.name}`);
  expect(top.length, `files at the top of web/server: ${top.join(', ')}`).toBeLessThanOrEqual(MAX_SERVER_TOP_FILES);
});

test('every module in web/lib is used outside web/server (server-only code lives in web/server)', () => {
  const LIB = path.join(WEB, 'lib');
  const modules = webFiles.filter((file) => inside(LIB, file) && !isTest(file) && !file.endsWith('.d.ts'));
  const importers = [...imports].filter(([file]) => !isTest(file) && !inside(SERVER, file));
  const serverOnly = modules.filter(
    (module) => !importers.some(([file, list]) => file !== module && list.some(({ target }) => target === module)),
  );
  expect(serverOnly.map(rel), 'web/lib modules no file outside web/server (tests aside) imports').toEqual([]);
});
