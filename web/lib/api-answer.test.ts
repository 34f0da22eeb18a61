import { describe, expect, test } from 'vitest';
import { allOf, callApi, readAnswer, retryAfterOf, UNREACHABLE, type AnswerOptions } from './api-answer';

const asIs: AnswerOptions<Record<string, unknown>> = { value: (body) => body, failed: (status) => `failed ${status}` };
const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

describe('reading an answer of our server', () => {
  test('a 2xx answers its value, read from the JSON body', async () => {
    expect(await readAnswer(json({ id: 'a' }, 201), asIs)).toEqual({ ok: true, value: { id: 'a' } });
  });

  test('a 204 hands the value reader an empty body', async () => {
    const answer = await readAnswer(new Response(null, { status: 204 }), { ...asIs, value: () => 'none' });
    expect(answer).toEqual({ ok: true, value: 'none' });
  });

  test('a 2xx whose body is not what the call asked for is a refusal with the call’s text', async () => {
    const answer = await readAnswer(json({ other: 1 }, 200), { value: () => undefined, failed: 'Nicht gespeichert.' });
    expect(answer).toMatchObject({ ok: false, status: 200, message: 'Nicht gespeichert.', body: { other: 1 } });
  });

  test('a 400 says the server’s message and the fields at fault as {field: message}', async () => {
    const fields = {
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      name: 'Bitte füllen Sie alle Felder aus.',
    };
    const answer = await readAnswer(json({ error: 'Bitte prüfen Sie Ihre Eingaben.', fields }, 400), asIs);
    expect(answer).toEqual({
      ok: false,
      status: 400,
      message: 'Bitte prüfen Sie Ihre Eingaben.',
      fields,
      body: { error: 'Bitte prüfen Sie Ihre Eingaben.', fields },
    });
  });

  test('fields that are not text are dropped', async () => {
    const answer = await readAnswer(
      json({ error: 'Nein.', fields: { name: 'Zu lang.', age: 3, nested: {} } }, 400),
      asIs,
    );
    expect(answer.ok ? null : answer.fields).toEqual({ name: 'Zu lang.' });
  });

  test('a list of field names is not read as fields (every 400 of the server sends {field: message})', async () => {
    const answer = await readAnswer(json({ error: 'Nein.', fields: ['name', 'email'] }, 400), asIs);
    expect(answer.ok ? null : answer.fields).toBeUndefined();
  });

  test('a refusal without fields has none', async () => {
    const answer = await readAnswer(json({ error: 'Not found' }, 404), asIs);
    expect(answer).toEqual({ ok: false, status: 404, message: 'Not found', body: { error: 'Not found' } });
  });

  test.each([
    [401, 'Sign in first'],
    [403, 'Owners only'],
    [404, 'Not found'],
    [409, 'Changed meanwhile'],
    [413, 'Request body too large'],
    [415, 'Unsupported media type'],
    [500, 'Internal error'],
    [502, 'Sanity could not be reached'],
  ])('a %i answers its status and the server’s message', async (status, error) => {
    expect(await readAnswer(json({ error }, status), asIs)).toMatchObject({ ok: false, status, message: error });
  });

  test('a 409 keeps the rest of the body (the stored record it is about)', async () => {
    const answer = await readAnswer(
      json({ error: 'Changed meanwhile', application: { id: 'x', version: 3 } }, 409),
      asIs,
    );
    expect(answer.ok ? null : answer.body.application).toEqual({ id: 'x', version: 3 });
  });

  test('Better Auth’s refusals say `message` instead of `error`', async () => {
    const answer = await readAnswer(
      json({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }, 401),
      asIs,
    );
    expect(answer).toMatchObject({ ok: false, status: 401, message: 'Invalid email or password' });
  });

  test('a refusal without a message, or with a body that is not JSON, says the call’s text for its status', async () => {
    expect(await readAnswer(json({}, 429), asIs)).toMatchObject({ status: 429, message: 'failed 429' });
    const html = new Response('<h1>Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    expect(await readAnswer(html, asIs)).toMatchObject({ status: 502, message: 'failed 502', body: {} });
  });

  test('`serverSays` shows the server’s message for those statuses only', async () => {
    const options = { ...asIs, failed: 'Fehler beim Speichern der Daten.', serverSays: [400, 429] };
    expect(await readAnswer(json({ error: 'Zu viele Versuche.' }, 429), options)).toMatchObject({
      message: 'Zu viele Versuche.',
    });
    expect(await readAnswer(json({ error: 'Internal error' }, 500), options)).toMatchObject({
      status: 500,
      message: 'Fehler beim Speichern der Daten.',
    });
  });

  test('a 429 says when to try again (Retry-After in seconds)', async () => {
    const answer = await readAnswer(json({ error: 'Zu viele Versuche.' }, 429, { 'Retry-After': '42' }), asIs);
    expect(answer).toMatchObject({ ok: false, status: 429, message: 'Zu viele Versuche.', retryAfter: 42 });
  });

  test('a 503 says when to try again, and Better Auth’s limiter says it as X-Retry-After', async () => {
    expect(
      await readAnswer(json({ error: 'Service temporarily unavailable' }, 503, { 'Retry-After': '5' }), asIs),
    ).toMatchObject({
      status: 503,
      retryAfter: 5,
    });
    expect(
      await readAnswer(json({ message: 'Too many requests' }, 429, { 'X-Retry-After': '9.2' }), asIs),
    ).toMatchObject({
      retryAfter: 10,
    });
  });

  test('a refusal without Retry-After has no retryAfter', async () => {
    const answer = await readAnswer(json({ error: 'Zu viele Versuche.' }, 429), asIs);
    expect(answer.ok ? null : 'retryAfter' in answer).toBe(false);
  });

  test('Retry-After as an HTTP date is the seconds from now; nonsense is none', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(retryAfterOf('Sat, 28 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterOf('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterOf('soon', now)).toBeUndefined();
    expect(retryAfterOf('-3', now)).toBeUndefined();
    expect(retryAfterOf('', now)).toBeUndefined();
    expect(retryAfterOf(null, now)).toBeUndefined();
  });

  test('a body that breaks off while it is read is read as none', async () => {
    const broken = new ReadableStream({
      start: (controller) => controller.error(new TypeError('network error')),
    });
    const answer = await readAnswer(new Response(broken, { status: 400 }), asIs);
    expect(answer).toEqual({ ok: false, status: 400, message: 'failed 400', body: {} });
  });

  test('a raw 2xx body is left for the value (a file to download); a refusal’s JSON is still read', async () => {
    const options: AnswerOptions<string> = { value: (_, response) => response.text(), failed: 'x', body: 'raw' };
    const csv = new Response('a;b\n1;2\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    expect(await readAnswer(csv, options)).toEqual({ ok: true, value: 'a;b\n1;2\n' });
    expect(await readAnswer(json({ error: 'Owners only' }, 403), options)).toMatchObject({ message: 'Owners only' });
  });
});

describe('calling our server', () => {
  test('an answer is read like readAnswer reads it', async () => {
    expect(await callApi(Promise.resolve(json({ token: 't' }, 200)), asIs)).toEqual({
      ok: true,
      value: { token: 't' },
    });
  });

  test('a server that cannot be reached is a refusal with status UNREACHABLE and the call’s text for it', async () => {
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await callApi(down(), { ...asIs, unreachable: 'Keine Verbindung.' })).toEqual({
      ok: false,
      status: UNREACHABLE,
      message: 'Keine Verbindung.',
      body: {},
    });
    // Without its own text, the `failed` text for status 0.
    expect(await callApi(down(), asIs)).toMatchObject({ status: 0, message: 'failed 0' });
  });

  test('an aborted request is no answer either, and never throws', async () => {
    const controller = new AbortController();
    controller.abort();
    const request = fetch('http://127.0.0.1:9/never', { signal: controller.signal });
    expect(await callApi(request, asIs)).toMatchObject({ ok: false, status: UNREACHABLE });
  });
});

describe('several answers as one', () => {
  test('all values in order, or the first refusal', () => {
    const refused = { ok: false as const, status: 502, message: 'HTTP 502', body: {} };
    expect(
      allOf([
        { ok: true, value: 1 },
        { ok: true, value: 2 },
      ]),
    ).toEqual({ ok: true, value: [1, 2] });
    expect(allOf([{ ok: true, value: 1 }, refused, { ok: false, status: 401, message: '', body: {} }])).toBe(refused);
    expect(allOf([])).toEqual({ ok: true, value: [] });
  });
});
