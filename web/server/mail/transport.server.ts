// Outgoing mail. Over SMTP (SMTP_URL) in production; without it every mail is written as an .eml
// file to DATA_DIR/outbox (its path logged, its links printed for a developer), so nothing is lost in development.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig } from '../config.server';
import { log } from '../log.server';
import { OUTBOX_SEND_TIMEOUT_MS } from './outbox.server';

/**
 * Nodemailer's own timeouts (its defaults: 2 minutes to connect, 10 minutes of silence), cut so
 * that one send ends well within OUTBOX_SEND_TIMEOUT_MS, and that within the outbox's lease.
 */
export const SMTP_TIMEOUTS = {
  dnsTimeout: 15_000,
  connectionTimeout: 20_000,
  greetingTimeout: 20_000,
  socketTimeout: 60_000,
} as const;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /**
   * The Message-ID (`<…@…>`); Nodemailer makes a random one without it. A mail that may be sent
   * again (a retry after an attempt whose outcome is unknown) keeps its id, so that mail programs
   * can tell it is the same message.
   */
  messageId?: string;
  /** Links printed to a developer's terminal when mails go to the outbox (e.g. the confirmation link). */
  links?: string[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when written to the outbox. */
  file?: string;
}

const transports = new Map<string, Transporter>();

function smtpTransport(url: string) {
  let transport = transports.get(url);
  if (!transport) {
    // Pooled: a burst of signups reuses a few SMTP connections instead of one per mail.
    transport = nodemailer.createTransport({ url, pool: true, ...SMTP_TIMEOUTS });
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends over SMTP, giving up after `timeoutMs` whatever the server does (a server that trickles
 * can keep each of Nodemailer's timeouts from firing): the connections are closed, so the mail
 * cannot go out later, after the outbox counted it as failed and another process took it on.
 */
async function sendOverSmtp(url: string, message: Parameters<Transporter['sendMail']>[0], timeoutMs: number) {
  const transport = smtpTransport(url);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      transports.delete(url);
      // `force` also closes a connection in the middle of a delivery (Nodemailer's types omit it).
      (transport.close as (options?: { force: boolean }) => void)({ force: true });
      reject(new Error(`SMTP send did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([transport.sendMail(message), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a failed send was refused for good: the receiving side answered the recipient's address
 * (RCPT TO) with a 5xx, e.g. "550 5.1.1 no such mailbox". Anything else may pass on a later attempt
 * or is the sender's own setup, which an operator mends: a 4xx, a lost or refused connection, a
 * timeout, and also a 5xx to the login, the sender or the message (a provider's policy or quota,
 * which must not brand every address undeliverable).
 */
export function refusedForGood(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { command, responseCode } = error as { command?: unknown; responseCode?: unknown };
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** Sends one mail (SMTP, or a file in the outbox). Only the mail queue calls it. */
export async function sendMail(mail: Mail, { timeoutMs = OUTBOX_SEND_TIMEOUT_MS } = {}): Promise<SentMail> {
  const config = getConfig();
  const message = {
    from: config.mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
  };
  if (config.mail.smtpUrl) {
    const info = await sendOverSmtp(config.mail.smtpUrl, message, timeoutMs);
    return { messageId: String(info.messageId) };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  // The files hold what the mails hold (reset links, addresses): readable by the server's user only.
  const outbox = path.join(config.dataDir, 'outbox');
  await mkdir(outbox, { recursive: true, mode: 0o700 });
  await chmod(outbox, 0o700);
  const file = path.join(
    outbox,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
  );
  await writeFile(file, info.message as Buffer, { mode: 0o600 });
  // The log names the file only: the address, the subject (it may hold a name) and the links
  // (tokens) stay in it. A developer gets the links on the terminal, plainly, never in production.
  log.info({ file }, 'Mail written to the outbox (SMTP_URL is not set)');
  if (!config.production && mail.links?.length) console.log(mail.links.map((l) => `  ${l}`).join('\n'));
  return { messageId: String(info.messageId), file };
}
