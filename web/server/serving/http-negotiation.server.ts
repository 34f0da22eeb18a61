// Content negotiation for files held ready in several encodings, and conditional requests on
// their entity tags. Pure functions over header values (no Node types).

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send for an `Accept-Encoding` header, among those available (identity always
 * is). The client's weights decide; at equal weight brotli (smaller) wins over gzip, and both win
 * over identity. `q=0` refuses a coding; `*` stands for every coding not named.
 */
export function pickEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    // A coding named twice: the higher weight counts.
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (!available[coding]) continue;
    const q = weight(coding);
    if (q > bestWeight) {
      best = coding;
      bestWeight = q;
    }
  }
  // A client that names identity with a higher weight than every compressed coding gets it.
  const identity = weights.get('identity') ?? 0;
  return bestWeight > 0 && bestWeight >= identity ? best : 'identity';
}

/**
 * True when an `If-None-Match` header matches `etag`: `*`, or the tag in the list, compared weakly
 * (a `W/` prefix is ignored, as caches that re-encode a response weaken its tag).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const wanted = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === wanted);
}
