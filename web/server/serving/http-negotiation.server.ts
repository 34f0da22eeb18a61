// Content negotiation for files held ready in several encodings (negotiator, as Express uses it),
// and conditional requests on their entity tags (fresh).
import fresh from 'fresh';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';

/** At equal weight brotli (smaller) wins over gzip, and both win over identity. */
const PREFERRED: Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The encoding to send for an `Accept-Encoding` header, among those available (identity always
 * is, and is sent when the client accepts nothing we have). The client's weights decide.
 */
export function pickEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  if (!header) return 'identity';
  const offered = PREFERRED.filter((coding) => coding === 'identity' || available[coding]);
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
  // negotiator 1.x takes the server's preference for ties (its bundled types describe 0.6).
  const encoding = (
    negotiator.encoding as (available: string[], options: { preferred: string[] }) => string | undefined
  )(offered, { preferred: PREFERRED });
  return (encoding as Encoding | undefined) ?? 'identity';
}

/** True when an `If-None-Match` header matches `etag` (weak comparison, `*` matches any). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  return header !== undefined && fresh({ 'if-none-match': header }, { etag });
}
