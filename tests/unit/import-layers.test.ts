// Imports run down, never up. The app is built in layers, each allowed to use only the layers named
// in its row below; a file in web/ that no row names fails too, so the table stays complete. A
// failure names each offending file and the import that runs up.
//
//   lib and copy       web/lib, web/copy: what browser and server both run, and every fixed UI text
//                      (web/lib may use web/copy, never the reverse: a text states a number or
//                      names a kind, it does not import them from the logic)
//   server base        config, log, signing, rate limits, the database, the HTTP helper kit
//   domains            the domain folders of web/server (and the retention sweep)
//   composition root   web/server/app: the Express app, start-up, draining, the direct transport
//   user interface     components, sections, styles, fonts
//   routes and entry   web/routes, the React Router files at web/'s top, and server.ts
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WEB = path.join(ROOT, 'web');

interface Layer {
  name: string;
  /** Repository-relative folders (everything below them) or files. */
  holds: string[];
  /** Layers this one may import from (besides itself). */
  uses: string[];
}

const DOMAINS = [
  'access',
  'accounts',
  'applications',
  'community',
  'content',
  'insights',
  'mail',
  'preview',
  'serving',
  'signups',
  'team',
];

const LAYERS: Layer[] = [
  { name: 'copy', holds: ['web/copy'], uses: [] },
  { name: 'lib', holds: ['web/lib'], uses: ['copy'] },
  {
    name: 'server base',
    holds: [
      'web/server/config.server.ts',
      'web/server/log.server.ts',
      'web/server/signing.server.ts',
      'web/server/rate-limit.server.ts',
      'web/server/result.server.ts',
      'web/server/db',
      'web/server/http',
    ],
    uses: ['copy', 'lib'],
  },
  {
    name: 'domains',
    holds: [...DOMAINS.map((folder) => `web/server/${folder}`), 'web/server/retention.server.ts'],
    uses: ['copy', 'lib', 'server base'],
  },
  { name: 'composition root', holds: ['web/server/app'], uses: ['copy', 'lib', 'server base', 'domains'] },
  {
    name: 'user interface',
    holds: ['web/components', 'web/sections', 'web/styles', 'web/assets'],
    uses: ['copy', 'lib'],
  },
  {
    name: 'routes and entry',
    holds: ['web/routes', 'web/routes.ts', 'web/root.tsx', 'web/entry.server.tsx', 'server.ts'],
    uses: ['copy', 'lib', 'server base', 'domains', 'composition root', 'user interface'],
  },
];

/** Repository-relative, with forward slashes. */
const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');

/** The layer of a repository-relative path: the row whose entry holds it (the longest entry wins). */
function layerOf(path: string): Layer | undefined {
  const file = path.replace(/\.test(\.tsx?)$/, '$1'); // a unit test sits in the layer of its module
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of LAYERS) {
    for (const entry of layer.holds) {
      if ((file === entry || file.startsWith(`${entry}/`)) && entry.length > (best?.length ?? -1)) {
        best = { layer, length: entry.length };
      }
    }
  }
  return best?.layer;
}

const SOURCE = /\.(ts|tsx|mts)$/;

function sourcesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' || entry.name === 'node_modules' ? [] : sourcesBelow(full);
    return entry.isFile() && SOURCE.test(entry.name) ? [full] : [];
  });
}

/** The file an import names, or undefined for a package. `~/` is web/; `.ts` may be written out. */
function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('~/')) base = path.join(WEB, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return base; // a generated module (a route's +types): the folder still says its layer
}

/** Every source file of the layered part, with what it imports (static, dynamic, `export … from`). */
const files = [...sourcesBelow(WEB), path.join(ROOT, 'server.ts')];
const graph = files.map((file) => ({
  file: rel(file),
  imports: ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.flatMap(({ fileName }) => {
    const target = resolveImport(file, fileName);
    return target === undefined ? [] : [{ specifier: fileName, target: rel(target) }];
  }),
}));

/** `file imports specifier (layer → layer)` for every import a file's layer may not make. */
function upwardImports(edges: typeof graph): string[] {
  return edges.flatMap(({ file, imports }) => {
    const from = layerOf(file);
    if (!from) return [];
    return imports.flatMap(({ specifier, target }) => {
      const to = layerOf(target);
      if (!to || to === from || from.uses.includes(to.name)) return [];
      return [`${file} imports ${specifier} (${from.name} → ${to.name})`];
    });
  });
}

describe('the import layers', () => {
  test('every source file in web/ belongs to a layer', () => {
    const unplaced = graph.map(({ file }) => file).filter((file) => !layerOf(file));
    expect(unplaced, 'files no row of LAYERS holds (add them to the table)').toEqual([]);
  });

  test('every folder the table names exists', () => {
    const missing = LAYERS.flatMap((layer) => layer.holds).filter((entry) => {
      try {
        statSync(path.join(ROOT, entry));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  test('no import runs from a lower layer to a higher one', () => {
    expect(upwardImports(graph), 'imports that run up (see the table at the top of this file)').toEqual([]);
  });

  test('the check finds an import that runs up', () => {
    const planted = [
      {
        file: 'web/server/http/http.server.ts',
        imports: [{ specifier: '../app/app.server', target: 'web/server/app/app.server.ts' }],
      },
      { file: 'web/copy/signup.ts', imports: [{ specifier: '~/lib/signup', target: 'web/lib/signup.ts' }] },
    ];
    expect(upwardImports(planted)).toEqual([
      'web/server/http/http.server.ts imports ../app/app.server (server base → composition root)',
      'web/copy/signup.ts imports ~/lib/signup (copy → lib)',
    ]);
  });
});
