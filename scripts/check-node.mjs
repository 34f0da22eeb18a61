// Every npm script runs on the Node of the `node` devDependency (npm puts node_modules/.bin first on
// the PATH). If npm fell back to an older machine Node (for example because the `node` install
// script was denied), stop loudly instead of failing later with an obscure syntax or API error.
// The minimum is the one `engines.node` of package.json states, so the two cannot disagree.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Written for any old Node too (no import.meta.dirname or import.meta.main): it must run on the
// Node it is about to refuse.
const self = fileURLToPath(import.meta.url);

/** The lowest major version a `>=X[.Y.Z]` range allows. */
export function minimumMajor(range) {
  const match = /^>=\s*(\d+)(?:\.\d+){0,2}$/.exec(range.trim());
  if (!match) throw new Error(`engines.node must be ">=MAJOR[.MINOR.PATCH]", found "${range}"`);
  return Number(match[1]);
}

export function requiredMajor() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return minimumMajor(pkg.engines.node);
}

if (process.argv[1] === self) {
  const required = requiredMajor();
  const major = Number(process.versions.node.split('.')[0]);
  if (major < required) {
    console.error(
      `\n✖ This project needs Node ${required} (found ${process.version}).\n` +
        '  Run `npm install` so the pinned `node` devDependency is installed (allowScripts: node),\n' +
        '  and start scripts with `npm run …`/`npx …`, not ./node_modules/.bin/….\n',
    );
    process.exit(1);
  }
}
