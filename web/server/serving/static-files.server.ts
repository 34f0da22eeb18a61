// Files whose bytes are fixed (prerendered pages, hashed assets), held in memory in every encoding
// they come in, with their complete header lists prepared once. Sending one is a header lookup and
// one write: no compression, no header building per request. Each encoding has its own strong ETag
// (RFC 9110: a validator names one representation), and a matching If-None-Match gets a 304.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { etagMatches, pickEncoding, type Encoding } from '~/server/serving/http-negotiation.server';

interface Variant {
  body: Buffer;
  etag: string;
  /** Flat [name, value, …] list for writeHead. */
  headers: string[];
  notModifiedHeaders: string[];
}

export interface StaticFile {
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
}

export interface StaticFileInput {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** Headers every answer carries, in this order (security headers, Cache-Control, Content-Type). */
  headers: Record<string, string>;
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', gzip: '-gz', br: '-br' };

export function staticFile({ identity, gzip, br, headers }: StaticFileInput): StaticFile {
  const digest = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const negotiated = Boolean(gzip || br);
  const variant = (encoding: Encoding, body: Buffer): Variant => {
    const etag = `"${digest}${ETAG_SUFFIX[encoding]}"`;
    const common = [...Object.entries(headers).flat(), 'ETag', etag];
    if (negotiated) common.push('Vary', 'Accept-Encoding');
    const encodingHeader = encoding === 'identity' ? [] : ['Content-Encoding', encoding];
    return {
      body,
      etag,
      headers: [...common, ...encodingHeader, 'Content-Length', String(body.length)],
      notModifiedHeaders: common,
    };
  };
  return {
    identity: variant('identity', identity),
    ...(gzip && { gzip: variant('gzip', gzip) }),
    ...(br && { br: variant('br', br) }),
  };
}

// Clients send few distinct Accept-Encoding values: remember the choice for each (bounded).
const choices = new Map<string, Encoding>();
function encodingFor(header: string | undefined, file: StaticFile): Encoding {
  const key = `${file.br ? 'b' : ''}${file.gzip ? 'g' : ''}:${header ?? ''}`;
  let choice = choices.get(key);
  if (choice === undefined) {
    choice = pickEncoding(header, { br: Boolean(file.br), gzip: Boolean(file.gzip) });
    if (choices.size >= 512) choices.clear();
    choices.set(key, choice);
  }
  return choice;
}

/** Answers a GET or HEAD request with `file`: the client's encoding, or 304 when its copy is current. */
export function sendStaticFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, requestId?: string) {
  const variant = file[encodingFor(req.headers['accept-encoding'], file)] ?? file.identity;
  // The request id joins the fixed list (a header set before writeHead would make Node merge the two).
  const id = requestId === undefined ? [] : ['X-Request-Id', requestId];
  if (etagMatches(req.headers['if-none-match'], variant.etag)) {
    res.writeHead(304, id.length ? variant.notModifiedHeaders.concat(id) : variant.notModifiedHeaders).end();
    return;
  }
  res.writeHead(200, id.length ? variant.headers.concat(id) : variant.headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}
