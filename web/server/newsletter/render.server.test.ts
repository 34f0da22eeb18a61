// One newsletter mail as the queue sends it: the plain text, the HTML's structure as mail programs
// read it, the unsubscribe headers, escaping, hosts, dark mode, and what caniemail.com says the
// mail programs our readers use support.
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { describe, expect, test } from 'vitest';
import { checkNewsletter, type Newsletter } from '~/lib/newsletter';
import { renderNewsletterMail } from './render.server';
import type { NewsletterMailInput, NewsletterSite } from './parts.server';

const PUBLIC_URL = 'https://bewegung.test';
const SHA = '0968e656b3830f59a9d2b9ef9945337931522c4c';
const UNSUBSCRIBE = `${PUBLIC_URL}/newsletter/abmelden?token=sealed-token`;

const site: NewsletterSite = {
  publicUrl: `${PUBLIC_URL}/`,
  name: 'Bewegungscoaching für Pferd und Reiter',
  operator: {
    name: 'Lena Hartmann',
    businessName: 'Bewegungscoaching Lena Hartmann',
    street: 'Hofweg 3',
    postalCode: '12345',
    city: 'Reitdorf',
    country: 'Deutschland',
  },
};

const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: text.slice(0, 8), text, marks });
const block = (children: object[], extra: object = {}) => ({
  _type: 'block',
  _key: `k${Math.random()}`,
  style: 'normal',
  markDefs: [],
  children,
  ...extra,
});

/** Every part a newsletter can have, with text that must be escaped. */
const RAW = {
  id: 'newsletter-test',
  updatedAt: '2025-10-14T08:00:00Z',
  subject: 'Drei Übungen <für> „deinen“ Sitz & mehr',
  preheader: 'Kleine Übungen vor dem Aufsteigen',
  audience: 'reiter',
  body: [
    block([span('Bewegung beginnt bei dir')], { style: 'h2' }),
    block([span('Hallo <script>alert(1)</script> & "willkommen"!')]),
    block([span('Alles zu den Programmen '), span('auf unserer Website', ['web']), span('.')], {
      markDefs: [{ _type: 'link', _key: 'web', href: '/' }],
    }),
    block([span('Fragen? '), span('Schreib mir', ['mail', 'strong'])], {
      markDefs: [{ _type: 'link', _key: 'mail', href: 'mailto:hallo@bewegung.test' }],
    }),
    {
      _type: 'image',
      _key: 'img',
      alt: 'Geschwungene Linien als Sinnbild für ein mitschwingendes Becken',
      asset: {
        _id: `image-${SHA}-1200x900-jpg`,
        url: `file:///content/images/${SHA}-1200x900.jpg`,
        width: 1200,
        height: 900,
      },
    },
    block([span('Übungen')], { style: 'h3' }),
    block([span('Becken kreisen', ['strong']), span(': zehnmal')], { listItem: 'number', level: 1 }),
    block([span('Atmen')], { listItem: 'number', level: 1 }),
    block([span('langsam')], { listItem: 'bullet', level: 2 }),
    block([span('Wirkt')], { listItem: 'bullet', level: 1 }),
    { _type: 'button', _key: 'btn', label: 'Zur Gruppe', url: '/gruppe/reiter' },
    block(
      [
        span('Mehr: '),
        span('https://example.org/tipps', ['tipps']),
        span(' oder '),
        span('hallo@bewegung.test', ['mail']),
      ],
      {
        markDefs: [
          { _type: 'link', _key: 'tipps', href: 'https://example.org/tipps' },
          { _type: 'link', _key: 'mail', href: 'mailto:hallo@bewegung.test' },
        ],
      },
    ),
    block([span('Bis bald\nLena')]),
  ],
};

const newsletter: Newsletter = (() => {
  const { newsletter: checked, problems } = checkNewsletter(RAW, { isDatasetImage: (url) => url.startsWith('file:') });
  if (!checked) throw new Error(problems.join('\n'));
  return checked;
})();

const recipient = { name: 'Anna', signedUpAt: '2025-10-01T10:00:00Z', confirmedAt: '2025-10-02T22:30:00Z' };
const input = (overrides: Partial<NewsletterMailInput> = {}): NewsletterMailInput => ({
  newsletter,
  recipient,
  unsubscribeUrl: UNSUBSCRIBE,
  site,
  ...overrides,
});

