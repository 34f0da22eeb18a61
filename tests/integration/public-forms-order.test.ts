// The two public forms (POST /api/signups and POST /api/applications) refuse in one order: the
// input is validated first (nothing counted), then the rate limit, then the honeypot; a replayed id
// is not counted. The same cases run through both routes (docs/decisions/047).
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as applicationsRoute from '~/routes/api.applications';
import * as signupsRoute from '~/routes/api.signups';
import { ACCESS_GRANT_COOKIE, grantCookie } from '~/server/access/access-codes.server';
import { APPLICATION_RATE_WINDOW_MS } from '~/server/applications/form.server';
import { schema } from '~/server/db/db.server';
import { SIGNUP_RATE_WINDOW_MS } from '~/server/signups/submit.server';
import { describeEachDatabase } from '../support/database';
import { awayFromWindowEdge } from '../support/rate-windows';
import { call, post, useTestConfig } from '../support/routes';

const LIMIT = 2;

interface PublicForm {
  name: string;
  windowMs: number;
  valid: () => Record<string, unknown>;
  invalid: Record<string, unknown>;
  send: (body: Record<string, unknown>, ip: string) => Promise<Response>;
  created: number;
}

let grant = '';
const FORMS: PublicForm[] = [
  {
    name: 'POST /api/signups',
    windowMs: SIGNUP_RATE_WINDOW_MS,
    valid: () => ({ id: crypto.randomUUID(), userType: 'reiter', name: 'Anna', email: 'anna@example.org' }),
    invalid: { email: 'keine-adresse' },
    send: (body, ip) => call(signupsRoute.action, post('/api/signups', body), ip),
    created: 201,
  },
  {
    name: 'POST /api/applications',
    windowMs: APPLICATION_RATE_WINDOW_MS,
    valid: () => ({
      id: crypto.randomUUID(),
      applicationType: 'Mentee',
      name: 'Jördis',
      email: 'joerdis@example.org',
      consent: true,
    }),
    invalid: { email: 'keine-adresse' },
    send: (body, ip) =>
      call(
        applicationsRoute.action,
        post('/api/applications', body, { Cookie: `${ACCESS_GRANT_COOKIE}=${grant}` }),
        ip,
      ),
    created: 201,
  },
];

describeEachDatabase('the public forms refuse in one order', (current) => {
  beforeAll(async () => {
    useTestConfig({ SIGNUP_RATE_LIMIT: String(LIMIT), APPLICATION_RATE_LIMIT: String(LIMIT) });
    grant = /=([^;]*)/.exec(await grantCookie(Date.now() + 60 * 60_000))![1]!;
  });
  beforeEach(async () => {
    await current().db.delete(schema.rateLimits);
    await current().db.delete(schema.signups);
    await current().db.delete(schema.applications);
  });

  describe.each(FORMS)('$name', (form) => {
    const ip = () => `192.0.2.${10 + Math.floor(Math.random() * 200)}`;

    test('past the limit, an invalid input is still a 400 with its fields: validation comes first', async () => {
      await awayFromWindowEdge(form.windowMs, 10_000);
      const from = ip();
      for (let i = 0; i < LIMIT; i++) expect((await form.send(form.valid(), from)).status).toBe(form.created);
      expect((await form.send(form.valid(), from)).status).toBe(429);
      const refused = await form.send({ ...form.valid(), ...form.invalid }, from);
      expect(refused.status).toBe(400);
      expect(Object.keys((await refused.json()).fields)).toEqual(['email']);
    });

    test('invalid inputs are not counted against the limit', async () => {
      await awayFromWindowEdge(form.windowMs, 10_000);
      const from = ip();
      for (let i = 0; i < LIMIT + 2; i++)
        expect((await form.send({ ...form.valid(), ...form.invalid }, from)).status).toBe(400);
      expect((await form.send(form.valid(), from)).status).toBe(form.created);
    });

    test('past the limit, a filled honeypot is refused like a person: the limit comes before the honeypot', async () => {
      await awayFromWindowEdge(form.windowMs, 10_000);
      const from = ip();
      for (let i = 0; i < LIMIT; i++) expect((await form.send(form.valid(), from)).status).toBe(form.created);
      expect((await form.send({ ...form.valid(), referenz: 'https://spam.example' }, from)).status).toBe(429);
    });

    test('a replayed id is not counted: the limit still lets the next new one through', async () => {
      await awayFromWindowEdge(form.windowMs, 10_000);
      const from = ip();
      const first = form.valid();
      expect((await form.send(first, from)).status).toBe(form.created);
      for (let i = 0; i < LIMIT + 1; i++) expect((await form.send(first, from)).status).toBeLessThan(300);
      expect((await form.send(form.valid(), from)).status).toBe(form.created);
      expect((await form.send(form.valid(), from)).status).toBe(429);
    });
  });
});
