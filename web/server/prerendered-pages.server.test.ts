import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PrerenderedPages } from './prerendered-pages.server';

test('every executable script tag of a prerendered page gets the response nonce', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bc-pages-'));
  mkdirSync(path.join(dir, 'agb'));
  writeFileSync(path.join(dir, 'index.html'), '<html><script>a()</script><script type="module">b()</script></html>');
  writeFileSync(
    path.join(dir, 'agb', 'index.html'),
    '<p>AGB</p><script type="application/ld+json">{}</script><scripts-not-a-tag>',
  );
  const pages = new PrerenderedPages(dir, ['/', '/agb', '/missing']);
  expect(pages.render('/', 'N1')).toBe(
    '<html><script nonce="N1">a()</script><script nonce="N1" type="module">b()</script></html>',
  );
  expect(pages.render('/agb/', 'N2')).toBe(
    '<p>AGB</p><script type="application/ld+json">{}</script><scripts-not-a-tag>',
  );
  expect(pages.render('/missing', 'N3')).toBeUndefined();
  expect(pages.render('/other', 'N3')).toBeUndefined();
});
