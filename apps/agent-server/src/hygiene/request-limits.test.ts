import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirBytes, makeTempDir, postJson, rawRequest, removeDir, startTestServer, type TestServer } from '../test-support.js';

/** A valid turn request for each route, carrying `text` and `extra` (any JSON) where that protocol allows a value. */
const ROUTES = {
  '/api/agent': (id: string, text: string, extra: unknown) => ({ data: { message: { role: 'user', content: [{ text, metadata: { extra } }] } }, init: { sessionId: id } }),
  '/api/agui': (id: string, text: string, extra: unknown) => ({
    threadId: id,
    runId: `${id}-run`,
    messages: [{ id: `${id}-m`, role: 'user', content: text }],
    state: {},
    tools: [],
    context: [],
    forwardedProps: { extra },
  }),
  '/api/ai-sdk': (id: string, text: string, extra: unknown) => ({
    id,
    trigger: 'submit-message',
    messages: [{ id: `${id}-m`, role: 'user', parts: [{ type: 'text', text }], metadata: { extra } }],
  }),
};

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

let dataDir: string;
let t: TestServer;
beforeAll(async () => {
  dataDir = await makeTempDir();
  t = await startTestServer({ store: 'file', dataDir, maxBodyBytes: 4096, maxJsonDepth: 16 });
});
afterAll(async () => {
  await t.dispose();
  await removeDir(dataDir);
});

describe('request caps, the same on the Genkit, AG-UI and AI SDK routes', () => {
  it('a body within the caps runs a turn', async () => {
    for (const [path, body] of Object.entries(ROUTES)) {
      const response = await postJson(`${t.server.url}${path}`, body(`ok${path.length}`, 'add Buy milk', nested(10)));
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('Buy milk');
    }
  });

  it('a body over maxBodyBytes is 413 RESOURCE_EXHAUSTED, with or without Content-Length, and stores nothing', async () => {
    const before = await dirBytes(dataDir);
    for (const [path, body] of Object.entries(ROUTES)) {
      const json = JSON.stringify(body('big', 'add ' + 'x'.repeat(5000), null));
      const sized = await postJson(`${t.server.url}${path}`, JSON.parse(json));
      const chunked = await rawRequest(`${t.server.url}${path}`, { body: json }); // no Content-Length: chunked
      for (const response of [{ status: sized.status, body: await sized.text() }, chunked]) {
        expect(response.status, path).toBe(413);
        expect(JSON.parse(response.body)).toEqual({
          status: 'RESOURCE_EXHAUSTED',
          message: 'The request body is larger than 4096 bytes (option maxBodyBytes / AGENT_MAX_BODY_BYTES).',
        });
      }
    }
    expect(await dirBytes(dataDir)).toBe(before);
  });

  it('JSON nested deeper than maxJsonDepth is 400 INVALID_ARGUMENT, and stores nothing', async () => {
    const before = await dirBytes(dataDir);
    const linesBefore = t.lines.length;
    for (const [path, body] of Object.entries(ROUTES)) {
      const response = await postJson(`${t.server.url}${path}`, body('deep', 'add Buy milk', nested(17)));
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'The request JSON nests deeper than 16 levels (option maxJsonDepth / AGENT_MAX_JSON_DEPTH).',
      });
    }
    expect(await dirBytes(dataDir)).toBe(before);
    expect(t.lines.length).toBe(linesBefore); // no turn ran
  });
});

describe('default caps', () => {
  it('a 3 KB request nested 1,400 deep (4 MB once stored) is refused with 400; a 2 MB one with 413', () =>
    withDefaults(async (server, dir) => {
      const deep = ROUTES['/api/agent']('deep', 'hi', nested(1400));
      expect(JSON.stringify(deep).length).toBeLessThan(4096);
      const refused = await postJson(server.server.agentUrl, deep);
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(/deeper than 64 levels/);
      const huge = await postJson(server.server.agentUrl, ROUTES['/api/agent']('huge', 'x'.repeat(2 * 1024 * 1024), null));
      expect(huge.status).toBe(413);
      expect((await huge.json()).message).toMatch(/larger than 1048576 bytes/);
      expect(await dirBytes(dir)).toBe(0);
    }));
});

async function withDefaults(fn: (server: TestServer, dir: string) => Promise<void>): Promise<void> {
  const dir = await makeTempDir();
  const server = await startTestServer({ store: 'file', dataDir: dir });
  try {
    await fn(server, dir);
  } finally {
    await server.dispose();
    await removeDir(dir);
  }
}
