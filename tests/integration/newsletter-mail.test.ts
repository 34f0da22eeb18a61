// The sample newsletter as a real SMTP server receives it: one multipart/alternative message with
// the plain text and the HTML, the subject, and the headers that let mail programs unsubscribe in
// one click. NEWSLETTER_SCREENSHOTS=<dir> keeps the received message (headers and plain text) there.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { clearContentCache, getNewsletter } from '~/server/content/content.server';
import { sendMail } from '~/server/mail/transport.server';
import { newsletterSite, renderNewsletterMail } from '~/server/newsletter/newsletter.server';
import { PUBLIC_URL, useMailConfig } from '../support/routes';
import { smtpSink } from '../support/smtp';

const smtp = smtpSink();
const UNSUBSCRIBE = `${PUBLIC_URL}/newsletter/abmelden?token=sealed-token-of-anna`;

beforeAll(() => {
  useMailConfig(smtp.url);
  clearContentCache();
});
afterAll(() => clearContentCache());

test('the sample newsletter arrives as multipart/alternative, with its one-click unsubscribe headers', async () => {
  const { newsletter } = (await getNewsletter('newsletter-sitz'))!;
  const mail = await renderNewsletterMail({
    newsletter: newsletter!,
    recipient: { name: 'Anna', signedUpAt: '2026-10-01T08:15:00Z', confirmedAt: '2026-10-01T08:20:00Z' },
    unsubscribeUrl: UNSUBSCRIBE,
    site: await newsletterSite(),
  });
  await sendMail({ to: 'anna@example.org', ...mail });
  const received = await smtp.waitFor((m) => m.to.includes('anna@example.org'));

  expect(received.headers['content-type']).toMatch(/^multipart\/alternative; boundary=/);
  expect(received.subject).toBe('Dein Becken schwingt mit: drei Übungen für einen losgelassenen Sitz');
  expect(received.headers['list-unsubscribe']).toBe(`<${UNSUBSCRIBE}>`);
  expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const parts = [...received.raw.matchAll(/^Content-Type: (text\/[a-z]+)/gim)].map((m) => m[1]);
  expect(parts).toEqual(['text/plain', 'text/html']);
  // As sent, but for the line ends and the line break before the next MIME boundary.
  const asSent = (part: string) => part.replace(/\r\n/g, '\n').trimEnd();
  expect(asSent(received.text)).toBe(mail.text.trimEnd());
  expect(asSent(received.html)).toBe(mail.html.trimEnd());
  // Every link of the text is the site's (PUBLIC_URL) or the unsubscribe link: none counted.
  expect(received.links.every((link) => link.startsWith(`${PUBLIC_URL}/`))).toBe(true);
  expect(received.text).toContain(`Zur Gruppe für Reiterinnen: ${PUBLIC_URL}/gruppe/reiter`);
  expect(received.text).toContain('am 1. Oktober 2026 auf unserer Website angemeldet und das am 1. Oktober 2026');

  const dir = process.env.NEWSLETTER_SCREENSHOTS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const headers = received.raw.slice(0, received.raw.search(/\r?\n\r?\n/));
    writeFileSync(path.join(dir, 'received.txt'), `${headers}\n\n${received.text}`);
  }
});
