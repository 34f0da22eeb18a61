// Newsletter double opt-in over a real SMTP server: confirmation mail, the sealed link (it does not
// show the signup's id), the unsubscribe link; on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as signupsRoute from '~/routes/api.signups';
import * as confirmRoute from '~/routes/newsletter.bestaetigen';
import * as unsubscribeRoute from '~/routes/newsletter.abmelden';
import { sweepMailOutbox } from '~/server/app/mail-queues.server';
import { startOutbox } from '~/server/mail/outbox.server';
import { schema } from '~/server/db/db.server';
import { describeEachDatabase } from '../support/database';
import { smtpSink } from '../support/smtp';
import { sign } from '~/server/signing.server';
import { PUBLIC_URL, call, post, useTestConfig } from '../support/routes';

const smtp = smtpSink();

const email = () => `reiterin-${crypto.randomUUID().slice(0, 8)}@example.org`;
async function signUp(over: Record<string, unknown>) {
  const res = await call(
    signupsRoute.action,
    post('/api/signups', { id: crypto.randomUUID(), userType: 'reiter', name: 'Jördis Müller', ...over }),
  );
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
}
const linkTo = (links: string[], path: string) => links.find((l) => l.startsWith(`${PUBLIC_URL}${path}?token=`))!;
/** The button on the confirmation page: a form POST carrying the link's token. */
const confirmPost = (link: string) =>
  new Request(`${PUBLIC_URL}/newsletter/bestaetigen`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: new URL(link).searchParams.get('token') ?? '' }).toString(),
  });
const confirm = (link: string) => call(confirmRoute.action, confirmPost(link));

