// Every query parses, and the committed typegen output was generated from the current queries
// (run `npm run typegen` after changing schemas/queries.ts or a schema type).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'groq-js';
import { describe, expect, test } from 'vitest';
import * as queries from './queries';

const generated = readFileSync(path.join(import.meta.dirname, 'sanity.types.ts'), 'utf8');
/** Typegen writes each query on one line; compare without whitespace. */
const squeeze = (q: string) => q.replace(/\s+/g, '');

describe.each(Object.entries(queries))('%s', (name, query) => {
  test('parses as GROQ', () => {
    expect(() => parse(query, { params: { slug: 'agb' } })).not.toThrow();
  });
  test('has up-to-date generated result types', () => {
    expect(generated).toContain(`// Variable: ${name}`);
    const line = generated.split('\n').find((l, i, all) => all[i - 1] === `// Variable: ${name}`);
    expect(squeeze(line?.replace(/^\/\/ Query: /, '') ?? '')).toBe(squeeze(query));
  });
});
