// What a page's loader hands to the preview: the drafts (stega-marked, for the page), the same
// content without marks (for meta tags and structured data), or, when a draft cannot make the page
// yet (a required field still empty), the German explanation the preview shows instead.
import { ContentError, withoutStega } from '../content/content.server';
import { log } from '../log.server';
import { hasValidPreviewCookie } from './cookie.server';

/** A draft that has not loaded within this long is not waited for: the published page is shown. */
export const DRAFT_TIMEOUT_MS = 5_000;

/** Sent to the browser with a previewed page (root.tsx shows the preview tools when it is there). */
export interface PreviewState {
  /** Why the draft cannot be shown yet, in German; absent when it can. */
  problem?: string;
}

export type DraftLoad<T> =
  | { preview: PreviewState; content: T; plainContent: T }
  | { preview: PreviewState; content?: undefined; plainContent?: undefined };

/**
 * Undefined for a request without a valid preview cookie (the page then loads the published
 * content as always); otherwise the drafts `load` returns, loaded now and never cached. When the
 * content source does not answer (an error, or nothing within DRAFT_TIMEOUT_MS), undefined too:
 * the editor sees the published page rather than an error.
 */
export async function loadDraft<T>(
  request: Request,
  load: () => Promise<T>,
  timeoutMs = DRAFT_TIMEOUT_MS,
): Promise<DraftLoad<T> | undefined> {
  if (!(await hasValidPreviewCookie(request.headers.get('cookie')))) return undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const content = await Promise.race([load(), timedOut]);
    return { preview: {}, content, plainContent: await withoutStega(content) };
  } catch (error) {
    if (error instanceof ContentError) return { preview: { problem: error.explanation } };
    log.warn({ err: error }, 'Preview: the drafts could not be loaded; showing the published page');
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
