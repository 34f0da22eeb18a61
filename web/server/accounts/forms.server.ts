// The account pages' forms: what each posts (read with http's readPageForm), passing Better Auth's
// cookies on to the browser, and checking that a form post came from the site itself.
import { z } from 'zod';

// Lenient, as a page's form is: a missing or odd field is empty, and the page or Better Auth
// refuses it in their words.

/** A post to /konto: its button's intent, with the delete form's password and the newsletter choice's signup. */
export const kontoForm = z.object({
  intent: z
    .enum([
      'sign-out',
      'sign-out-everywhere',
      'resend-verification',
      'newsletter-unsubscribe',
      'newsletter-resubscribe',
      'delete',
    ])
    .optional()
    .catch(undefined),
  password: z.string().catch(''),
  signup: z.string().optional().catch(undefined),
});

/** A post to /passwort-neu: the link's token and the new password. */
export const newPasswordForm = z.object({ token: z.string().catch(''), password: z.string().catch('') });

/** A post to /konto/bestaetigen: the link's token and the password (at most 1,000 characters read). */
export const verificationForm = z.object({
  token: z.string().catch(''),
  password: z
    .string()
    .catch('')
    .transform((password) => password.slice(0, 1000)),
});

/** Response headers that set (or clear) the cookies Better Auth answered. */
export function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/**
 * Whether a form post to an account page came from this site's own page, as Better Auth's origin
 * check decides for its endpoints: the `Origin` (else the `Referer`) must be the site's; a post that
 * names neither counts only when the browser says it is same-origin. The session cookie is
 * SameSite=Lax besides, so a cross-site form never carries it.
 */
export function postedFromOwnPage(request: Request, publicUrl: string): boolean {
  const own = [new URL(publicUrl).origin, new URL(request.url).origin];
  const origin = request.headers.get('origin');
  const claimed = origin && origin !== 'null' ? origin : originOf(request.headers.get('referer'));
  if (claimed) return own.includes(claimed);
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

function originOf(url: string | null): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}
