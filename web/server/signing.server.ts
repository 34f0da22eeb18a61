// HMAC-signed tokens with AUTH_SECRET: a payload, a purpose (so a token made for one use is never
// accepted for another) and a signature compared in constant time. Sealed tokens hide their
// payload too (AES-256-GCM), for links that must not show what they point at.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createCookie, type Cookie, type CookieOptions } from 'react-router';
import { getConfig } from './config.server';

const mac = (purpose: string, payload: string, secret: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest('base64url');

/**
 * A keyed hash of `value` for `purpose`: the same value always gives the same hash, which cannot be
 * read back or made for a guessed value without AUTH_SECRET (a client address kept as a counter's key).
 */
export const keyedHash = (purpose: string, value: string, secret = getConfig().authSecret) =>
  mac(purpose, value, secret);

/** `payload.signature` (the payload should be URL-safe text). */
export function sign(purpose: string, payload: string, secret = getConfig().authSecret): string {
  return `${payload}.${mac(purpose, payload, secret)}`;
}

/** The payload of a token signed for `purpose`, or undefined when it is forged or malformed. */
export function verify(purpose: string, token: unknown, secret = getConfig().authSecret): string | undefined {
  if (typeof token !== 'string' || token.length > 512) return undefined;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(purpose, payload, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : undefined;
}

/** Compares two secrets in constant time (independent of where they differ and of their lengths). */
export function safeEqual(a: string, b: string): boolean {
  const key = 'compare';
  const ha = createHmac('sha256', key).update(a).digest();
  const hb = createHmac('sha256', key).update(b).digest();
  return timingSafeEqual(ha, hb);
}

/**
 * A secret for one purpose, derived from AUTH_SECRET: what is signed with it (a cookie, say) can
 * never pass for something signed for another purpose, or with AUTH_SECRET itself.
 */
export const purposeSecret = (purpose: string, secret = getConfig().authSecret) =>
  createHmac('sha256', secret).update(`purpose\n${purpose}`).digest('base64url');

/**
 * A cookie signed with its purpose's key (React Router's createCookie: HttpOnly, path /), made for
 * the current AUTH_SECRET and https setting, so a changed configuration (tests) gets a new one.
 * `options` adds what the cookie needs besides (lifetime, SameSite, Secure).
 */
export function signedCookie(name: string, purpose: string, options: (https: boolean) => CookieOptions) {
  const made = new Map<string, Cookie>();
  return (): Cookie => {
    const { authSecret, https } = getConfig();
    const id = `${https}:${authSecret}`;
    let cookie = made.get(id);
    if (!cookie) {
      cookie = createCookie(name, {
        secrets: [purposeSecret(purpose, authSecret)],
        httpOnly: true,
        path: '/',
        ...options(https),
      });
      made.set(id, cookie);
    }
    return cookie;
  };
}

/** The AES-256 key of one purpose, derived from AUTH_SECRET (never the key of another purpose). */
const sealKey = (purpose: string, secret: string) => createHmac('sha256', secret).update(`seal\n${purpose}`).digest();

/**
 * A token that carries `payload` unreadably and unforgeably (AES-256-GCM with a random nonce, so
 * two tokens of one payload differ): base64url of nonce, ciphertext and tag. For links in mails,
 * which must not show a record's id.
 */
export function seal(purpose: string, payload: string, secret = getConfig().authSecret): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(purpose, secret), nonce);
  const body = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url');
}

/** The payload of a token sealed for `purpose`, or undefined when it is forged, altered or malformed. */
export function unseal(purpose: string, token: unknown, secret = getConfig().authSecret): string | undefined {
  if (typeof token !== 'string' || token.length > 512 || !/^[\w-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 12 + 16 + 1) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(purpose, secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(-16));
    return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
