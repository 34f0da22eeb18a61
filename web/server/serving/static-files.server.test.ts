import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendStaticFile, staticFile } from './static-files.server';

describe('a fixed file sent over HTTP', () => {
  const file = staticFile({
    identity: Buffer.from('plain'),
    gzip: Buffer.from('GZ'),
    br: Buffer.from('BR'),
    headers: { 'X-Frame-Options': 'DENY', 'Content-Type': 'text/plain' },
  });
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => sendStaticFile(req, res, file));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  // fetch would decode gzip/br itself: read the raw answer with node:http instead.
  const raw = (headers: Record<string, string>, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
      (resolve, reject) => {
        request(url, { headers, method }, (res) => {
          let body = '';
          res.setEncoding('latin1');
          res.on('data', (d: string) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        })
          .on('error', reject)
          .end();
      },
    );

  test.each([
    ['gzip, deflate, br', 'BR', 'br'],
    ['gzip', 'GZ', 'gzip'],
    ['identity', 'plain', undefined],
    ['', 'plain', undefined],
  ])('Accept-Encoding %j gets its variant', async (acceptEncoding, body, encoding) => {
    const res = await raw({ 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.body).toBe(body);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  test('each encoding has its own strong ETag; a matching If-None-Match gets 304 without a body', async () => {
    const br = await raw({ 'accept-encoding': 'br' });
    const gz = await raw({ 'accept-encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await raw({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toBe('Accept-Encoding');
    const other = await raw({ 'accept-encoding': 'br', 'if-none-match': String(gz.headers.etag) });
    expect(other.status).toBe(200);
  });

  test('HEAD: the same headers, no body', async () => {
    const res = await raw({ 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('2');
    expect(res.body).toBe('');
  });
});
