import { symmetricEncrypt } from 'better-auth/crypto';
import { describe, expect, test } from 'vitest';
import { backupCodeStore, newBackupCodes, normalizeBackupCode } from './backup-codes.server';

describe('backup codes', () => {
  test('ten new codes, capitals and digits without 0/O and 1/I, as "ABCDE-FGHJK", all different', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
  });

  test('a typed code is compared in capitals, without spaces, with its hyphen', () => {
    for (const typed of [
      'abcde-fghjk',
      'Abcde-fghjk',
      ' ABCDE FGHJK ',
      'abcdefghjk',
      'ABCDE - FGHJK',
      'abcde\u00a0fghjk',
    ])
      expect(normalizeBackupCode(typed), typed).toBe('ABCDE-FGHJK');
    // What is no code at all stays (upper-cased) as it was, and matches nothing.
    expect(normalizeBackupCode('abc')).toBe('ABC');
    expect(normalizeBackupCode('abcde-fghjk-lmn')).toBe('ABCDE-FGHJK-LMN');
  });

  test('stored codes are read back in capitals, also those stored before in mixed case', async () => {
    const secret = 'a-test-secret-of-enough-length-0123456789';
    const store = backupCodeStore(secret);
    const before = await symmetricEncrypt({ key: secret, data: JSON.stringify(['elL9Z-yAjdI', 'Lqcjj-I0P6C']) });
    expect(JSON.parse(await store.decrypt(before))).toEqual(['ELL9Z-YAJDI', 'LQCJJ-I0P6C']);
    const now = await store.encrypt(JSON.stringify(['ABCDE-FGHJK']));
    expect(JSON.parse(await store.decrypt(now))).toEqual(['ABCDE-FGHJK']);
  });
});
