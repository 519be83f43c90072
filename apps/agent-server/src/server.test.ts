import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRealModel, ModelConfigError } from './agent/real-model.js';
import { postJson, startTestServer, type TestServer } from './test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const LINE = /^POST \/api\/agent session=[A-Za-z0-9_-]+ finishReason=(\w+) \d+ms/;

describe('HTTP server', () => {
  it('GET /api/health', async () => {
    const response = await fetch(`${t.server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, agent: 'taskAgent', model: 'scripted/task-assistant', store: 'memory' });
    expect(t.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(t.server.agentUrl).toBe(`${t.server.url}/api/agent`);
  });

  it('logs exactly one line per turn: method, session, finishReason, ms', async () => {
    const before = t.lines.length;
    const chat = t.chat();
    await chat.send('add Buy milk');
    await chat.send('clear');
    await chat.resume([{ text: 'no' }]);
    await chat.send('fail');
    const lines = t.lines.slice(before);
    expect(lines).toHaveLength(4);
    const sessionId = chat.getState().sessionId!;
    expect(lines.map((line) => LINE.exec(line)?.[1])).toEqual(['stop', 'interrupted', 'stop', 'failed']);
    for (const line of lines) expect(line).toContain(`session=${sessionId}`);
    expect(lines[3]).toContain('failed on purpose');
    // Snapshot reads are not turns.
    await chat.getSnapshot({ sessionId });
    expect(t.lines.length).toBe(before + 4);
  });

  it('POST /api/agent/abort reports the status a completed snapshot had', async () => {
    const chat = t.chat();
    const { snapshotId } = await chat.send('add Buy milk');
    const response = await postJson(`${t.server.url}/api/agent/abort`, { data: { snapshotId } }, false);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { snapshotId, status: 'completed' } });
  });

  it('POST /api/agent-client: the same agent with client-managed state', async () => {
    const chat = t.chat({ state: { messages: [], artifacts: [] } }, '/api/agent-client');
    const first = await chat.send('add Buy milk');
    expect(first.text).toBe('Added “Buy milk” (task #1).');
    expect(first.state?.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 });
    const second = await chat.send('add Bread');
    expect(second.text).toBe('Added “Bread” (task #2).');
    expect(second.state?.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(t.lines.at(-1)).toMatch(/^POST \/api\/agent-client session=\S+ finishReason=stop/);
  });

  it('unknown routes and malformed JSON are JSON errors', async () => {
    const missing = await fetch(`${t.server.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 'NOT_FOUND' });
    const malformed = await fetch(`${t.server.url}/api/agent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });
});

describe('real model selection (AGENT_MODEL)', () => {
  it('fails with a clear message when the plugin is not installed', () => {
    expect(() => loadRealModel('googleai/gemini-2.5-flash')).toThrow(ModelConfigError);
    expect(() => loadRealModel('googleai/gemini-2.5-flash')).toThrow(/npm i -w apps\/agent-server @genkit-ai\/google-genai/);
  });

  it('rejects providers it does not know', () => {
    expect(() => loadRealModel('gemini-2.5-flash')).toThrow(/not supported/);
    expect(() => loadRealModel('acme/model')).toThrow(/googleai or vertexai/);
  });
});
