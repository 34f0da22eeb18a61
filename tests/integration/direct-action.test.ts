// The lean transport for the hot POSTs (web/server/app/direct-action.server.ts) over a real HTTP
// server: bodies arrive whole (also multi-byte text split across chunks), oversized bodies are cut
// one byte past the cap (with or without Content-Length) and refused by the route with 413, and a
// client that goes away mid-body neither crashes the server nor reaches the action; an action's
// lean form gets the request's parts instead.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNUP_API_MESSAGES } from '~/copy/signup';
import * as signupsRoute from '~/routes/api.signups';
import { DIRECT_BODY_CAP, directAction, withDirect } from '~/server/app/direct-action.server';
import { clientAddressContext } from '~/server/http/request-context.server';
import { useTestConfig } from '../support/routes';

let url = '';
let echoCalls = 0;
let close: () => Promise<void>;

beforeAll(async () => {
  useTestConfig();
  const loadContext = (req: express.Request) => {
    const context = new RouterContextProvider();
    context.set(clientAddressContext, req.ip ?? 'unknown');
    return context;
  };
  const app = express();
  app.post(
    '/echo',
    directAction(async ({ request, context }) => {
      echoCalls++;
      const bytes = new Uint8Array(await request.arrayBuffer());
      return Response.json(
        {
          text: new TextDecoder().decode(bytes),
          bytes: bytes.length,
          declared: request.headers.get('content-length'),
          type: request.headers.get('content-type'),
          url: request.url,
          client: context.get(clientAddressContext),
        },
        { status: 202, headers: { 'X-Echo': 'yes' } },
      );
    }, loadContext),
  );
  app.post('/api/signups', directAction(signupsRoute.action as never, loadContext));
  // An action with a lean form: the transport calls the lean form with the request's parts, never the action.
  app.post(
    '/parts',
    directAction(
      withDirect(
        () => {
          throw new Error('the action must not run when it has a lean form');
        },
        async ({ body, header, host, context }) =>
          Response.json(
            {
              text: body.toString('utf8'),
              thing: header('X-Thing'),
              missing: header('X-None') ?? null,
              host,
              client: context.get(clientAddressContext),
            },
            { status: 201 },
          ),
      ),
      loadContext,
    ),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close?.());

/** Sends `chunks` one by one (chunked transfer unless a Content-Length is given). */
function send(path: string, chunks: (string | Buffer)[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('direct action transport', () => {
  test('passes method, URL, headers and the whole body to the action and its answer back', async () => {
    const text = JSON.stringify({ name: 'Jürgen Größe 🐎' });
    const bytes = Buffer.from(text);
    // Split inside a multi-byte character.
    const cut = bytes.indexOf(Buffer.from('ü')) + 1;
    const res = await send('/echo?x=1', [bytes.subarray(0, cut), bytes.subarray(cut)], {
      'Content-Type': 'application/json',
    });
    expect(res.status).toBe(202);
    expect(res.headers['x-echo']).toBe('yes');
    const echoed = JSON.parse(res.body);
    expect(echoed).toMatchObject({ text, bytes: bytes.length, type: 'application/json', client: '127.0.0.1' });
    expect(echoed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/echo\?x=1$/);
  });

  test("an action's lean form gets body, headers, host and context, and the action is not called", async () => {
    const res = await send('/parts', ['Grüße ', '🐎'], { 'X-Thing': 'yes' });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toEqual({
      text: 'Grüße 🐎',
      thing: 'yes',
      missing: null,
      host: new URL(url).host,
      client: '127.0.0.1',
    });
  });

  test('an oversized chunked body is cut one byte past the cap', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const res = await send(
      '/echo',
      Array.from({ length: 8 }, () => chunk),
    );
    expect(JSON.parse(res.body)).toMatchObject({ bytes: DIRECT_BODY_CAP + 1, declared: null });
  });

  test('the declared length of an oversized body reaches the route', async () => {
    const body = 'y'.repeat(100_000);
    const res = await send('/echo', [body], { 'Content-Length': String(body.length) });
    expect(JSON.parse(res.body)).toMatchObject({ bytes: DIRECT_BODY_CAP + 1, declared: '100000' });
  });

  test('the signup route refuses oversized bodies with 413 and its German message, with or without a length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(200_000) });
    for (const headers of [{ 'Content-Length': String(big.length) }, {}] as Record<string, string>[]) {
      const res = await send('/api/signups', [big.slice(0, 100_000), big.slice(100_000)], {
        'Content-Type': 'application/json',
        ...headers,
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toBe(SIGNUP_API_MESSAGES.tooLarge);
    }
  });

  test('a client that goes away mid-body does not reach the action, and the server keeps answering', async () => {
    const before = echoCalls;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${url}/echo`, { method: 'POST', headers: { 'Content-Length': '1000' } });
      req.on('error', () => resolve());
      req.write('partial');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(echoCalls).toBe(before);
    expect((await send('/echo', ['ok'])).status).toBe(202);
  });
});
