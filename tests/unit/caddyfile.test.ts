// The compose stack's Caddyfile, read as text (no Caddy on a developer's machine; the container
// tests run it): what it promises in front of the app.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const caddyfile = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'deploy', 'Caddyfile'), 'utf8');

test('request bodies are capped in front of the app too, at no more than the largest route cap (1 MB)', () => {
  const block = /request_body\s*\{([^}]*)\}/.exec(caddyfile);
  expect(block, 'a request_body block in the site').not.toBeNull();
  // Caddy reads sizes as humanize does: KB and MB are powers of 1000, KiB and MiB of 1024.
  const size = /max_size\s+(\d+)(KB|MB|KiB|MiB)\s/.exec(block![1]!);
  expect(size, 'request_body { max_size … }').not.toBeNull();
  const unit = { KB: 1000, MB: 1000 ** 2, KiB: 1024, MiB: 1024 ** 2 }[size![2] as 'KB' | 'MB' | 'KiB' | 'MiB'];
  const bytes = Number(size![1]) * unit;
  expect(bytes).toBeGreaterThanOrEqual(1024 * 1024);
  expect(bytes).toBeLessThanOrEqual(1024 * 1024);
});
