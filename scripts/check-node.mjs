// Every npm script runs on the Node of the `node` devDependency (24). If npm fell back to an older
// machine Node (for example because the `node` install script was denied), stop loudly instead of
// failing later with an obscure syntax or API error.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `\n✖ This project needs Node 24 (found ${process.version}).\n` +
      '  Run `npm install` so the pinned `node` devDependency is installed (allowScripts: node),\n' +
      '  and start scripts with `npm run …`/`npx …`, not ./node_modules/.bin/….\n',
  );
  process.exit(1);
}
