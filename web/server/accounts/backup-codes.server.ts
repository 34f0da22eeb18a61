// The team's backup codes, made to be read off paper and typed on a phone: capital letters and
// digits without the look-alikes 0/O and 1/I (CODE_ALPHABET), as "ABCDE-FGHJK", and compared
// without regard to case, spaces or the hyphen. Better Auth's two-factor plugin generates,
// encrypts and checks them with these: the stored codes are read back in one canonical form (also
// codes made before, in mixed case), and a typed code is put into that form before the check.
import { randomInt } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { CODE_ALPHABET } from '../config.server';

export const BACKUP_CODE_COUNT = 10;
const HALF = 5;

/** Ten new codes such as "K7QRM-V2XHB" (about 50 bits each). */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const part = () => Array.from({ length: HALF }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/**
 * A typed backup code in the form the stored ones are compared in: capitals, no spaces, one hyphen
 * in the middle ("abcde fghjk", "Abcdefghjk" → "ABCDE-FGHJK"). Anything else is left as typed
 * (upper-cased), and simply matches no code.
 */
export function normalizeBackupCode(typed: string): string {
  const compact = typed.replace(/[\s\u00a0-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{10}$/.test(compact)
    ? `${compact.slice(0, HALF)}-${compact.slice(HALF)}`
    : typed.trim().toUpperCase();
}

/**
 * How Better Auth stores the codes: encrypted with the auth secret (as its own "encrypted" option
 * does, so codes stored before read the same), and read back upper-cased.
 */
export function backupCodeStore(secret: string) {
  return {
    encrypt: (json: string) => symmetricEncrypt({ key: secret, data: json }),
    decrypt: async (data: string) => {
      const codes = JSON.parse(await symmetricDecrypt({ key: secret, data })) as unknown;
      return JSON.stringify(Array.isArray(codes) ? codes.map((code) => String(code).toUpperCase()) : []);
    },
  };
}
