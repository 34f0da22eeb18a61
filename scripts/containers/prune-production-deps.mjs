// Run in the image's dependency stage after `npm ci --omit=dev`: removes every installed package
// that the production dependencies do not need. npm keeps a package that some production package
// lists as an *optional* peer whenever it is in the lock file for another reason (a
// devDependency): better-auth names vitest, drizzle-kit and others that way, which would bring
// vite, rolldown, esbuild, typescript and jsdom into the image. Here the packages kept are the
// closure of `dependencies` over dependencies, optional dependencies and required peers (resolved
// as Node resolves them, from the nesting in package-lock.json); optional peers count only when
// that closure holds them anyway.
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.argv[2] ?? '.';
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages;

/** Where Node finds `name` from the package at `from` (a package-lock key such as node_modules/a). */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate] && existsSync(path.join(root, candidate))) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

const keep = new Set();
const queue = [''];
while (queue.length) {
  const key = queue.pop();
  const entry = packages[key];
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const names = [
    ...Object.keys(key === '' ? (entry.dependencies ?? {}) : { ...entry.dependencies, ...entry.optionalDependencies }),
    ...(key === '' ? Object.keys(entry.optionalDependencies ?? {}) : []),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
  ];
  for (const name of names) {
    const found = resolve(key, name);
    if (found && !keep.has(found)) {
      keep.add(found);
      queue.push(found);
    }
  }
}

let removed = 0;
for (const key of Object.keys(packages)) {
  if (!key || keep.has(key) || !existsSync(path.join(root, key))) continue;
  // A kept package nested inside a removed one cannot happen: its parent would be kept too.
  rmSync(path.join(root, key), { recursive: true, force: true });
  removed++;
}
// What no program reads at run time: type declarations, source maps (Node reads them only with
// --enable-source-maps, and then for our own bundle), and the packages' Markdown documents.
const UNUSED_FILE = /(\.d\.[cm]?ts|\.[cm]?js\.map|\.css\.map|\.md)$/i;
let unusedBytes = 0;
for (const entry of readdirSync(path.join(root, 'node_modules'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !UNUSED_FILE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  unusedBytes += statSync(file).size;
  rmSync(file);
}
// Commands of removed packages would be dangling links.
const bin = path.join(root, 'node_modules', '.bin');
for (const name of existsSync(bin) ? readdirSync(bin) : []) {
  const link = path.join(bin, name);
  if (lstatSync(link).isSymbolicLink() && !existsSync(link)) rmSync(link);
}
// npm's hidden lock file would now describe packages that are gone.
rmSync(path.join(root, 'node_modules', '.package-lock.json'), { force: true });
console.log(
  `Kept ${keep.size} packages, removed ${removed} that nothing at run time needs` +
    ` and ${(unusedBytes / 1e6).toFixed(1)} MB of declarations, source maps and Markdown.`,
);
