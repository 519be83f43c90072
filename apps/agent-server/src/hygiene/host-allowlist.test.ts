import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostnameOfHost, hostnameOfOrigin, parseAllowedHosts } from '@agent-chat/server';
import { rawRequest, startTestServer, type TestServer } from '../test-support.js';

const TURN = JSON.stringify({ data: { message: { role: 'user', content: [{ text: 'add Buy milk' }] } }, init: {} });
const ROUTES = ['/api/agent', '/api/agent/getSnapshot', '/api/agent-client', '/api/agui', '/api/ai-sdk'];

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

describe('Host and Origin allowlist (default: loopback names)', () => {
  it('answers 403 PERMISSION_DENIED to a foreign Host on every route, before any turn runs', async () => {
    for (const host of ['attacker.example', `attacker.example:${t.server.port}`, 'localhost.attacker.example', 'evil@localhost', '127.0.0.1.nip.io']) {
      for (const path of [...ROUTES, '/api/health']) {
        const get = path === '/api/health';
        const response = await rawRequest(`${t.server.url}${path}`, { method: get ? 'GET' : 'POST', headers: { host }, ...(!get && { body: TURN }) });
        expect(response.status, `${host} ${path}`).toBe(403);
        expect(JSON.parse(response.body)).toMatchObject({ status: 'PERMISSION_DENIED', message: expect.stringMatching(/^Host .* is not allowed.*ALLOWED_HOSTS/) });
      }
    }
    expect(t.lines).toEqual([]);
  });

  it('answers 403 to a foreign, opaque or non-http Origin even with a loopback Host', async () => {
    for (const origin of ['http://attacker.example', 'https://attacker.example:443', 'null', 'file://', 'chrome-extension://abc']) {
      for (const path of ROUTES) {
        const response = await rawRequest(`${t.server.url}${path}`, { headers: { origin }, body: TURN });
        expect(response.status, `${origin} ${path}`).toBe(403);
        expect(JSON.parse(response.body).message).toMatch(/^Origin .* is not allowed/);
      }
    }
    expect(t.lines).toEqual([]);
  });

  it('serves localhost, 127.0.0.1 and [::1] on any port, with or without an Origin (a Vite dev server on another port)', async () => {
    const allowed: Array<Record<string, string>> = [
      { host: `localhost:${t.server.port}` },
      { host: 'LOCALHOST:5173', origin: 'http://localhost:5173' },
      { host: `127.0.0.1:${t.server.port}`, origin: 'http://127.0.0.1:4173' },
      { host: '[::1]:8080', origin: 'http://[::1]:8080' },
      { host: '127.0.0.1' },
    ];
    for (const headers of allowed) {
      const response = await rawRequest(`${t.server.url}/api/agent`, { headers: { ...headers, accept: 'text/event-stream' }, body: TURN });
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.body).toContain('Added “Buy milk” (task #1).');
    }
  });

  it('takes its own list (allowedHosts / ALLOWED_HOSTS), which replaces the default', async () => {
    expect(parseAllowedHosts(' Agent.Example.com, localhost ,,')).toEqual(['agent.example.com', 'localhost']);
    const own = await startTestServer({ allowedHosts: parseAllowedHosts('agent.example.com') });
    try {
      const health = (headers: Record<string, string>) => rawRequest(`${own.server.url}/api/health`, { method: 'GET', headers });
      expect((await health({ host: 'agent.example.com:443', origin: 'https://agent.example.com' })).status).toBe(200);
      expect((await health({ host: `127.0.0.1:${own.server.port}` })).status).toBe(403);
    } finally {
      await own.dispose();
    }
  });
});

describe('host name parsing', () => {
  it('reads plain host[:port] only', () => {
    expect(hostnameOfHost('LocalHost:3400')).toBe('localhost');
    expect(hostnameOfHost('[::1]:3400')).toBe('[::1]');
    for (const bad of [undefined, '', 'a b', 'user@localhost', 'localhost/x', 'localhost:99999999', 'localhost:']) expect(hostnameOfHost(bad), String(bad)).toBeUndefined();
    expect(hostnameOfOrigin('http://[::1]:5173')).toBe('[::1]');
    expect(hostnameOfOrigin('null')).toBeUndefined();
    expect(hostnameOfOrigin('ftp://localhost')).toBeUndefined();
  });
});
