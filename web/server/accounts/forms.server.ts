// Reading the account pages' form posts and passing Better Auth's cookies on to the browser.
import { HttpError, readText } from '../http/http.server';

/** The posted form (URL-encoded, at most 16 KB; a larger body reads as an empty form). */
export async function readForm(request: Request): Promise<URLSearchParams> {
  try {
    return new URLSearchParams(await readText(request));
  } catch (error) {
    if (error instanceof HttpError) return new URLSearchParams();
    throw error;
  }
}

/** Response headers that set (or clear) the cookies Better Auth answered. */
export function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
