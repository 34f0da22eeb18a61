// `npm run fonts:subset`: writes the subsets of the two faces the first view uses into
// web/assets/fonts (committed; run again after changing web/lib/font-subset.ts or a font package).
// Inter keeps its weight axis from 400 to 700, the weights the styles use.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { subsetCharacters } from '../web/lib/font-subset.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const OUT = path.join(ROOT, 'web', 'assets', 'fonts');

export const SUBSETS = [
  {
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    target: 'inter-de-wght-normal.woff2',
    variationAxes: { wght: { min: 400, max: 700 } },
  },
  {
    source: 'node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2',
    target: 'cormorant-garamond-de-500-normal.woff2',
  },
];

/** Every subset's file name and bytes, made from the installed font packages. */
export async function makeSubsets() {
  return Promise.all(
    SUBSETS.map(async ({ source, target, variationAxes }) => {
      const input = readFileSync(path.join(ROOT, source));
      const output = await subsetFont(input, subsetCharacters(), {
        targetFormat: 'woff2',
        ...(variationAxes ? { variationAxes } : {}),
      });
      return { target, inputBytes: input.length, output };
    }),
  );
}

if (import.meta.main) {
  for (const { target, inputBytes, output } of await makeSubsets()) {
    writeFileSync(path.join(OUT, target), output);
    console.log(`${target}: ${(inputBytes / 1024).toFixed(1)} KB → ${(output.length / 1024).toFixed(1)} KB`);
  }
}