describeEachDatabase('newsletter double opt-in', (current) => {
  // The confirmation mails go out through the outbox, as in the server (start.server.ts).
  let stopOutbox: () => Promise<void>;
  beforeAll(() => {
    useTestConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Bewegungscoaching <hallo@bewegung.test>' });
    stopOutbox = startOutbox([sweepMailOutbox]);
  });
  afterAll(() => stopOutbox());
  const row = async (id: string) =>
    (await current().db.select().from(schema.signups).where(eq(schema.signups.id, id)))[0]!;

  test('an opt-in gets a German confirmation mail; the button behind the link confirms it once', async () => {
    const to = email();
    const id = await signUp({ email: to, newsletterOptIn: true });
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    expect(mail.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung');
    expect(mail.headers.from).toContain('hallo@bewegung.test');
    expect(mail.text).toContain('Hallo Jördis Müller,');
    expect(mail.text).toContain('Bitte bestätige das mit einem Klick auf diesen Link');
    const link = linkTo(mail.links, '/newsletter/bestaetigen');
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect((await row(id)).newsletterConfirmedAt).toBeNull();

    // Opening the link (as a mail scanner does) only shows the button; consent needs the click.
    expect(await call(confirmRoute.loader, new Request(link))).toMatchObject({ state: 'pending' });
    expect(await call(confirmRoute.loader, new Request(link))).toMatchObject({ state: 'pending' });
    expect((await row(id)).newsletterConfirmedAt).toBeNull();

    expect(await confirm(link)).toEqual({ result: 'confirmed' });
    const confirmedAt = (await row(id)).newsletterConfirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);
    // A second click keeps the first time (the proof of consent).
    expect(await confirm(link)).toEqual({ result: 'already-confirmed' });
    expect((await row(id)).newsletterConfirmedAt).toEqual(confirmedAt);
    expect(await call(confirmRoute.loader, new Request(link))).toMatchObject({ state: 'already-confirmed' });
  });

  test("the confirmation mail carries the stable link of the signup's group, never a WhatsApp invitation", async () => {
    const rider = email();
    const trainer = email();
    await signUp({ email: rider, newsletterOptIn: true });
    await signUp({ email: trainer, userType: 'trainer', newsletterOptIn: true });
    for (const [to, audience] of [
      [rider, 'reiter'],
      [trainer, 'trainer'],
    ]) {
      const mail = await smtp.waitFor((m) => m.to.includes(to!));
      expect(mail.links).toContain(`${PUBLIC_URL}/gruppe/${audience}`);
      expect(mail.text.replace(/\r\n/g, '\n')).toContain(
        `Hier ist dein Link zur Gruppe.\n\n${PUBLIC_URL}/gruppe/${audience}\n`,
      );
      expect(mail.html).toContain(`<a href="${PUBLIC_URL}/gruppe/${audience}">`);
      expect(mail.text + mail.html).not.toContain('chat.whatsapp.com');
    }
  });

  test('no opt-in, no mail; a repeated signup sends no second mail', async () => {
    const quiet = email();
    await signUp({ email: quiet, newsletterOptIn: false });
    const twice = email();
    const id = crypto.randomUUID();
    await signUp({ id, email: twice, newsletterOptIn: true });
    await call(signupsRoute.action, post('/api/signups', { id, userType: 'reiter', name: 'X', email: twice }));
    await smtp.waitFor((m) => m.to.includes(twice));
    // Give a wrong extra mail time to arrive, then check none did.
    await signUp({ email: email(), newsletterOptIn: true }).then(() => smtp.waitFor((m) => m.text.includes('Hallo')));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.to.includes(quiet))).toHaveLength(0);
    expect(smtp.mails.filter((m) => m.to.includes(twice))).toHaveLength(1);
  });

  test('a forged or altered confirmation link confirms nothing', async () => {
    const to = email();
    const id = await signUp({ email: to, newsletterOptIn: true });
    const link = linkTo((await smtp.waitFor((m) => m.to.includes(to))).links, '/newsletter/bestaetigen');
    const token = new URL(link).searchParams.get('token')!;
    const otherId = await signUp({ email: email(), newsletterOptIn: true });
    const flipped = Buffer.from(token, 'base64url');
    flipped[20] = flipped[20]! ^ 1;
    for (const bad of [flipped.toString('base64url'), `${token}x`, token.slice(0, -2), id, otherId, '', 'a.b']) {
      const forged = `${PUBLIC_URL}/newsletter/bestaetigen?token=${encodeURIComponent(bad)}`;
      expect(await call(confirmRoute.loader, new Request(forged))).toMatchObject({ state: 'invalid' });
      expect(await confirm(forged)).toEqual({ result: 'invalid' });
    }
    // The unsubscribe token is not a confirmation token.
    const unsubscribe = new URL(linkTo((await smtp.waitFor((m) => m.to.includes(to))).links, '/newsletter/abmelden'));
    expect(await confirm(`${PUBLIC_URL}/newsletter/bestaetigen${unsubscribe.search}`)).toEqual({ result: 'invalid' });
    // A POST without any body confirms nothing and does not fail.
    const empty = new Request(`${PUBLIC_URL}/newsletter/bestaetigen`, { method: 'POST', body: '' });
    expect(await call(confirmRoute.action, empty)).toEqual({ result: 'invalid' });
    expect((await row(id)).newsletterConfirmedAt).toBeNull();
    expect((await row(otherId)).newsletterConfirmedAt).toBeNull();
  });

  // The newsletters' own mails carry it too (tested with their sending).
  test('the confirmation mail carries an unsubscribe link that works (page and one-click)', async () => {
    const to = email();
    const id = await signUp({ email: to, newsletterOptIn: true });
    const confirmation = await smtp.waitFor((m) => m.to.includes(to));
    await confirm(linkTo(confirmation.links, '/newsletter/bestaetigen'));
    expect(await row(id)).toMatchObject({ newsletterOptIn: true, newsletterUnsubscribedAt: null });
    expect((await row(id)).newsletterConfirmedAt).toBeInstanceOf(Date);

    for (const mail of [confirmation]) {
      const link = linkTo(mail.links, '/newsletter/abmelden');
      expect(link).toBeDefined();
      expect(mail.text).toContain('abmelden');
      expect(mail.headers['list-unsubscribe']).toBe(`<${link}>`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }
    const link = linkTo(confirmation.links, '/newsletter/abmelden');
    // Opening the link shows a button and changes nothing (link scanners must not unsubscribe).
    expect(await call(unsubscribeRoute.loader, new Request(link))).toMatchObject({ valid: true });
    expect((await row(id)).newsletterUnsubscribedAt).toBeNull();
    // The mail app's one-click POST (RFC 8058) unsubscribes.
    const oneClick = new Request(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await call(unsubscribeRoute.action, oneClick)).toEqual({ result: 'unsubscribed' });
    const unsubscribedAt = (await row(id)).newsletterUnsubscribedAt;
    expect(unsubscribedAt).toBeInstanceOf(Date);
    // The page's button (token in the form) works too and is idempotent.
    const form = new Request(`${PUBLIC_URL}/newsletter/abmelden`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token')! }).toString(),
    });
    expect(await call(unsubscribeRoute.action, form)).toEqual({ result: 'unsubscribed' });
    expect((await row(id)).newsletterUnsubscribedAt).toEqual(unsubscribedAt);
    // RFC 8058 lets a mail app send its one-click POST as multipart/form-data too.
    const multipart = new FormData();
    multipart.set('List-Unsubscribe', 'One-Click');
    const oneClickMultipart = new Request(link, { method: 'POST', body: multipart });
    expect(await call(unsubscribeRoute.action, oneClickMultipart)).toEqual({ result: 'unsubscribed' });
    // After unsubscribing, the old confirmation link does not subscribe again.
    const confirmLink = linkTo(confirmation.links, '/newsletter/bestaetigen');
    expect(await confirm(confirmLink)).toEqual({ result: 'unsubscribed' });
    expect(await call(confirmRoute.loader, new Request(confirmLink))).toMatchObject({ state: 'unsubscribed' });
    expect((await row(id)).newsletterConfirmedAt).toBeInstanceOf(Date);
  });

  test("the links do not show the signup's id, which a replay of the signup would need", async () => {
    const to = email();
    const id = await signUp({ email: to, newsletterOptIn: true });
    const mail = await smtp.waitFor((m) => m.to.includes(to));
    for (const path of ['/newsletter/bestaetigen', '/newsletter/abmelden']) {
      const token = new URL(linkTo(mail.links, path)).searchParams.get('token')!;
      expect(token).not.toContain(id);
      expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(id);
    }
    expect(mail.raw).not.toContain(id);
  });

  test('links of mails sent before the links were sealed (the id, signed) keep working', async () => {
    const to = email();
    const id = await signUp({ email: to, newsletterOptIn: true });
    await smtp.waitFor((m) => m.to.includes(to));
    const old = (path: string, purpose: string) =>
      `${PUBLIC_URL}${path}?token=${encodeURIComponent(sign(purpose, id))}`;
    expect(await confirm(old('/newsletter/bestaetigen', 'newsletter-confirm'))).toEqual({ result: 'confirmed' });
    const unsubscribe = new Request(old('/newsletter/abmelden', 'newsletter-unsubscribe'), {
      method: 'POST',
      body: '',
    });
    expect(await call(unsubscribeRoute.action, unsubscribe)).toEqual({ result: 'unsubscribed' });
  });

  test('a forged unsubscribe link is refused', async () => {
    const res = await call(unsubscribeRoute.loader, new Request(`${PUBLIC_URL}/newsletter/abmelden?token=abc.def`));
    expect(res).toMatchObject({ valid: false });
    const post = new Request(`${PUBLIC_URL}/newsletter/abmelden?token=abc.def`, { method: 'POST', body: '' });
    expect(await call(unsubscribeRoute.action, post)).toEqual({ result: 'invalid' });
  });
});
