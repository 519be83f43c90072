import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits, guardRequests, hostAllowlist, jsonResponse, toNodeListener, type WebHandler } from '../index.js';

/** Echoes the JSON it got: what a route behind the wrappers sees. */
const echo: WebHandler = async (request) => jsonResponse(200, { got: request.body ? await request.json() : null });
const guarded = hostAllowlist({ allowedHosts: ['localhost', '127.0.0.1'] })(bodyLimits({ maxBodyBytes: 64, maxJsonDepth: 3 })(echo));

describe('hostAllowlist (Web)', () => {
  const call = (headers: Record<string, string>) => guarded(new Request('http://localhost/api', { headers }));
  it('passes an allowed Host (any port) and Origin; 403 for another host, a bad Host or another Origin', async () => {
    expect((await call({ host: 'localhost:3000', origin: 'http://127.0.0.1:5173' })).status).toBe(200);
    for (const headers of <Array<Record<string, string>>>[{ host: 'attacker.example' }, { host: 'localhost@x' }, { host: 'localhost', origin: 'https://evil.example' }, { host: 'localhost', origin: 'null' }]) {
      const refused = await call(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(await refused.json()).toMatchObject({ status: 'PERMISSION_DENIED' });
    }
  });
});

describe('bodyLimits on node:http (streamed bodies)', () => {
  const server = createServer(toNodeListener(guarded));
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

  /** POSTs `chunks` (chunked when `length` is not given), as a client that streams its body. */
  const post = (chunks: string[], length?: number) =>
    new Promise<{ status: number; body: { status?: string; message?: string; got?: unknown } }>((resolve, reject) => {
      const req = httpRequest({ port, method: 'POST', path: '/api', headers: { host: 'localhost', 'content-type': 'application/json', ...(length !== undefined && { 'content-length': String(length) }) } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });

  it('hands the route the same JSON within the caps', async () => {
    expect(await post(['{"a":', '[1,{"b":2}]}'])).toEqual({ status: 200, body: { got: { a: [1, { b: 2 }] } } });
  });
  it('413 when Content-Length passes the cap, and when a chunked body passes it while streaming', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(100) });
    for (const response of [await post([big], big.length), await post([big.slice(0, 40), big.slice(40)])]) {
      expect(response).toEqual({ status: 413, body: { status: 'RESOURCE_EXHAUSTED', message: 'The request body is larger than 64 bytes (option maxBodyBytes).' } });
    }
  });
  it('400 for JSON nested past maxJsonDepth (brackets inside strings do not count) and for a body that is not JSON', async () => {
    expect((await post(['[[[["deep"]]]]'])).body).toEqual({ status: 'INVALID_ARGUMENT', message: 'The request JSON nests deeper than 3 levels (option maxJsonDepth).' });
    expect((await post(['{"s":"[[[[[[["}'])).status).toBe(200);
    expect(await post(['{"a":'])).toEqual({ status: 400, body: { status: 'INVALID_ARGUMENT', message: 'The request body is not valid JSON.' } });
  });
});

describe('guardRequests hints', () => {
  it("each refusal names the app's own setting when given, the option's name otherwise", async () => {
    const hints = { allowedHosts: 'ALLOWED_HOSTS', maxBodyBytes: 'MAX_BODY', maxJsonDepth: 'MAX_DEPTH' };
    const post = (guard: WebHandler, body: string, host = 'localhost') =>
      guard(new Request('http://localhost/api', { method: 'POST', headers: { host, 'content-type': 'application/json' }, body }));
    const messages = async (guard: WebHandler) => Promise.all([
      post(guard, 'x'.repeat(100)), post(guard, '[[[[["deep"]]]]]'), post(guard, '{}', 'attacker.example'),
    ].map(async (response) => ((await (await response).json()) as { message: string }).message));
    const limits = { maxBodyBytes: 64, maxJsonDepth: 3 };
    expect(await messages(guardRequests({ ...limits, hints })(echo))).toEqual([
      expect.stringMatching(/larger than 64 bytes \(MAX_BODY\)\.$/),
      expect.stringMatching(/deeper than 3 levels \(MAX_DEPTH\)\.$/),
      expect.stringMatching(/\(ALLOWED_HOSTS\)\.$/),
    ]);
    expect(await messages(guardRequests(limits)(echo))).toEqual([
      expect.stringMatching(/\(option maxBodyBytes\)\.$/),
      expect.stringMatching(/\(option maxJsonDepth\)\.$/),
      expect.stringMatching(/\(option allowedHosts\)\.$/),
    ]);
  });
});
