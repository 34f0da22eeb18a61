// Imports run down, never up. The app is built in layers, each allowed to use only the layers named
// in its row below; a file in web/ that no row names fails too, so the table stays complete. A
// failure names each offending file and the import that runs up.
//
//   lib and copy       web/lib, web/copy: what browser and server both run, and every fixed UI text
//                      (web/lib may use web/copy, never the reverse: a text states a number or
//                      names a kind, it does not import them from the logic)
//   schema types       schemas/sanity.types.ts: the types `sanity typegen` generates from the
//                      schemas and queries (they import nothing)
//   schemas            schemas/: the Sanity schema types and the GROQ queries, which the Studio
//                      builds too (they use lib and copy, nothing of the server); web/ reaches
//                      them by the alias `~schemas/`, never by `../../../schemas`
//   server base        config, log, signing, rate limits, the database, the HTTP helper kit
//   domains            the domain folders of web/server
//   composition root   web/server/app: the Express app, start-up, draining, the direct transport,
//                      the retention sweep over several domains
//   user interface     components, sections, styles, fonts
//   routes and entry   web/routes, the React Router files at web/'s top, and server.ts
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { resolveImport, sourcesBelow } from '../support/source-files';

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
  'newsletter',
  'preview',
  'serving',
  'signups',
  'team',
];

