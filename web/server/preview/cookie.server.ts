// The preview cookie: proof that the Studio's Presentation tool sent this browser here with a valid
// secret within the last hour. Signed (React Router's createCookie) with a key derived from
// AUTH_SECRET for this cookie alone, HttpOnly, and readable by nothing but this server.
//
// SameSite: the Studio shows the site in an iframe. Over https the cookie is `SameSite=None;
// Secure; Partitioned`, so that it is sent inside that frame also when the Studio runs on another
// site (*.sanity.studio): `Partitioned` (CHIPS) keeps it in the Studio's partition, where browsers
// that refuse ordinary third-party cookies (Chrome's blocking mode, Firefox's Total Cookie
// Protection) still accept it; Safari refuses cookies in cross-site frames altogether, so the
// Studio belongs on the site's own domain (studio.<domain> or /studio), where the frame is
// same-site and every browser sends the cookie. Over http (development) the browser refuses
// `None` without `Secure`: `Lax` then, which a Studio on localhost:<other port> satisfies (same site).
import { NEWSLETTER_PREVIEW_PATH } from '~/lib/newsletter';
import { PUBLIC_PAGES } from '~/lib/public-pages';
import { getConfig } from '../config.server';
import { signedCookie } from '../signing.server';

export const PREVIEW_COOKIE = 'draft_preview';
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/** What the cookie holds (signed, so the browser cannot change it): when the preview ends. */
interface PreviewGrant {
  expiresAt: number;
}

const previewJar = signedCookie(PREVIEW_COOKIE, 'draft-preview', (https) => ({
  maxAge: PREVIEW_TTL_MS / 1000,
  ...(https ? { sameSite: 'none', secure: true, partitioned: true } : { sameSite: 'lax' }),
}));

/** The Set-Cookie header that starts a preview at `now` (for PREVIEW_TTL_MS). */
export const previewCookie = (now = Date.now()) =>
  previewJar().serialize({ expiresAt: now + PREVIEW_TTL_MS } satisfies PreviewGrant);

/** The Set-Cookie header that ends the preview. */
export const endedPreviewCookie = () => previewJar().serialize('', { maxAge: 0, expires: new Date(0) });

const NAMED = new RegExp(`(?:^|;)\\s*${PREVIEW_COOKIE}=`);

/**
 * Whether a Cookie header names the preview cookie at all: a test on the string, so that the
 * static fast path pays nothing for the visitors who have none.
 */
export const namesPreviewCookie = (cookieHeader: string | null | undefined) =>
  Boolean(cookieHeader?.includes(PREVIEW_COOKIE)) && NAMED.test(cookieHeader!);

/**
 * Whether a Cookie header carries a preview cookie this server signed and that has not expired,
 * while the preview is configured. Anything else (no cookie, forged, expired, preview turned off)
 * is a visitor who sees the published site.
 */
export async function hasValidPreviewCookie(cookieHeader: string | null | undefined, now = Date.now()) {
  if (!namesPreviewCookie(cookieHeader) || !getConfig().sanity.preview) return false;
  const grant: unknown = await previewJar()
    .parse(cookieHeader!)
    .catch(() => null);
  const expiresAt = (grant as Partial<PreviewGrant> | null)?.expiresAt;
  return typeof expiresAt === 'number' && expiresAt > now && expiresAt <= now + PREVIEW_TTL_MS;
}

const CONTENT_PAGES = new Set<string>(PUBLIC_PAGES);
const NEWSLETTER_PREVIEW = new RegExp(`^${NEWSLETTER_PREVIEW_PATH}[^/]+$`);

/**
 * Whether a request path is a content page (or its data) that the preview shows and the Studio may
 * frame: the public pages and the preview of a newsletter. Every other page (the team dashboard,
 * the account, sign-in) stays unframeable, preview cookie or not.
 */
export function previewablePath(pathname: string): boolean {
  let page = pathname.toLowerCase();
  if (page.endsWith('.data')) page = page === '/_.data' ? '/' : page.slice(0, -'.data'.length);
  if (page.length > 1) page = page.replace(/\/+$/, '');
  return CONTENT_PAGES.has(page) || NEWSLETTER_PREVIEW.test(page);
}
