import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { acquireDirLock, DataDirLockedError } from './dir-lock.server';

const dir = () => mkdtempSync(path.join(tmpdir(), 'bc-lock-'));

test('a lock held by a live process is refused, a released one can be taken again', () => {
  const d = dir();
  writeFileSync(path.join(d, 'server.lock'), String(process.ppid)); // the parent is alive
  expect(() => acquireDirLock(d)).toThrowError(DataDirLockedError);
});

test('a stale lock left by a killed process is taken over', () => {
  const d = dir();
  writeFileSync(path.join(d, 'server.lock'), '2147483646'); // no such process
  const release = acquireDirLock(d);
  release();
  acquireDirLock(d)();
});
