import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirBytes, makeTempDir, postJson, removeDir, startTestServer, type TestServer } from '../test-support.js';

const CAP = 40_000;
const turn = (sessionId: string, text: string) => ({ data: { message: { role: 'user', content: [{ text }] } }, init: { sessionId } });
const CAP_MESSAGE = new RegExp(`^Session grow would store \\d+ bytes, over its cap of ${CAP} \\(option maxSessionBytes / AGENT_MAX_SESSION_BYTES\\); start a new session\\.$`);

let dataDir: string;
let t: TestServer;
beforeAll(async () => {
  dataDir = await makeTempDir();
  t = await startTestServer({ store: 'file', dataDir, maxSessionBytes: CAP });
});
afterAll(async () => {
  await t.dispose();
  await removeDir(dataDir);
});

describe('per-session stored-size cap (maxSessionBytes)', () => {
  it('a session that would pass the cap is refused with 413 before the turn runs, on all three routes; others go on', async () => {
    const turns: Array<{ status: number; grew: number; body: string }> = [];
    while (turns.at(-1)?.status !== 413 && turns.length < 20) {
      const before = await dirBytes(dataDir);
      // The story's answer (1,663 characters) is what the check cannot foresee: with this cap the sixth turn passes the
      // check and its snapshot would not fit. (A shorter answer, the help text, left the cap between two turns' checks.)
      const response = await postJson(t.server.agentUrl, turn('grow', `story ${turns.length} ${'x'.repeat(6000)}`));
      const body = await response.text();
      turns.push({ status: response.status, grew: (await dirBytes(dataDir)) - before, body });
    }
    // Each snapshot holds the whole session, so every turn wrote more than the one before…
    const written = turns.filter((entry) => entry.grew > 0).map((entry) => entry.grew);
    expect(written.length).toBeGreaterThan(2);
    for (let i = 1; i < written.length; i++) expect(written[i]).toBeGreaterThan(written[i - 1]!);
    expect(Math.max(...written)).toBeLessThanOrEqual(CAP);
    // …until the cap: a turn whose snapshot would pass it failed without writing (its answer was longer than the
    // check could foresee), and from then on the session is refused up front.
    const [failed, refused] = turns.slice(-2);
    expect(failed).toMatchObject({ status: 200, grew: 0 });
    expect(failed!.body).toMatch(/"status":"RESOURCE_EXHAUSTED","message":"Session grow would store \d+ bytes, over its cap/);
    expect(refused!.grew).toBe(0);
    expect(JSON.parse(refused!.body)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: expect.stringMatching(CAP_MESSAGE) });

    const stored = await dirBytes(dataDir);
    const linesBefore = t.lines.length;
    const agui = await postJson(t.server.aguiUrl, {
      threadId: 'grow', runId: 'r1', messages: [{ id: 'm1', role: 'user', content: 'x'.repeat(6000) }], state: {}, tools: [], context: [], forwardedProps: {},
    });
    const aiSdk = await postJson(t.server.aiSdkUrl, { id: 'grow', trigger: 'submit-message', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(6000) }] }] });
    for (const response of [agui, aiSdk]) {
      expect(response.status).toBe(413);
      expect((await response.json()).message).toMatch(CAP_MESSAGE);
    }
    expect(await dirBytes(dataDir)).toBe(stored);
    expect(t.lines.length).toBe(linesBefore);
    // Another user learns nothing of the session's size: the same 404 as an unknown id, on every route.
    const foreign = { 'x-agent-user': 'someone-else' };
    const probes = [
      await postJson(t.server.agentUrl, turn('grow', 'x'.repeat(6000)), true, foreign),
      await postJson(t.server.aguiUrl, { threadId: 'grow', runId: 'r2', messages: [{ id: 'm1', role: 'user', content: 'x'.repeat(6000) }], state: {}, tools: [], context: [], forwardedProps: {} }, true, foreign),
      await postJson(t.server.aiSdkUrl, { id: 'grow', trigger: 'submit-message', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'x'.repeat(6000) }] }] }, true, foreign),
    ];
    expect(probes.map((response) => response.status)).toEqual([404, 404, 404]);

    // A small turn in another session is unaffected.
    const other = await postJson(t.server.agentUrl, turn('other', 'add Buy milk'));
    expect(await other.text()).toContain('Added “Buy milk” (task #1).');
  });

  it('AG-UI and the AI SDK resend the history: only their last message counts against the cap', async () => {
    const history = Array.from({ length: 8 }, (_, i) => ({ id: `h${i}`, role: i % 2 ? 'assistant' : 'user', parts: [{ type: 'text', text: 'y'.repeat(6000) }] }));
    const response = await postJson(t.server.aiSdkUrl, { id: 'resent', trigger: 'submit-message', messages: [...history, { id: 'last', role: 'user', parts: [{ type: 'text', text: 'add Bread' }] }] });
    expect(response.status).toBe(200);
    const stream = await response.text();
    expect(stream).toContain('"toolName":"addTask","input":{"title":"Bread"}');
    expect(stream).not.toContain('"type":"error"');
  });

  it('a turn whose own answer passes the cap fails with RESOURCE_EXHAUSTED and stores nothing', async () => {
    const tiny = await startTestServer({ maxSessionBytes: 600 }); // memory store: the cap counts compact JSON
    try {
      const chat = tiny.chat({ sessionId: 'tiny' });
      const response = await chat.send('hello'); // the help text answer alone is over 600 bytes
      expect(response.finishReason).toBe('failed');
      expect(response.error?.message).toMatch(/^Session tiny would store \d+ bytes, over its cap of 600/);
      await expect(chat.getSnapshot({ sessionId: 'tiny' })).rejects.toMatchObject({ status: 404 });
    } finally {
      await tiny.dispose();
    }
  });
});