const LAYERS: Layer[] = [
  { name: 'schema types', holds: ['schemas/sanity.types.ts'], uses: [] },
  { name: 'copy', holds: ['web/copy'], uses: [] },
  { name: 'lib', holds: ['web/lib'], uses: ['copy', 'schema types'] },
  { name: 'schemas', holds: ['schemas'], uses: ['copy', 'lib', 'schema types'] },
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
    holds: DOMAINS.map((folder) => `web/server/${folder}`),
    uses: ['copy', 'lib', 'schema types', 'schemas', 'server base'],
  },
  {
    name: 'composition root',
    holds: ['web/server/app'],
    uses: ['copy', 'lib', 'schema types', 'schemas', 'server base', 'domains'],
  },
  {
    name: 'user interface',
    holds: ['web/components', 'web/sections', 'web/styles', 'web/assets'],
    uses: ['copy', 'lib', 'schema types', 'schemas'],
  },
  {
    name: 'routes and entry',
    holds: ['web/routes', 'web/routes.ts', 'web/root.tsx', 'web/entry.server.tsx', 'server.ts'],
    uses: ['copy', 'lib', 'schema types', 'schemas', 'server base', 'domains', 'composition root', 'user interface'],
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

/** Every source file of the layered part, with what it imports (static, dynamic, `export … from`). */
const files = [...sourcesBelow(WEB), ...sourcesBelow(path.join(ROOT, 'schemas')), path.join(ROOT, 'server.ts')];
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

/** The domain folder a repository-relative path lies in, or undefined outside the domains. */
function domainOf(file: string): string | undefined {
  const match = /^web\/server\/([^/]+)\//.exec(file);
  return match && DOMAINS.includes(match[1]!) ? match[1] : undefined;
}

/**
 * Every circle between domain folders (a domain that, through others, imports itself), each as
 * `a → b → a` with one import that makes each step. Domains share a layer, so a circle between
 * them passes the layer rule; it still ties them into one: neither can be read, tested or moved
 * without the other.
 */
function domainCycles(edges: typeof graph): string[] {
  const steps = new Map<string, Map<string, string>>(); // from → to → one import that makes the step
  for (const { file, imports } of edges) {
    const from = domainOf(file);
    if (!from) continue;
    for (const { specifier, target } of imports) {
      const to = domainOf(target);
      if (!to || to === from) continue;
      if (!steps.has(from)) steps.set(from, new Map());
      if (!steps.get(from)!.has(to)) steps.get(from)!.set(to, `${file} imports ${specifier}`);
    }
  }
  // Tarjan's strongly connected components: a component of more than one domain holds a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of steps.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.unshift(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...steps.keys()].sort()) if (!index.has(node)) visit(node);
  // Each component named by one circle through its first domain, with the import behind each step.
  return components.map((component) => {
    const inside = new Set(component);
    const path = [component[0]!];
    const seen = new Set(path);
    const walk = (node: string): boolean => {
      for (const next of steps.get(node)?.keys() ?? []) {
        if (!inside.has(next)) continue;
        if (next === component[0]) return path.push(next) > 0;
        if (seen.has(next)) continue;
        seen.add(next);
        path.push(next);
        if (walk(next)) return true;
        path.pop();
      }
      return false;
    };
    walk(component[0]!);
    const why = path.slice(1).map((to, i) => steps.get(path[i]!)!.get(to)!);
    return `${path.join(' → ')} (${why.join('; ')})`;
  });
}

describe('the import layers', () => {
  test('every source file in web/ and schemas/ belongs to a layer', () => {
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

  test('web/ reaches schemas/ by its alias, not by climbing out of web/', () => {
    const climbing = graph.flatMap(({ file, imports }) =>
      file.startsWith('web/')
        ? imports
            .filter(({ specifier, target }) => specifier.startsWith('.') && target.startsWith('schemas/'))
            .map(({ specifier }) => `${file} imports ${specifier}`)
        : [],
    );
    expect(climbing, 'write ~schemas/… instead').toEqual([]);
  });

  test('no circle runs between domain folders', () => {
    expect(domainCycles(graph), 'domains that import each other (one must not need the other)').toEqual([]);
  });

  test('the check finds a circle between domains', () => {
    const planted = [
      {
        file: 'web/server/signups/writer.server.ts',
        imports: [{ specifier: '../team/team.server', target: 'web/server/team/team.server.ts' }],
      },
      {
        file: 'web/server/team/activity.server.ts',
        imports: [{ specifier: '~/server/mail/mail.server', target: 'web/server/mail/mail.server.ts' }],
      },
      {
        file: 'web/server/mail/queue.server.ts',
        imports: [
          { specifier: '../signups/signups.server', target: 'web/server/signups/signups.server.ts' },
          { specifier: '../db/db.server', target: 'web/server/db/db.server.ts' },
        ],
      },
      {
        file: 'web/server/access/access.server.ts',
        imports: [{ specifier: '../team/team.server', target: 'web/server/team/team.server.ts' }],
      },
    ];
    expect(domainCycles(planted)).toEqual([
      'mail → signups → team → mail (web/server/mail/queue.server.ts imports ../signups/signups.server; ' +
        'web/server/signups/writer.server.ts imports ../team/team.server; ' +
        'web/server/team/activity.server.ts imports ~/server/mail/mail.server)',
    ]);
  });

  test('the check finds an import that runs up', () => {
    const planted = [
      {
        file: 'web/server/http/http.server.ts',
        imports: [{ specifier: '../app/app.server', target: 'web/server/app/app.server.ts' }],
      },
      { file: 'web/copy/signup.ts', imports: [{ specifier: '~/lib/signup', target: 'web/lib/signup.ts' }] },
      {
        file: 'schemas/queries.ts',
        imports: [
          { specifier: '../web/server/content/content.server', target: 'web/server/content/content.server.ts' },
        ],
      },
    ];
    expect(upwardImports(planted)).toEqual([
      'web/server/http/http.server.ts imports ../app/app.server (server base → composition root)',
      'web/copy/signup.ts imports ~/lib/signup (copy → lib)',
      'schemas/queries.ts imports ../web/server/content/content.server (schemas → domains)',
    ]);
  });
});

// A domain takes typed input, never a request's body: the routes read it (the HTTP helper kit's
// readInput: cap, media type, the input's schema) and hand the domain the checked value.
const BODY_READS = [
  /\b(?:request|req)\s*\.\s*(?:json|formData|text|arrayBuffer|blob)\s*\(/,
  /\b(?:request|req)\s*\.\s*body\b/,
  /\bimport\s*\{[^}]*\b(?:readText|readInput|readPageForm)\b[^}]*\}\s*from\s*'[^']*http\/http\.server'/,
];

/**
 * `file` for every page route whose action reads its form another way than readPageForm or
 * readInput (the one reader: cap, media type, the input's schema).
 */
function pagesReadingOtherwise(sources: { file: string; text: string }[]): string[] {
  return sources
    .filter(({ file, text }) => /^web\/routes\/[^/]+\.tsx$/.test(file) && /export async function action\b/.test(text))
    .filter(
      ({ text }) =>
        !/\b(?:readPageForm|readInput)\(request\b/.test(text) || BODY_READS.slice(0, 2).some((p) => p.test(text)),
    )
    .map(({ file }) => file);
}

/** `file: what it reads` for every domain module that reads a request's body itself. */
function bodyReaders(sources: { file: string; text: string }[]): string[] {
  return sources.flatMap(({ file, text }) => {
    if (layerOf(file)?.name !== 'domains' || /\.test\.tsx?$/.test(file)) return [];
    return BODY_READS.flatMap((pattern) => {
      const found = pattern.exec(text);
      return found ? [`${file}: ${found[0].replace(/\s+/g, ' ')}`] : [];
    });
  });
}

describe('the domains take typed input', () => {
  test('no domain module reads a request body (the route reads and checks it)', () => {
    const sources = files.map((file) => ({ file: rel(file), text: readFileSync(file, 'utf8') }));
    expect(bodyReaders(sources), 'domain modules that read a body').toEqual([]);
  });

  test('every page action reads its form with readPageForm or readInput', () => {
    const routes = sourcesBelow(path.join(ROOT, 'web/routes')).map((file) => ({
      file: rel(file),
      text: readFileSync(file, 'utf8'),
    }));
    expect(pagesReadingOtherwise(routes), 'page actions reading their form another way').toEqual([]);
    const planted = [
      { file: 'web/routes/auth.tsx', text: 'export async function action() { await request.formData(); }' },
      { file: 'web/routes/konto.tsx', text: 'export async function action() { readPageForm(request, f); }' },
    ];
    expect(pagesReadingOtherwise(planted)).toEqual(['web/routes/auth.tsx']);
  });

  test('the check finds a domain that reads a body', () => {
    const planted = [
      { file: 'web/server/signups/submit.server.ts', text: 'const body = await request.json();' },
      { file: 'web/server/team/guard.server.ts', text: "import { readText, jsonError } from '../http/http.server';" },
      { file: 'web/server/applications/form.server.ts', text: 'const form = await request.formData();' },
      { file: 'web/routes/api.signups.ts', text: 'const body = await request.json();' },
    ];
    expect(bodyReaders(planted)).toEqual([
      'web/server/signups/submit.server.ts: request.json(',
      "web/server/team/guard.server.ts: import { readText, jsonError } from '../http/http.server'",
      'web/server/applications/form.server.ts: request.formData(',
    ]);
  });
});
