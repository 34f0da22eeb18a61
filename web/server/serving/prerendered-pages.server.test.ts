import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { PrerenderedPages } from './prerendered-pages.server';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

function site() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bc-pages-'));
  mkdirSync(path.join(dir, 'agb'));
  writeFileSync(path.join(dir, 'index.html'), '<html><script>a()</script><script type="module">b()</script></html>');
  writeFileSync(path.join(dir, 'agb', 'index.html'), '<p>AGB</p><script type="application/ld+json">{}</script>');
  writeFileSync(path.join(dir, 'agb.data'), '[{"agb":1}]');
  const pages = new PrerenderedPages(dir, ['/', '/agb', '/missing'], (hashes) => ({ 'X-Hashes': hashes.join(' ') }));
  return { dir, pages };
}

const header = (headers: string[], name: string) => headers[headers.indexOf(name) + 1];

test('each page carries the hashes of its own inline scripts, in identity, gzip and brotli', async () => {
  const { dir, pages } = site();
  await pages.load();
  const home = pages.get('/')!;
  expect(header(home.identity.headers, 'X-Hashes')).toBe(`${sha256('a()')} ${sha256('b()')}`);
  expect(header(pages.get('/agb/')!.identity.headers, 'X-Hashes')).toBe('');
  const html = readFileSync(path.join(dir, 'index.html'));
  expect(home.identity.body.equals(html)).toBe(true);
  expect(gunzipSync(home.gzip!.body).equals(html)).toBe(true);
  expect(brotliDecompressSync(home.br!.body).equals(html)).toBe(true);
  // Kept beside the page for the next start.
  expect(readFileSync(path.join(dir, 'index.html.br')).equals(home.br!.body)).toBe(true);
  expect(pages.get('/missing')).toBeUndefined();
  expect(pages.get('/other')).toBeUndefined();
});

test('a re-rendered page replaces the old one with new hashes, whatever compressed copy lies beside it', async () => {
  const { dir, pages } = site();
  await pages.load();
  const before = pages.get('/')!;
  writeFileSync(path.join(dir, 'index.html'), '<html><script>c()</script></html>');
  await pages.load();
  const after = pages.get('/')!;
  expect(header(after.identity.headers, 'X-Hashes')).toBe(sha256('c()'));
  expect(after.identity.etag).not.toBe(before.identity.etag);
  expect(brotliDecompressSync(after.br!.body).toString()).toBe('<html><script>c()</script></html>');
  expect(gunzipSync(after.gzip!.body).toString()).toBe('<html><script>c()</script></html>');
});

test('a garbled compressed copy beside a page is made again', async () => {
  const { dir, pages } = site();
  writeFileSync(path.join(dir, 'index.html.br'), 'not brotli');
  await pages.load();
  expect(brotliDecompressSync(pages.get('/')!.br!.body).toString()).toContain('a()');
});

test("the build's .data files are served beside their pages, with the type React Router gives them", async () => {
  const { pages } = site();
  await pages.load();
  const data = pages.get('/agb.data')!;
  expect(data.identity.body.toString()).toBe('[{"agb":1}]');
  expect(header(data.identity.headers, 'Content-Type')).toBe('text/x-script');
  expect(header(data.identity.headers, 'Cache-Control')).toBe('no-cache');
  expect(brotliDecompressSync(data.br!.body).toString()).toBe('[{"agb":1}]');
  expect(pages.get('/_.data')).toBeUndefined();
});

test('pages rendered by a content sync replace all pages in memory; nothing is written into the build', async () => {
  const { dir, pages } = site();
  await pages.load();
  const files = readdirSync(dir, { recursive: true }).sort();
  const { compressed } = await pages.replace([
    { path: '/', html: '<html><script>d()</script></html>', data: '[{"home":2}]' },
    { path: '/agb', html: '<p>AGB neu</p>', data: '[{"agb":2}]' },
  ]);
  // Served at once in identity and gzip; brotli joins once it is made.
  expect(pages.get('/')!.identity.body.toString()).toBe('<html><script>d()</script></html>');
  expect(pages.get('/')!.br).toBeUndefined();
  await compressed;
  const home = pages.get('/')!;
  expect(home.identity.body.toString()).toBe('<html><script>d()</script></html>');
  expect(header(home.identity.headers, 'X-Hashes')).toBe(sha256('d()'));
  expect(gunzipSync(home.gzip!.body).toString()).toBe('<html><script>d()</script></html>');
  expect(brotliDecompressSync(pages.get('/agb')!.br!.body).toString()).toBe('<p>AGB neu</p>');
  expect(pages.get('/_.data')!.identity.body.toString()).toBe('[{"home":2}]');
  expect(pages.get('/agb.data')!.identity.body.toString()).toBe('[{"agb":2}]');
  expect(readdirSync(dir, { recursive: true }).sort()).toEqual(files);
  expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toContain('a()');
});

test('a slow brotli pass of older renderings never replaces newer pages', async () => {
  const { pages } = site();
  const first = await pages.replace([{ path: '/', html: '<p>eins</p>', data: '[1]' }]);
  const second = await pages.replace([{ path: '/', html: '<p>zwei</p>', data: '[2]' }]);
  await Promise.all([first.compressed, second.compressed]);
  expect(pages.get('/')!.identity.body.toString()).toBe('<p>zwei</p>');
  expect(brotliDecompressSync(pages.get('/')!.br!.body).toString()).toBe('<p>zwei</p>');
});
