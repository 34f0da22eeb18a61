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

/** True when `header` is a valid signature of exactly this body with this secret. */
export function verifySanityWebhook(body: string, header: string | null | undefined, secret: string) {
  const match = SIGNATURE_FORMAT.exec(header?.trim() ?? '');
  if (!match || !body) return false;
  const timestamp = Number(match[1]);
  const expected = Buffer.from(signSanityWebhook(body, secret, timestamp).split('v1=')[1]!);
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
