import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { acquireDirLock, DataDirLockedError } from './dir-lock.server';

const dir = () => mkdtempSync(path.join(tmpdir(), 'bc-lock-'));
const lockFile = (d: string) => path.join(d, 'server.lock');

test('a lock held by a live process is refused, and the lock file is left alone', () => {
  const d = dir();
  writeFileSync(lockFile(d), String(process.ppid)); // the parent is alive
  expect(() => acquireDirLock(d)).toThrowError(DataDirLockedError);
  expect(() => acquireDirLock(d)).toThrowError(/in use by another server \(pid \d+\)/);
  expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.ppid));
});

test('a stale lock left by a killed process is taken over; a released lock can be taken again', () => {
  const d = dir();
  writeFileSync(lockFile(d), '2147483646'); // no such process
  const release = acquireDirLock(d);
  expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.pid));
  release();
  expect(existsSync(lockFile(d))).toBe(false);
  const again = acquireDirLock(d);
  expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.pid));
  again();
  expect(existsSync(lockFile(d))).toBe(false);
});

test('release leaves a lock alone that another process has taken since', () => {
  const d = dir();
  const release = acquireDirLock(d);
  writeFileSync(lockFile(d), String(process.ppid));
  release();
  expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.ppid));
});
