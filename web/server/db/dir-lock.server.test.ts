import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { acquireDirLock, DataDirLockedError, LOCK_STALE_MS, thisOwner, type LockOwner } from './dir-lock.server';

const dir = () => mkdtempSync(path.join(tmpdir(), 'bc-lock-'));
const lockFile = (d: string) => path.join(d, 'server.lock');
const owner = () => JSON.parse(readFileSync(lockFile(dirOf.current), 'utf8')) as LockOwner;
const dirOf = { current: '' };
/** A lock file naming `who`, last refreshed `ageMs` ago. */
function lockOf(d: string, who: Partial<LockOwner>, ageMs = 0) {
  writeFileSync(lockFile(d), JSON.stringify({ ...thisOwner(), ...who }));
  const at = new Date(Date.now() - ageMs);
  utimesSync(lockFile(d), at, at);
}

test('the lock names its owner: pid, host and boot id', () => {
  const d = (dirOf.current = dir());
  const release = acquireDirLock(d);
  expect(owner()).toEqual(thisOwner());
  expect(thisOwner().boot).toMatch(/^[0-9a-f-]{36}$/);
  release();
  expect(existsSync(lockFile(d))).toBe(false);
});

test('a lock held by a live process on this machine is refused, and the lock file is left alone', () => {
  const d = dir();
  lockOf(d, { pid: process.ppid }); // the parent is alive
  const before = readFileSync(lockFile(d), 'utf8');
  expect(() => acquireDirLock(d)).toThrowError(DataDirLockedError);
  expect(() => acquireDirLock(d)).toThrowError(/in use by another server \(pid \d+\)/);
  expect(readFileSync(lockFile(d), 'utf8')).toBe(before);
});

test('another container with the same pid (both PID 1) holding the lock is refused, not taken for ourselves', () => {
  const d = dir();
  lockOf(d, { pid: process.pid, host: 'other-container' });
  expect(() => acquireDirLock(d)).toThrowError(/pid \d+ on host other-container/);
  // Still refused while the other keeps its lock fresh, however old the file is.
  lockOf(d, { pid: process.pid, host: 'other-container' }, LOCK_STALE_MS - 5000);
  expect(() => acquireDirLock(d)).toThrowError(DataDirLockedError);
});

test('a foreign lock nobody refreshed for a minute is stale (its container is gone) and taken over', () => {
  const d = (dirOf.current = dir());
  lockOf(d, { pid: 1, host: 'crashed-container' }, LOCK_STALE_MS + 1000);
  const release = acquireDirLock(d);
  expect(owner()).toEqual(thisOwner());
  release();
});

test('a lock from before a reboot, or left by a killed process, is taken over; a released lock can be taken again', () => {
  const d = (dirOf.current = dir());
  lockOf(d, { pid: process.ppid, boot: '00000000-0000-4000-8000-000000000000' });
  acquireDirLock(d)();
  lockOf(d, { pid: 2147483646 }); // no such process
  const release = acquireDirLock(d);
  expect(owner()).toEqual(thisOwner());
  release();
  expect(existsSync(lockFile(d))).toBe(false);
  const again = acquireDirLock(d);
  expect(owner().pid).toBe(process.pid);
  again();
  expect(existsSync(lockFile(d))).toBe(false);
});

test("an older version's lock (the pid alone) is judged by the pid", () => {
  const d = dir();
  writeFileSync(lockFile(d), String(process.ppid));
  expect(() => acquireDirLock(d)).toThrowError(/pid \d+/);
  writeFileSync(lockFile(d), '2147483646');
  acquireDirLock(d)();
});

test('the owner refreshes the lock while it holds it', async () => {
  const d = dir();
  const release = acquireDirLock(d, { heartbeatMs: 20 });
  const old = new Date(Date.now() - 10 * 60_000);
  utimesSync(lockFile(d), old, old);
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(Date.now() - statSync(lockFile(d)).mtimeMs).toBeLessThan(5000);
  release();
});

test('release leaves a lock alone that another process has taken since', () => {
  const d = dir();
  const release = acquireDirLock(d);
  writeFileSync(lockFile(d), String(process.ppid));
  release();
  expect(readFileSync(lockFile(d), 'utf8')).toBe(String(process.ppid));
});
