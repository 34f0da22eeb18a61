// `npm run bench:observatory`: the MDN HTTP Observatory's own scanner and grader
// (`@mdn/mdn-http-observatory`, the code behind developer.mozilla.org/observatory) against the built
// server behind a local https setup, as production runs it: a TLS terminator on one port (a
// self-signed certificate for `localhost`, trusted by the scanner only) that forwards to the server,
// and a plain-http port that redirects to https. The server runs with an `https://` PUBLIC_URL, so it
// sends HSTS. Prints the grade, the score and each test. Budget: A+.
//
// The scanner is not a dependency of the project (233 packages: fastify, Sentry, jsdom, pg-native;
// its postinstall downloads the HSTS preload list). On first use it is installed into
// .test-builds/observatory with `npm install --ignore-scripts` from the npm registry, and an empty
// HSTS preload list is written (our host is not on it; that only affects the redirect test's
// "preloaded" shortcut). Its `scan()` knows only ports 80 and 443, so this script runs its retriever
// with the ports of this setup and then grades exactly as `scan()` does.
//
// Options (environment): BUILD_DIR (an existing build; default: a fresh one in
// .test-builds/bench-observatory-<pid>), OBSERVATORY_DIR (where the scanner is installed).
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { spawnServer } from '../tests/support/spawn-server.ts';
import { benchBuild, ROOT } from './support.ts';

const SCANNER_VERSION = '1.4.8';
const SCANNER_DIR = path.resolve(ROOT, process.env.OBSERVATORY_DIR ?? '.test-builds/observatory');
const SCANNER_PACKAGE = path.join(SCANNER_DIR, 'node_modules', '@mdn', 'mdn-http-observatory');
/** A prerendered page, server-rendered pages with a per-response nonce, and a form page. */
const PAGES = ['/', '/teamdashboard', '/auth', '/access'];

function installScanner() {
  if (!existsSync(path.join(SCANNER_PACKAGE, 'package.json'))) {
    console.log(`Installing @mdn/mdn-http-observatory@${SCANNER_VERSION} into ${path.relative(ROOT, SCANNER_DIR)} …`);
    mkdirSync(SCANNER_DIR, { recursive: true });
    writeFileSync(path.join(SCANNER_DIR, 'package.json'), '{"private":true}\n');
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', `@mdn/mdn-http-observatory@${SCANNER_VERSION}`],
      { cwd: SCANNER_DIR, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const preload = path.join(SCANNER_PACKAGE, 'conf', 'hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}\n');
}

/** A self-signed certificate for localhost (key and certificate as PEM files in `dir`). */
function certificate(dir: string) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** The TLS terminator: forwards every request to the server as a reverse proxy would. */
function forwardTo(port: number) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
}

// Runs in a child process: NODE_EXTRA_CA_CERTS (our certificate) is read only at start.
const SCAN = `
const [pkg, httpPort, httpsPort, path] = process.argv.slice(1);
const { retrieve } = await import(pkg + '/src/retriever/retriever.js');
const { ALL_TESTS, NUM_TESTS } = await import(pkg + '/src/constants.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import(pkg + '/src/grader/charts.js');
const { getGradeForScore, getScoreDescription, getScoreModifier } = await import(pkg + '/src/grader/grader.js');
// As scan() in src/scanner/index.js, with the ports of this setup.
const r = await retrieve('localhost', { httpPort, httpsPort, path });
if (!r.responses.auto) throw new Error('The site seems to be down.');
const results = ALL_TESTS.map((test) => test(r));
let passed = 0, withExtra = 100, uncurved = 100;
for (const result of results) {
  if (!result.result) continue;
  result.scoreDescription = getScoreDescription(result.result);
  result.scoreModifier = getScoreModifier(result.result);
  passed += result.pass ? 1 : 0;
  withExtra += result.scoreModifier;
  if (result.scoreModifier < 0) uncurved += result.scoreModifier;
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtra : uncurved);
console.log(JSON.stringify({
  grade: final.grade, score: final.score, passed, quantity: NUM_TESTS,
  tests: results.map((t) => ({ test: t.constructor.name.replace(/Output$/, ''), pass: t.pass, result: t.result, modifier: t.scoreModifier })),
}));
`;

async function main() {
  installScanner();
  const work = mkdtempSync(path.join(tmpdir(), 'bench-observatory-'));
  const { key, cert } = certificate(work);
  const built = benchBuild('observatory');
  const https = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) });
  const http = createHttpServer();
  const httpsPort = await listen(https);
  const httpPort = await listen(http);
  const publicUrl = `https://localhost:${httpsPort}`;
  // Plain http only redirects, as the production proxy does.
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(301, { Location: `${publicUrl}${req.url ?? '/'}` }).end();
  });
  const server = await spawnServer({
    buildDir: built.dir,
    env: { ACCESS_CODES: 'BENCH', PUBLIC_URL: publicUrl, TRUST_PROXY: '1' },
  });
  https.on('request', forwardTo(server.port));
  try {
    let allAPlus = true;
    for (const page of PAGES) {
      // Asynchronously: the TLS terminator runs in this process and must keep answering.
      const scan = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', SCAN, SCANNER_PACKAGE, String(httpPort), String(httpsPort), page],
        { env: { ...process.env, NODE_EXTRA_CA_CERTS: cert }, encoding: 'utf8' },
      ).catch((error: { stderr?: string }) => {
        throw new Error(`The scanner failed on ${page}:\n${error.stderr ?? String(error)}`);
      });
      const report = JSON.parse(scan.stdout.trim().split('\n').at(-1)!) as {
        grade: string;
        score: number;
        passed: number;
        quantity: number;
        tests: { test: string; pass: boolean; result: string; modifier: number }[];
      };
      console.log(`\nMDN HTTP Observatory ${SCANNER_VERSION}, ${publicUrl}${page} (http on ${httpPort} redirects):`);
      console.table(report.tests.map((t) => ({ test: t.test, pass: t.pass, result: t.result, score: t.modifier })));
      console.log(
        `${page}: grade ${report.grade}, score ${report.score}, ${report.passed}/${report.quantity} tests passed.`,
      );
      allAPlus &&= report.grade === 'A+';
    }
    console.log(allAPlus ? '\nWithin budget (A+ on every page).' : '\nOUT OF BUDGET: the budget is A+ on every page.');
    if (!allAPlus) process.exitCode = 1;
  } finally {
    await server.stop();
    https.close();
    http.close();
    built.cleanup();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
