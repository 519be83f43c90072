import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySessionStore } from '@agent-chat/server/genkit';
import { isSafeId, withSafeIds } from './session-ids.js';
import { makeTempDir, postJson, removeDir, startTestServer, type TestServer } from '../test-support.js';

const BAD_IDS = ['../../etc/passwd', '..', '.', 'a/b', 'a\\b', 'x\0y', '', ' ', 'a'.repeat(129), 'ü'];

describe('isSafeId', () => {
  it('accepts UUIDs and [A-Za-z0-9_-]{1,128}, rejects path-like ids', () => {
    expect(isSafeId('3f1c9a52-8a77-4b8e-9d2f-0c1e2d3a4b5c')).toBe(true);
    expect(isSafeId('my_session-1')).toBe(true);
    expect(isSafeId('a'.repeat(128))).toBe(true);
    for (const id of BAD_IDS) expect(isSafeId(id), JSON.stringify(id)).toBe(false);
    expect(isSafeId(42)).toBe(false);
  });

  it('the store wrapper refuses unsafe ids before the store sees them', async () => {
    const store = withSafeIds(memorySessionStore());
    await expect(store.getSnapshot({ sessionId: '../../etc/passwd' })).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    await expect(store.getSnapshot({ snapshotId: '../x' })).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    await expect(store.saveSnapshot('../x', () => null)).rejects.toMatchObject({ status: 'INVALID_ARGUMENT' });
    await expect(store.getSnapshot({ sessionId: 'fine-id' })).resolves.toBeUndefined();
  });
});

describe('unsafe ids over HTTP', () => {
  let t: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeTempDir();
    t = await startTestServer({ store: 'file', dataDir });
  });
  afterAll(async () => {
    await t.dispose();
    await removeDir(dataDir);
  });

  it('POST /api/agent, /getSnapshot and /abort answer 400 INVALID_ARGUMENT', async () => {
    for (const id of BAD_IDS.filter((id) => id !== '')) {
      const requests: Array<[string, unknown]> = [
        ['/api/agent', { data: { message: { role: 'user', content: [{ text: 'hi' }] } }, init: { sessionId: id } }],
        ['/api/agent', { data: { message: { role: 'user', content: [{ text: 'hi' }] } }, init: { snapshotId: id } }],
        ['/api/agent/getSnapshot', { data: { sessionId: id } }],
        ['/api/agent/getSnapshot', { data: { snapshotId: id } }],
        ['/api/agent/abort', { data: { snapshotId: id } }],
      ];
      for (const [path, body] of requests) {
        const response = await postJson(`${t.server.url}${path}`, body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(await response.json()).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(/^Invalid (sessionId|snapshotId)/) });
      }
    }
    expect(t.lines).toEqual([]); // no turn ran
    // Nothing was written for any of them: the store folder only has what genkit creates up front.
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('through the client: a typed http-error 400, and the next chat works', async () => {
    const chat = t.chat({ sessionId: '../../etc/passwd' });
    const response = await chat.send('add Buy milk');
    expect(response.finishReason).toBe('failed');
    expect(response.error).toMatchObject({ name: 'AgentChatError', code: 'http-error', status: 400 });
    expect(chat.getState().status).toBe('error');
    await expect(chat.getSnapshot({ sessionId: '../../etc/passwd' })).rejects.toMatchObject({ code: 'http-error', status: 400 });

    const fine = t.chat({ sessionId: 'my-own-session_1' });
    expect((await fine.send('add Buy milk')).text).toBe('Added “Buy milk” (task #1).');
    expect(fine.getState().sessionId).toBe('my-own-session_1');
    expect(await readdir(join(dataDir, 'global', '.pointers'))).toEqual(['my-own-session_1.json']);
  });
});
