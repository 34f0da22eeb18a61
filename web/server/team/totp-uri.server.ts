// The authenticator app's key as the enrolment page shows it again after a reload: the secret in
// Base32 (RFC 4648, what apps take typed in) and the otpauth:// link its QR code holds, in the
// form Better Auth's two-factor plugin made it (a test compares the two).
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Base32 without padding. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** The otpauth:// link of a TOTP secret (its characters are the key's bytes), 6 digits every 30 s. */
export function totpUri(secret: string, issuer: string, account: string): string {
  const params = new URLSearchParams({ secret: base32(new TextEncoder().encode(secret)), issuer });
  params.set('digits', '6');
  params.set('period', '30');
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params.toString()}`;
}

/** The key of an otpauth:// link, in groups of four for typing ("ABCD EFGH …"). */
export function readableKey(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
