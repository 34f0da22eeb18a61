import { describe, expect, test } from 'vitest';
import { base32, readableKey, totpUri } from './totp-uri.server';

describe('the authenticator key', () => {
  test('is Base32 as RFC 4648 gives it (no padding)', () => {
    const enc = (s: string) => base32(new TextEncoder().encode(s));
    expect(enc('')).toBe('');
    expect(enc('f')).toBe('MY');
    expect(enc('fo')).toBe('MZXQ');
    expect(enc('foo')).toBe('MZXW6');
    expect(enc('foob')).toBe('MZXW6YQ');
    expect(enc('fooba')).toBe('MZXW6YTB');
    expect(enc('foobar')).toBe('MZXW6YTBOI');
  });

  test('is an otpauth link with issuer and account, and reads in groups of four', () => {
    const uri = totpUri('foobar', 'Bewegungscoaching', 'anna@example.org');
    expect(uri).toBe(
      'otpauth://totp/Bewegungscoaching:anna%40example.org?secret=MZXW6YTBOI&issuer=Bewegungscoaching&digits=6&period=30',
    );
    expect(readableKey(uri)).toBe('MZXW 6YTB OI');
  });
});
