// Newsletters for the tests of sending them: the bundled dataset copied into a content folder of the
// test's own, with newsletters added (one per audience, and one for each problem that keeps a
// newsletter from being sent), and signups written straight into the database in every state the
// recipient rule tells apart. Plain Node (no vitest import): the benchmarks use it too.
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewsletterListEntry } from '../../web/lib/newsletter-sending.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

const block = (key: string, text: string, link?: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: link ? [{ _type: 'link', _key: `${key}l`, href: link }] : [],
  children: [{ _type: 'span', _key: `${key}s`, text, marks: link ? [`${key}l`] : [] }],
});

/** A newsletter document as the Studio stores it. */
export function newsletterDocument(id: string, over: Record<string, unknown> = {}) {
  return {
    _id: id,
    _type: 'newsletter',
    _createdAt: '2026-11-01T08:00:00Z',
    _updatedAt: '2026-11-01T08:00:00Z',
    subject: `Neues aus dem Stall (${id})`,
    preheader: 'Was sich diesen Monat getan hat.',
    audience: 'alle',
    body: [block('b1', 'Hallo und schön, dass du dabei bist!'), block('b2', 'Zu unserer Gruppe', '/gruppe/reiter')],
    ...over,
  };
}

/** An image asset of another host: a newsletter that shows it cannot be sent. */
const FOREIGN_ASSET = {
  _id: 'image-0123456789abcdef0123456789abcdef01234567-10x10-jpg',
  _type: 'sanity.imageAsset',
  url: 'https://tracker.example/pixel.jpg',
  metadata: { dimensions: { width: 10, height: 10 } },
};

/** The test newsletters: one per audience that can be sent, one per problem that cannot. */
export const TEST_NEWSLETTERS = [
  newsletterDocument('nl-alle', { audience: 'alle', _updatedAt: '2026-11-05T08:00:00Z' }),
  newsletterDocument('nl-reiter', { audience: 'reiter', _updatedAt: '2026-11-04T08:00:00Z' }),
  newsletterDocument('nl-trainer', { audience: 'trainer', _updatedAt: '2026-11-03T08:00:00Z' }),
  newsletterDocument('nl-zweite', { audience: 'alle', _updatedAt: '2026-11-02T08:00:00Z' }),
  newsletterDocument('nl-long-subject', { subject: `Ein viel zu langer Betreff ${'x'.repeat(80)}` }),
  newsletterDocument('nl-javascript', {
    body: [block('b1', 'Klick mich', 'javascript:alert(document.cookie)')],
  }),
  newsletterDocument('nl-foreign-image', {
    body: [
      block('b1', 'Mit einem Bild von anderswo:'),
      {
        _type: 'image',
        _key: 'i1',
        alt: 'Ein Bild von einem fremden Server',
        asset: { _type: 'reference', _ref: FOREIGN_ASSET._id },
      },
    ],
  }),
];

/** A content folder: the bundled dataset plus `documents`. Point CONTENT_DIR at it. */
export function contentWith(documents: object[] = [...TEST_NEWSLETTERS, FOREIGN_ASSET]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bc-newsletters-'));
  copyFileSync(path.join(ROOT, 'content', 'assets.json'), path.join(dir, 'assets.json'));
  symlinkSync(path.join(ROOT, 'content', 'images'), path.join(dir, 'images'));
  const bundled = readFileSync(path.join(ROOT, 'content', 'dataset.ndjson'), 'utf8').trimEnd();
  writeFileSync(
    path.join(dir, 'dataset.ndjson'),
    `${bundled}\n${documents.map((d) => JSON.stringify(d)).join('\n')}\n`,
  );
  return dir;
}

/** A call of the newsletter API on a running server with a team token: GET, or POST with `body`. */
export function newsletterApi(baseUrl: string, token: string, path: string, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Newsletter `id` as GET /api/newsletters shows it now. */
export async function newsletterEntry(baseUrl: string, token: string, id: string): Promise<NewsletterListEntry> {
  const res = await newsletterApi(baseUrl, token, '/api/newsletters');
  if (res.status !== 200) throw new Error(`GET /api/newsletters answered ${res.status}`);
  const { newsletters } = (await res.json()) as { newsletters: NewsletterListEntry[] };
  return newsletters.find((n) => n.id === id)!;
}
