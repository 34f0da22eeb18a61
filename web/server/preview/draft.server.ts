// What a page's loader hands to the preview: the drafts (stega-marked, for the page), the same
// content without marks (for meta tags and structured data), or, when a draft cannot make the page
// yet (a required field still empty), the German explanation the preview shows instead.
import { ContentError, withoutStega } from '../content/content.server';
import { hasValidPreviewCookie } from './cookie.server';

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
 * content as always); otherwise the drafts `load` returns, loaded now and never cached.
 */
export async function loadDraft<T>(request: Request, load: () => Promise<T>): Promise<DraftLoad<T> | undefined> {
  if (!(await hasValidPreviewCookie(request.headers.get('cookie')))) return undefined;
  try {
    const content = await load();
    return { preview: {}, content, plainContent: await withoutStega(content) };
  } catch (error) {
    if (error instanceof ContentError) return { preview: { problem: error.explanation } };
    throw error;
  }
}
