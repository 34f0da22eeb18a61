import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { memberChangeInput } from '~/lib/team';
import { formFields, problemResponse, readInput, readPageForm } from './http.server';

const schema = z.object({ name: z.string().min(1, 'Name fehlt.'), email: z.email('E-Mail fehlt.') });
const request = (body: string, type?: string, headers: Record<string, string> = {}) =>
  new Request('http://bewegung.test/x', {
    method: 'POST',
    body,
    headers: { ...(type ? { 'Content-Type': type } : {}), ...headers },
  });

describe('readInput: one way to read a request', () => {
  test('JSON checked with the schema: a refusal is a 400 with fields as {field: message}', async () => {
    const ok = await readInput(request('{"name":"Anna","email":"a@b.de"}', 'application/json'), schema);
    expect(ok).toMatchObject({ ok: true, value: { name: 'Anna', email: 'a@b.de' } });
    const refused = await readInput(request('{"name":""}', 'application/json'), schema);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const response = problemResponse(refused);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Name fehlt.',
      fields: { name: 'Name fehlt.', email: 'E-Mail fehlt.' },
    });
    expect(refused.sent).toEqual({ name: '' });
  });

  test('a form is read through the route’s mapping, and refused (415) where the route reads none', async () => {
    const form = request('name=Anna&email=a%40b.de', 'application/x-www-form-urlencoded');
    const read = await readInput(form, schema, { form: (f) => Object.fromEntries(f) });
    expect(read).toMatchObject({ ok: true, value: { name: 'Anna', email: 'a@b.de' } });
    const unread = await readInput(request('name=Anna', 'application/x-www-form-urlencoded'), schema);
    expect(unread).toMatchObject({ ok: false, problem: 'unsupported' });
    const notJson = await readInput(request('{}', 'text/plain'), schema, { jsonOnly: true });
    expect(notJson.ok || problemResponse(notJson).status).toBe(415);
  });

  test('no JSON object → 400 with empty fields; over the limit → 413', async () => {
    for (const body of ['nope', '[1]', 'null', '']) {
      const refused = await readInput(request(body, 'application/json'), schema, {
        messages: { invalid: 'Ungültig.' },
      });
      expect(refused, body).toMatchObject({ ok: false, problem: 'invalid', message: 'Ungültig.', fields: {} });
    }
    const big = await readInput(request(`{"name":"${'x'.repeat(2000)}"}`, 'application/json'), schema, { limit: 1024 });
    expect(big.ok || problemResponse(big).status).toBe(413);
  });

  test('a team route’s refused body says fields as an object too', async () => {
    const refused = await readInput(request('{"role":"admin"}', 'application/json'), memberChangeInput);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(typeof refused.fields).toBe('object');
    if (!refused.ok) expect(Array.isArray(refused.fields)).toBe(false);
  });

  test('a page’s form: the first value of each field, through the page’s lenient schema', async () => {
    expect(formFields(new URLSearchParams('a=1&b=2&a=3'))).toEqual({ a: '1', b: '2' });
    const lenient = z.object({ token: z.string().catch(''), intent: z.enum(['go']).catch('go') });
    const form = request('token=abc&token=def&intent=%3Cscript%3E', 'application/x-www-form-urlencoded');
    expect(await readPageForm(form, lenient)).toEqual({ token: 'abc', intent: 'go' });
    // A JSON object is read too (React Router's fetchers may post one); the schema checks it the same.
    expect(await readPageForm(request('{"token":7}', 'application/json'), lenient)).toEqual({
      token: '',
      intent: 'go',
    });
  });

  test('what no page reads is thrown as its answer: 413 too large, 400 neither form nor JSON object', async () => {
    const lenient = z.object({ token: z.string().catch('') });
    const thrown = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (answer: Response) => answer.status,
      );
    const big = request(`token=${'x'.repeat(20_000)}`, 'application/x-www-form-urlencoded');
    expect(await thrown(readPageForm(big, lenient))).toBe(413);
    expect(await thrown(readPageForm(request('token=abc', 'text/plain'), lenient))).toBe(400);
  });

  test('a multipart form is read as a form (a mail app’s one-click unsubscribe may post one)', async () => {
    const lenient = z.object({ token: z.string().catch(''), 'List-Unsubscribe': z.string().catch('') });
    const body = new FormData();
    body.set('List-Unsubscribe', 'One-Click');
    body.set('token', 'abc');
    const multipart = new Request('http://bewegung.test/x', { method: 'POST', body });
    expect(await readPageForm(multipart, lenient)).toEqual({ token: 'abc', 'List-Unsubscribe': 'One-Click' });
    const broken = request('--x\r\nnot a part', 'multipart/form-data; boundary=y');
    expect(await readPageForm(broken, lenient).catch((answer: Response) => answer.status)).toBe(400);
    expect(await readPageForm(request('', 'text/plain'), lenient)).toEqual({ token: '', 'List-Unsubscribe': '' });
  });
});
