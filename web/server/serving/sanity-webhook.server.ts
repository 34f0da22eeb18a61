// The signature Sanity puts on its webhook calls (POST /api/revalidate after a publish), so that
// only Sanity, holding the shared secret, can make the server load content again.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'sanity-webhook-signature';
const SIGNATURE_FORMAT = /^t=(\d+)[, ]+v1=([^, ]+)$/;

/** The Sanity webhook signature: `t=<ms>,v1=<base64url HMAC-SHA256 of "<t>.<body>">`. */
export function signSanityWebhook(body: string, secret: string, timestamp = Date.now()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('base64url');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * How far a signature's time may lie from ours: a captured call cannot be replayed later than
 * this (and a clock that is a little off on either side still works).
 */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * True when `header` is a valid signature of exactly this body with this secret, made within
 * SIGNATURE_TOLERANCE_MS of `now`.
 */
export function verifySanityWebhook(body: string, header: string | null | undefined, secret: string, now = Date.now()) {
  const match = SIGNATURE_FORMAT.exec(header?.trim() ?? '');
  if (!match || !body) return false;
  const timestamp = Number(match[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(signSanityWebhook(body, secret, timestamp).split('v1=')[1]!);
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
