import { describe, expect, test } from 'vitest';
import { backupsToPrune, withoutPassword } from './backup.server';

describe('backupsToPrune', () => {
  const pglite = ['2026-11-20T03-30-00Z.pglite.tar.gz', '2026-11-21T03-30-00Z.pglite.tar.gz'];
  const pgdump = ['2026-11-22T03-30-00Z.pgdump', '2026-11-23T03-30-00Z.pgdump', '2026-11-24T03-30-00Z.pgdump'];

  test('keeps the newest `keep` of both engines, oldest go first', () => {
    expect(backupsToPrune([...pgdump, ...pglite], 3).sort()).toEqual(pglite);
    expect(backupsToPrune([...pglite, ...pgdump], 4)).toEqual(['2026-11-20T03-30-00Z.pglite.tar.gz']);
  });

  test('never touches other files, unfinished dumps or a chosen name', () => {
    const others = [
      'nightly.pgdump',
      '2026-11-01T03-30-00Z.pgdump.1234.tmp',
      'README',
      '2026-11-01T03-30-00Z.sql',
      'backup.sock',
    ];
    expect(backupsToPrune([...others, ...pgdump], 1)).toEqual(pgdump.slice(0, 2).reverse());
  });

  test('0 keeps every backup; fewer than `keep` deletes nothing', () => {
    expect(backupsToPrune(pgdump, 0)).toEqual([]);
    expect(backupsToPrune(pgdump, 14)).toEqual([]);
  });
});

describe('withoutPassword', () => {
  test('moves the password (decoded) from the URL into PGPASSWORD', () => {
    const { url, env } = withoutPassword('postgres://app:p%40ss%2Fw0rd@db:5432/app?sslmode=require');
    expect(url).toBe('postgres://app@db:5432/app?sslmode=require');
    expect(env.PGPASSWORD).toBe('p@ss/w0rd');
  });

  test('a URL without a password stays as it is', () => {
    expect(withoutPassword('postgres://postgres@127.0.0.1:5432/postgres').url).toBe(
      'postgres://postgres@127.0.0.1:5432/postgres',
    );
  });
});
