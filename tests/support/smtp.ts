// A real SMTP server (smtp-server) that captures every mail, for tests of the mails we send.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** Nothing listens on port 1: every mail sent to this SMTP URL fails at once. */
export const SMTP_DOWN = 'smtp://127.0.0.1:1';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** Header names in lower case; values unfolded. */
  headers: Record<string, string>;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part ('' when there is none). */
  html: string;
  /** Every http(s) link in the text part. */
  links: string[];
}

export interface TestSmtp {
  url: string;
  mails: CapturedMail[];
  /** Mails whose data began to arrive (received or not yet). */
  readonly receiving: number;
  /** Resolves with the first mail (already received or arriving) that matches. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding = '') {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

function decodeWord(value: string) {
  // RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), enough for subjects.
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Splits a (multipart) message into its leaf parts. */
function parts(raw: string): { headers: Record<string, string>; body: string }[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => parts(p.replace(/^\r?\n/, '')));
}

function parseMail(raw: string, to: string[] = []): CapturedMail {
  const headers = parseHeaders(raw.slice(0, raw.search(/\r?\n\r?\n/)));
  const leaves = parts(raw);
  const find = (type: string) => {
    const part = leaves.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith(type));
    return part ? decodeBody(part.body, part.headers['content-transfer-encoding']) : '';
  };
  const text = find('text/plain');
  return {
    to,
    raw,
    headers,
    subject: decodeWord(headers.subject ?? ''),
    text,
    html: find('text/html'),
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

export interface SmtpOptions {
  /** Recipients this server refuses for good (550), as a mailbox that does not exist. */
  refuse?: (address: string) => boolean;
  /** Recipients this server turns away for now (450), as a full mailbox or greylisting. */
  defer?: (address: string) => boolean;
  /** How long the server takes to accept each mail after its data (a slow mail server). */
  acceptDelayMs?: number;
}

export async function startSmtp({ refuse, defer, acceptDelayMs = 0 }: SmtpOptions = {}): Promise<TestSmtp> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let receiving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // The server's pooled client connections stay open; closing must not wait the default 30 s for them.
    closeTimeout: 100,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address))
        return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      if (defer?.(address.address))
        return callback(Object.assign(new Error('4.2.2 Mailbox full, try again later'), { responseCode: 450 }));
      callback();
    },
    onData(stream, session, callback) {
      receiving++;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, acceptDelayMs));
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        waiters.forEach((w) => w());
        callback();
      });
    },
  });
  // A client killed mid-conversation (the crash tests SIGKILL servers) resets its socket; smtp-server
  // reports that as an 'error' event, which would be uncaught without a listener.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get receiving() {
      return receiving;
    },
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mails.find(match);
          if (!mail) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface SmtpSink extends Omit<TestSmtp, 'close'> {
  /** Every mail received so far with `to` among its recipients. */
  mailsTo(to: string): CapturedMail[];
}

/**
 * One capturing SMTP server for the test file (or describe block) that calls this: started before
 * its first test, closed after its last. Read its fields inside tests and hooks, not at the top.
 */
export function smtpSink(options: SmtpOptions = {}): SmtpSink {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp(options);
  });
  afterAll(() => smtp?.close());
  const current = () => {
    if (!smtp) throw new Error('the SMTP sink starts in beforeAll: use it inside a test or a hook');
    return smtp;
  };
  return {
    get url() {
      return current().url;
    },
    get mails() {
      return current().mails;
    },
    get receiving() {
      return current().receiving;
    },
    waitFor: (match, timeoutMs) => current().waitFor(match, timeoutMs),
    mailsTo: (to) => current().mails.filter((m) => m.to.includes(to)),
  };
}
