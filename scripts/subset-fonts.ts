// `npm run fonts:subset`: writes the subsets of the two faces the first view uses into
// web/assets/fonts (committed; run again after changing scripts/font-subset.ts or a font package).
// Inter keeps its weight axis from 400 to 700, the weights the styles use. Both keep only the
// OpenType features the browser applies by default plus the figures the styles ask for
// (`font-variant-numeric`); stylistic sets, fractions, small caps and Inter's contextual alternates
// would pull in alternate glyphs no page uses (Inter 25.2 → 18.7 KB, Cormorant 17.3 → 15.4 KB: every
// byte of them loads before the first view is complete).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { subsetCharacters } from './font-subset.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const OUT = path.join(ROOT, 'web', 'assets', 'fonts');

/** What the browser applies by default: kerning, standard ligatures, composition, local forms, marks. */
const DEFAULT_FEATURES = ['kern', 'liga', 'ccmp', 'locl', 'mark', 'mkmk'];

export const SUBSETS = [
  {
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    target: 'inter-de-wght-normal.woff2',
    variationAxes: { wght: { min: 400, max: 700 } },
    // tabular-nums: the slider's counter and the application form's character counter
    keepFeatures: [...DEFAULT_FEATURES, 'tnum'],
  },
  {
    source: 'node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2',
    target: 'cormorant-garamond-de-500-normal.woff2',
    // lining-nums: the programme numbers and the price
    keepFeatures: [...DEFAULT_FEATURES, 'lnum'],
  },
];

/** Every subset's file name and bytes, made from the installed font packages. */
export async function makeSubsets() {
  return Promise.all(
    SUBSETS.map(async ({ source, target, variationAxes, keepFeatures }) => {
      const input = readFileSync(path.join(ROOT, source));
      const output = await subsetFont(input, subsetCharacters(), {
        targetFormat: 'woff2',
        keepFeatures,
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