const dom = (html: string) => parseDocument(html);
const all = (html: string, name: string) => DomUtils.getElementsByTagName(name, dom(html)) as Element[];
const textOf = (html: string) => DomUtils.textContent(dom(html)).replace(/\s+/g, ' ');

describe('a newsletter mail', () => {
  test('subject, plain text, HTML and the one-click unsubscribe headers', async () => {
    const mail = await renderNewsletterMail(input());
    expect(mail.subject).toBe(RAW.subject);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${UNSUBSCRIBE}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text.length).toBeGreaterThan(200);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
  });

  test('the plain text: underlined headings, lists, links with their address, the button, the footer', async () => {
    const { text } = await renderNewsletterMail(input());
    expect(text).toContain('Bewegung beginnt bei dir\n========================\n');
    expect(text).toContain('Übungen\n-------\n');
    expect(text).toContain('Hallo <script>alert(1)</script> & "willkommen"!');
    expect(text).toContain(`Alles zu den Programmen auf unserer Website (${PUBLIC_URL}/).`);
    expect(text).toContain('Fragen? Schreib mir (mailto:hallo@bewegung.test)');
    expect(text).toContain('1. Becken kreisen: zehnmal\n2. Atmen\n   - langsam\n\n- Wirkt');
    expect(text).toContain(`Zur Gruppe: ${PUBLIC_URL}/gruppe/reiter`);
    expect(text).toContain('Bis bald\nLena');
    // A link whose text is its address is not followed by it again.
    expect(text).toContain('Mehr: https://example.org/tipps oder hallo@bewegung.test\n');
    const [, footer] = text.split('\n-- \n');
    // Confirmed at 22:30 UTC on 2 October: in Berlin that is the 3rd.
    expect(footer).toContain(
      'Du bekommst diesen Newsletter, weil du dich am 1. Oktober 2025 auf unserer Website angemeldet und das am 3. Oktober 2025 per E-Mail bestätigt hast.',
    );
    expect(footer).toContain(`Vom Newsletter abmelden: ${UNSUBSCRIBE}`);
    expect(footer).toContain(`Impressum: ${PUBLIC_URL}/imprint`);
    expect(footer).toContain('Bewegungscoaching Lena Hartmann\nLena Hartmann\nHofweg 3\n12345 Reitdorf\nDeutschland');
    expect(text).not.toContain('Testmail');
  });

  test('the HTML: German, a title, a hidden preheader, the body as headings, paragraphs and lists', async () => {
    const { html } = await renderNewsletterMail(input());
    const [root] = all(html, 'html');
    expect(root!.attribs.lang).toBe('de');
    expect(DomUtils.textContent(all(html, 'title')[0]!)).toBe(RAW.subject);
    const preheader = all(html, 'div').find((d) => DomUtils.textContent(d).startsWith(RAW.preheader))!;
    expect(preheader.attribs.style).toMatch(/display:none/);
    expect(all(html, 'h2').map((h) => DomUtils.textContent(h))).toEqual(['Bewegung beginnt bei dir']);
    expect(all(html, 'h3').map((h) => DomUtils.textContent(h))).toEqual(['Übungen']);
    const [ol] = all(html, 'ol');
    const items = ol!.children.filter((c): c is Element => (c as Element).name === 'li');
    expect(items.map((li) => DomUtils.textContent(li))).toEqual(['Becken kreisen: zehnmal', 'Atmenlangsam']);
    // The nested list sits in its item; the next bullet list after the numbered one.
    expect(DomUtils.getElementsByTagName('ul', items[1]!).map((ul) => DomUtils.textContent(ul))).toEqual(['langsam']);
    expect(all(html, 'ul')).toHaveLength(2);
    expect(all(html, 'strong').map((s) => DomUtils.textContent(s))).toEqual(['Schreib mir', 'Becken kreisen']);
    expect(all(html, 'br').length).toBeGreaterThanOrEqual(1);
    // The footer: why, unsubscribe, the sender from the imprint.
    const text = textOf(html);
    expect(text).toContain('am 1. Oktober 2025 auf unserer Website angemeldet und das am 3. Oktober 2025 per E-Mail');
    expect(text).toContain('Hofweg 3');
    expect(text).toContain('12345 Reitdorf');
    const unsubscribe = all(html, 'a').find((a) => DomUtils.textContent(a) === 'Vom Newsletter abmelden')!;
    expect(unsubscribe.attribs.href).toBe(UNSUBSCRIBE);
    // No script, no form, nothing that runs.
    for (const tag of ['script', 'form', 'iframe', 'object', 'embed', 'link']) expect(all(html, tag), tag).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  test('the button is a link with the label, drawn by Outlook too', async () => {
    const { html } = await renderNewsletterMail(input());
    const button = all(html, 'a').find((a) => DomUtils.textContent(a).includes('Zur Gruppe'))!;
    expect(button.attribs.href).toBe(`${PUBLIC_URL}/gruppe/reiter`);
    expect(button.attribs.style).toMatch(/background-color:#1f3a2e/);
    expect(html).toContain('<!--[if mso]>');
  });

  test('text is escaped: nothing the founder writes becomes markup', async () => {
    const { html } = await renderNewsletterMail(input());
    expect(html).toContain('Hallo &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;willkommen&quot;!');
    expect(html).toContain('<title>Drei Übungen &lt;für&gt; „deinen“ Sitz &amp; mehr</title>');
    expect(all(html, 'script')).toEqual([]);
  });

  test('images come from our origin only, with width, height and alt text; no pixel, no counted link', async () => {
    const { html } = await renderNewsletterMail(input());
    const images = all(html, 'img');
    expect(images).toHaveLength(1);
    const [img] = images;
    expect(img!.attribs.src).toBe(`${PUBLIC_URL}/images/${SHA}-1200x900-1200.jpg`);
    expect(img!.attribs).toMatchObject({ width: '536', height: '402', alt: (RAW.body[4] as { alt: string }).alt });
    expect(img!.attribs.style).toMatch(/max-width:536px/);
    expect(img!.attribs.style).toMatch(/width:100%/);
    expect(img!.attribs.style).toMatch(/height:auto/);
    // Every link is one the founder wrote (made absolute) or one of the footer's, unchanged.
    const hrefs = all(html, 'a').map((a) => a.attribs.href);
    expect(new Set(hrefs)).toEqual(
      new Set([
        `${PUBLIC_URL}/`,
        'mailto:hallo@bewegung.test',
        'https://example.org/tipps',
        `${PUBLIC_URL}/gruppe/reiter`,
        UNSUBSCRIBE,
        `${PUBLIC_URL}/imprint`,
        `${PUBLIC_URL}/datenschutz`,
      ]),
    );
    // No other host anywhere but the founder's own link: no web font, no background image, no
    // remote stylesheet (the W3C's is the doctype's name, never fetched).
    const urls = [...html.matchAll(/\bhttps?:\/\/[^\s"'<>)]+/g)].map((m) => new URL(m[0]).origin);
    expect(new Set(urls)).toEqual(new Set([PUBLIC_URL, 'https://example.org', 'http://www.w3.org']));
    expect(html).not.toMatch(/url\(/);
  });

  test('light and dark: the mail says it supports both, and dark colours override the light ones', async () => {
    const { html } = await renderNewsletterMail(input());
    const metas = all(html, 'meta').map((m) => [m.attribs.name, m.attribs.content]);
    expect(metas).toContainEqual(['color-scheme', 'light dark']);
    expect(metas).toContainEqual(['supported-color-schemes', 'light dark']);
    const styles = all(html, 'style').map((s) => DomUtils.textContent(s));
    expect(styles).toHaveLength(1);
    const dark = /@media \(prefers-color-scheme: dark\) \{(.*?)\} \}/.exec(styles[0]!)?.[1] ?? '';
    for (const rule of ['.nl-page', '.nl-card', '.nl-text', '.nl-heading', '.nl-link', '.nl-button'])
      expect(dark, rule).toMatch(new RegExp(`\\${rule}[ ,][^}]*\\{`));
    expect(styles[0]).toContain('[data-ogsc] .nl-text');
    // The classes the dark rules name are on the elements.
    for (const name of ['nl-page', 'nl-card', 'nl-text', 'nl-heading', 'nl-link', 'nl-button'])
      expect(html, name).toMatch(new RegExp(`class="[^"]*\\b${name}\\b`));
  });

  test('from 320 to 600 px: a fluid column of at most 600 px, a fixed one for Outlook on Windows', async () => {
    const { html } = await renderNewsletterMail(input());
    const card = all(html, 'table').find((t) => t.attribs.class?.includes('nl-card'))!;
    expect(card.attribs.style).toMatch(/max-width:600px/);
    expect(card.attribs.style).toMatch(/width:100%/);
    expect(html).toContain('<!--[if mso]><table role="presentation" align="center" width="600"');
    expect(all(html, 'meta').some((m) => m.attribs.name === 'viewport')).toBe(true);
    expect(html).toMatch(/@media \(max-width: 620px\)/);
  });

  test('a test mail: "[Test]" subject, a note at the top, an unsubscribe link without a token', async () => {
    const mail = await renderNewsletterMail(input({ recipient: null }));
    expect(mail.subject).toBe(`[Test] ${RAW.subject}`);
    expect(mail.text.startsWith('Das ist eine Testmail an das Team.')).toBe(true);
    expect(textOf(mail.html)).toContain('Das ist eine Testmail an das Team.');
    const tokenless = `${PUBLIC_URL}/newsletter/abmelden`;
    expect(mail.headers['List-Unsubscribe']).toBe(`<${tokenless}>`);
    expect(mail.text).toContain(`Vom Newsletter abmelden: ${tokenless}\n`);
    expect(mail.text + mail.html).not.toContain('sealed-token');
    expect(mail.text).toContain('Hier steht bei den Empfängerinnen, wann sie sich angemeldet');
    // A team member's test with a recipient given is a test all the same.
    expect((await renderNewsletterMail(input({ test: true }))).subject).toBe(`[Test] ${RAW.subject}`);
  });

  test('small enough that Gmail shows it whole (it clips mails over 102 KB, the footer with them)', async () => {
    const { html } = await renderNewsletterMail(input());
    expect(Buffer.byteLength(html)).toBeLessThan(20 * 1024);
  });

  test('a newsletter without preheader has no hidden preview text', async () => {
    const { html } = await renderNewsletterMail(input({ newsletter: { ...newsletter, preheader: undefined } }));
    expect(html).not.toMatch(/display:none/);
  });
});

describe('caniemail.com: what the mail uses works in the programs our readers use', () => {
  const CLIENTS = [
    'apple-mail.*',
    'gmail.*',
    'outlook.*',
    'yahoo.*',
    'samsung-email.*',
    'thunderbird.*',
    'fastmail.*',
    'protonmail.*',
  ];
  /**
   * What some programs lack, each used on purpose because the mail reads well without it: the
   * <style> block (dark mode, a narrower padding on phones: without it the light, fluid mail shows),
   * the hidden preheader's belt and braces (each program hides it by one of them), the wrapper table
   * that repeats <body>'s background, rounded corners, the Img component's outline reset, the
   * button's target (programs that ignore it open links in a new window anyway) and underlined
   * links (where not underlined, they keep their colour).
   */
  const DELIBERATE = new Set([
    'Type selector',
    'Class selector',
    'Attribute selector',
    'Descendant combinator',
    '@media',
    '<body> element',
    'display:none',
    'overflow',
    'opacity',
    'border-radius',
    'outline',
    'role attribute',
    'target attribute',
    'text-decoration',
  ]);

  test('nothing beyond the deliberate, degrading features is unsupported', async () => {
    for (const recipientOrTest of [recipient, null]) {
      const { html } = await renderNewsletterMail(input({ recipient: recipientOrTest }));
      const result = doIUseEmail(html, { emailClients: CLIENTS });
      const errors = 'errors' in result ? result.errors : [];
      const features = new Set(errors.map((e) => /^`([^`]+)`/.exec(e)?.[1] ?? e));
      expect([...features].filter((f) => !DELIBERATE.has(f))).toEqual([]);
    }
  });

  test('the check itself catches what mail programs do not show (a flex layout, a background image)', () => {
    const html =
      '<html><body><div style="display:flex;background-image:url(https://bewegung.test/x.png)">x</div></body></html>';
    const result = doIUseEmail(html, { emailClients: CLIENTS });
    const errors = 'errors' in result ? result.errors : [];
    expect(errors.some((e) => e.includes('display:flex'))).toBe(true);
    expect(errors.some((e) => e.includes('background-image'))).toBe(true);
  });
});
