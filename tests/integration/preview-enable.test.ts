// GET /api/preview/enable's limit, on PGlite and PostgreSQL against the local stand-in of Sanity's
// API: every secret check is a query to the Sanity project with the server's read token, so one
// client (an IPv6 client: its /64) gets 30 a minute, then 429 without a query.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as enableRoute from '~/routes/api.preview.enable';
import { ENABLE_LIMIT_PER_MINUTE } from '~/server/preview/enable.server';
import { schema } from '~/server/db/db.server';
import { describeEachDatabase } from '../support/database';
import { awayFromWindowEdge } from '../support/rate-windows';
import { call, get, useTestConfig } from '../support/routes';
import { previewEnv, startSanityStandIn, type SanityStandIn } from '../support/sanity-standin';

let standIn: SanityStandIn;
beforeAll(async () => {
  standIn = await startSanityStandIn();
});
afterAll(() => standIn.close());

const enable = (ip: string) =>
  call(enableRoute.loader, get('/api/preview/enable?sanity-preview-secret=guessed&sanity-preview-pathname=/'), ip);
/** The stand-in's queries so far (validatePreviewUrl looks the secret up with one). */
const queries = () => standIn.requests.filter((url) => url.includes('/data/query/')).length;

describeEachDatabase('the preview handshake', (current) => {
  beforeAll(() => {
    useTestConfig({
      SANITY_PROJECT_ID: standIn.projectId,
      SANITY_DATASET: standIn.dataset,
      SANITY_API_HOST: standIn.url,
      ...previewEnv(standIn, 'https://studio.example.org'),
    });
  });
  beforeEach(async () => {
    await current().db.delete(schema.rateLimits);
    await awayFromWindowEdge(60_000, 20_000);
  });

  describe('secret checks per client and minute', () => {
    test(`${ENABLE_LIMIT_PER_MINUTE} guesses are checked with Sanity, then 429 with Retry-After and no query`, async () => {
      const before = queries();
      for (let i = 0; i < ENABLE_LIMIT_PER_MINUTE; i++) expect((await enable('192.0.2.80')).status).toBe(401);
      expect(queries() - before).toBe(ENABLE_LIMIT_PER_MINUTE);
      const limited = await enable('192.0.2.80');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(queries() - before).toBe(ENABLE_LIMIT_PER_MINUTE);
      // Another client is not affected.
      expect((await enable('192.0.2.81')).status).toBe(401);
    });

    test('new addresses of one IPv6 /64 share the limit', async () => {
      for (let i = 1; i <= ENABLE_LIMIT_PER_MINUTE; i++) await enable(`2001:db8:5:5::${i.toString(16)}`);
      expect((await enable('2001:db8:5:5::ffff')).status).toBe(429);
    });
  });
});
