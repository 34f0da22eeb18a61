// What the visitor counts take of a request, the same for the beacon's page views (insights) and the
// clicks on the stable group links (community): whether it counts at all, and its campaign's utm
// values as they are kept. Both domains count; neither imports the other for it.
import { isbot } from 'isbot';
import { INSIGHTS_LIMITS } from '~/lib/insights';

/** A request header by its lower-case name. */
export type HeaderReader = (name: string) => string | null | undefined;

/**
 * Whether a request is not counted: bots (and requests without a user agent), prefetches
 * (`Sec-Purpose`/`Purpose: prefetch`), and visitors who ask not to be tracked (`Sec-GPC: 1`, `DNT: 1`).
 */
export function notCounted(headers: Headers | HeaderReader): boolean {
  const header = typeof headers === 'function' ? headers : (name: string) => headers.get(name);
  const userAgent = header('user-agent') ?? '';
  if (!userAgent || isBot(userAgent)) return true;
  if (/prefetch/i.test(header('sec-purpose') ?? '') || /prefetch/i.test(header('purpose') ?? '')) return true;
  return header('sec-gpc')?.trim() === '1' || header('dnt')?.trim() === '1';
}

// isbot's pattern is long; visitors send the same few user agents again and again.
const botVerdicts = new Map<string, boolean>();
function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= 2000) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

/**
 * A utm value as it is stored: lower case, every run of characters other than letters, digits,
 * `.`, `_` and `-` made one `-`, at most 100 characters. So a campaign name is a plain word the
 * dashboard and the CSV show as text, never markup, a formula or a separator.
 */
export function cleanUtm(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, INSIGHTS_LIMITS.utm);
}
