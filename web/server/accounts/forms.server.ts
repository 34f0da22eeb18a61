// Passing Better Auth's cookies on to the browser (the pages read their forms with http's readForm).

/** Response headers that set (or clear) the cookies Better Auth answered. */
export function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
