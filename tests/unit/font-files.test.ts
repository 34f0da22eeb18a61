// The committed font subsets (web/assets/fonts) are exactly what `npm run fonts:subset` makes from
// the installed font packages and scripts/font-subset.ts: a changed character list or font update
// without a new run fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { makeSubsets, OUT } from '../../scripts/subset-fonts';

test('the committed font subsets are up to date', async () => {
  for (const { target, output } of await makeSubsets()) {
    expect(Buffer.compare(readFileSync(path.join(OUT, target)), output), `${target}: run npm run fonts:subset`).toBe(0);
  }
}, 30_000);
