// Outgoing mail. Over SMTP (SMTP_URL) in production; without it every mail is written as an .eml
// file to DATA_DIR/outbox (its path logged, its links printed for a developer), so nothing is lost in development.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig } from '../config.server';
import { log } from '../log.server';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
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
    transport = nodemailer.createTransport({ url, pool: true });
    transports.set(url, transport);
  }
  return transport;
}

export async function sendMail(mail: Mail): Promise<SentMail> {
  const config = getConfig();
  const message = {
    from: config.mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
  };
  if (config.mail.smtpUrl) {
    const info = await smtpTransport(config.mail.smtpUrl).sendMail(message);
    return { messageId: String(info.messageId) };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const outbox = path.join(config.dataDir, 'outbox');
  await mkdir(outbox, { recursive: true });
  const file = path.join(
    outbox,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
  );
  await writeFile(file, info.message as Buffer);
  // The log names the file only: the address, the subject (it may hold a name) and the links
  // (tokens) stay in it. A developer gets the links on the terminal, plainly, never in production.
  log.info({ file }, 'Mail written to the outbox (SMTP_URL is not set)');
  if (!config.production && mail.links?.length) console.log(mail.links.map((l) => `  ${l}`).join('\n'));
  return { messageId: String(info.messageId), file };
}
