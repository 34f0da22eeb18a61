// Reading the account pages' form posts and passing Better Auth's cookies on to the browser.

/** The posted form (URL-encoded, at most 16 KB; a larger body is answered 413). */
export { readForm } from '../http/http.server';

/** Response headers that set (or clear) the cookies Better Auth answered. */
export function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
