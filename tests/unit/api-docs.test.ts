// The HTTP API table of docs/api.md is the contract: every row names a method and path that
// web/routes.ts serves, and every resource route is in the table with every method it answers. A new
// endpoint (or a new method of one) needs a route and a row, nothing else. Written as `METHOD /path` in the first cell (several per cell allowed); `:id` or
// `<…>` for a parameter, `*` or `…` for the rest of the path; no method means any method.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { allRoutes } from '../support/route-table';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const API_DOC = 'docs/api.md';

interface Documented {
  method?: string;
  path: string;
}

/** The method and path of every `code span` in the first column of the "Endpoints" table. */
function documentedEndpoints(doc: string): Documented[] {
  const section = doc.split(/^## Endpoints$/m)[1]!.split(/^#{1,3} /m)[0]!;
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  return rows.slice(2).flatMap((row) => {
    const firstCell = row.split(/(?<!\\)\|/)[1]!;
    return [...firstCell.matchAll(/`([^`]+)`/g)].map(([, span]) => {
      const [, method, p] = /^(?:([A-Z]+) )?(\/\S*)$/.exec(span!.replace(/\\\|/g, '|')) ?? [];
      if (!p) throw new Error(`${API_DOC} table: cannot read "${span}" (write \`METHOD /path\`)`);
      return { method, path: p };
    });
  });
}

/** One spelling for a path pattern: parameters as `:`, the rest of the path as `*`, no leading slash. */
const normalise = (p: string) =>
  p
    .replace(/^\//, '')
    .split('/')
    .map((segment) => (segment === '…' || segment === '*' ? '*' : /^:|</.test(segment) ? ':' : segment))
    .join('/');

/** Resource routes (plain .ts modules, no page): the HTTP API. */
const resourceRoutes = allRoutes().filter((r) => r.file.endsWith('.ts') && r.path !== undefined);

/**
 * The methods a route module answers: those its 405 names (a string, or a `METHODS` list joined for
 * it), or else GET for a loader and any other for an action.
 */
function methodsOf(file: string): { allow?: string[]; loader: boolean; action: boolean } {
  const source = readFileSync(path.join(ROOT, 'web', file), 'utf8');
  const allow = [
    ...source.matchAll(/methodNotAllowed\(\s*'([^']+)'\s*\)|const ALLOW = '([^']+)'|const METHODS = \[([^\]]+)\]/g),
  ].flatMap((m) =>
    m[3] !== undefined ? [...m[3].matchAll(/'([A-Z]+)'/g)].map((q) => q[1]!) : (m[1] ?? m[2]!).split(/,\s*/),
  );
  return {
    allow: allow.length ? [...new Set(allow)] : undefined,
    loader: /export (async )?(function|const) loader\b/.test(source),
    action: /export (async )?(function|const) action\b/.test(source),
  };
}

const documented = documentedEndpoints(readFileSync(path.join(ROOT, API_DOC), 'utf8'));

test('the docs/api.md endpoint table can be read', () => {
  expect(documented.length).toBeGreaterThan(10);
  expect(documented).toContainEqual({ method: 'POST', path: '/api/signups' });
});

test.each(documented.map((d) => [`${d.method ?? 'any'} ${d.path}`, d] as const))(
  'docs/api.md row %s is served by web/routes.ts',
  (_, { method, path: p }) => {
    const route = resourceRoutes.find((r) => normalise(r.path!) === normalise(p));
    expect(route, `no route in web/routes.ts for ${p}`).toBeDefined();
    if (!method) return;
    const { allow, loader, action } = methodsOf(route!.file);
    if (allow) expect(allow, `${route!.file} refuses ${method}`).toContain(method);
    if (method === 'GET' || method === 'HEAD') expect(loader, `${route!.file} has no loader`).toBe(true);
    else expect(action, `${route!.file} has no action`).toBe(true);
  },
);

test('every resource route is in the docs/api.md endpoint table', () => {
  const paths = new Set(documented.map((d) => normalise(d.path)));
  const undocumented = resourceRoutes.map((r) => `/${r.path}`).filter((p) => !paths.has(normalise(p)));
  expect(undocumented).toEqual([]);
});

test('every method a resource route answers has its row in the docs/api.md endpoint table', () => {
  const undocumented = resourceRoutes.flatMap((route) => {
    const rows = documented.filter((d) => normalise(d.path) === normalise(route.path!));
    // A row without a method documents every method of its path (`/api/auth/*`, the API's 404).
    if (rows.some((d) => !d.method)) return [];
    const { allow, loader } = methodsOf(route.file);
    const answered = allow ?? (loader ? ['GET'] : []);
    return answered
      .filter((method) => !rows.some((d) => d.method === method))
      .map((method) => `${method} /${route.path}`);
  });
  expect(undocumented).toEqual([]);
});

test('the newsletter, team-session and decision-mail endpoints are rows of the table, each with its method', () => {
  const rows = new Set(documented.map((d) => `${d.method ?? ''} ${normalise(d.path)}`));
  for (const endpoint of [
    'GET /api/newsletters',
    'GET /api/newsletters/problems',
    'GET /api/newsletters/:id/preview',
    'POST /api/newsletters/:id/test',
    'POST /api/newsletters/:id/send',
    'POST /api/newsletters/:id/pause',
    'POST /api/newsletters/:id/resume',
    'GET /api/team/session',
    'POST /api/team/session',
    'PATCH /api/team/members/:id',
    'GET /api/applications/:id/decision-mail',
  ]) {
    const [method, p] = endpoint.split(' ') as [string, string];
    expect(rows.has(`${method} ${normalise(p)}`), endpoint).toBe(true);
  }
});
