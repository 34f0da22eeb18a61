// RFC 6238 TOTP, written out for the tests (as an authenticator app computes it), so that a test
// signs in with a code it computed itself from the key the enrolment page showed. Plain Node.
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = ALPHABET.indexOf(char);
    if (value === -1) throw new Error(`not Base32: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit code of a Base32 key at `now` (30-second steps). */
export function totp(secret: string, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** The Base32 key of an otpauth:// link (or of a page that holds one). */
export function secretOf(text: string): string {
  const match = /otpauth:\/\/totp\/[^"'\s<]*?[?&](?:amp;)?secret=([A-Z2-7]+)/.exec(text);
  if (!match) throw new Error('no otpauth link with a secret found');
  return match[1]!;
}

const STEP_MS = 30_000;
const lastStep = new Map<string, number>();

/**
 * A code of a Base32 key that the server has not accepted yet, as a person gets one by waiting for
 * the app's next code: the server accepts each time step once (and the steps either side of now),
 * so this is the current step's code or the next one's, and after both were used it waits for the
 * next step. Every code a test sends for a key must come from here.
 */
export async function unusedTotp(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const step = Math.max(current, (lastStep.get(secret) ?? -Infinity) + 1);
    if (step <= current + 1) {
      lastStep.set(secret, step);
      return totp(secret, step * STEP_MS);
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * STEP_MS - now + 50));
  }
}
