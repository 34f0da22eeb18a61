// GET /api/preview/enable and /api/preview/disable: Sanity's preview-mode handshake. The Studio's
// Presentation tool stores a short-lived secret in the dataset (a `sanity.previewUrlSecret`
// document, valid for an hour) and opens the site's enable URL with it in its frame;
// `validatePreviewUrl` of @sanity/preview-url-secret looks the secret up with the server's read
// token. A valid secret issued by the configured Studio gets the preview cookie and a redirect to
// the page the Studio asked for, which is always a path on this site.
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import { z } from 'zod';
import { getConfig } from '../config.server';
import { log } from '../log.server';
import { sanityClient } from '../content/content.server';
import { allow, limitKey } from '../rate-limit.server';
import { fail, ok, type Result } from '../result.server';
import { endedPreviewCookie, previewCookie } from './cookie.server';

/** Secret checks per client address and minute: each one is a query to the Sanity project. */
export const ENABLE_LIMIT_PER_MINUTE = 30;

const previewOff = () =>
  fail('not-found', 'Draft preview is off: SANITY_API_READ_TOKEN and SANITY_STUDIO_URL are not set.');

const refused = () => fail('unauthenticated', 'Invalid or expired preview secret');

const EnableQuery = z.object({
  'sanity-preview-secret': z.string().trim().min(1).max(256),
  'sanity-preview-pathname': z.string().max(2048).optional(),
  'sanity-preview-perspective': z.string().max(256).optional(),
});

/**
 * The part of `target` that stays on this site: its path, query and fragment, or `/` when it
 * names another origin. A leading `//` or `/\` would make a browser read the rest as a host, so
 * leading slashes collapse into one.
 */
export function sameSitePath(target: string): string {
  const base = new URL('http://this-site.invalid/');
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin) return '/';
  return `${url.pathname.replace(/^[/\\]+/, '/')}${url.search}${url.hash}`;
}

/**
 * Checks the Studio's enable URL (`url`, with its secret) from `clientAddress`: the page to open
 * (always on this site) and the preview cookie's Set-Cookie, or why not: 'not-found' (preview is
 * off), 'unauthenticated' (no valid secret of this Studio), 'rate-limited', 'upstream-failed'
 * (Sanity could not be asked). The route maps it (a 307 to the page, or the refusal's answer).
 */
export async function enablePreview(
  url: URL,
  clientAddress: string,
): Promise<Result<{ location: string; setCookie: string }>> {
  const { sanity } = getConfig();
  if (!sanity.preview || !sanity.projectId) return previewOff();
  // Checked before @sanity/preview-url-secret sees the URL: in development it logs a URL it cannot
  // parse together with its client, token included.
  const query = EnableQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return refused();
  const window = { bucket: 'preview-enable', key: limitKey(clientAddress), windowMs: 60_000 };
  const rate = await allow(window, ENABLE_LIMIT_PER_MINUTE);
  if (!rate.allowed) return fail('rate-limited', 'Too many attempts', { retryAfter: rate.retryAfter });

  const client = await sanityClient({
    projectId: sanity.projectId,
    dataset: sanity.dataset,
    apiHost: sanity.apiHost,
    token: sanity.preview.readToken,
  });
  let result: Awaited<ReturnType<typeof validatePreviewUrl>>;
  try {
    result = await validatePreviewUrl(client, url.toString());
  } catch (error) {
    log.error(`Preview: checking the secret with Sanity failed: ${(error as Error).message}`);
    return fail('upstream-failed', 'Sanity could not be asked');
  }
  // A secret is valid for the Studio that created it: one on another origin (another Studio of the
  // same project, a developer's local one) must not open a preview framed by this site's Studio.
  if (!result.isValid || result.studioOrigin !== sanity.preview.studioOrigin) return refused();
  return ok({ location: sameSitePath(result.redirectTo ?? '/'), setCookie: await previewCookie() });
}

/**
 * Ends the preview: the Set-Cookie that clears its cookie, always (also when preview is off, then
 * refused as 'not-found').
 */
export async function disablePreview(): Promise<Result<void> & { setCookie: string }> {
  const setCookie = await endedPreviewCookie();
  return { ...(getConfig().sanity.preview ? ok(undefined) : previewOff()), setCookie };
}
