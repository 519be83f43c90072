import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFrames, STORY_TEXT, genkitText } from './resume-support.js';
import { postJson, startTestServer, type TestServer } from '../test-support.js';

let t: TestServer; // a story takes ~6 s here: it is still running when the test acts, and the test cancels it
beforeAll(async () => {
  t = await startTestServer({ tokenDelayMs: 20 });
});
afterAll(() => t.close());

const streamHeaders = { 'content-type': 'application/json', accept: 'text/event-stream', 'x-agent-resumable': 'true' };
const storyInput = { message: { role: 'user', content: [{ text: 'tell me a long story' }] } };

/** A session with one finished turn: its id and that turn's snapshot. */
async function newSession() {
  const chat = t.chat();
  const { snapshotId } = await chat.send('add Buy milk');
  return { sessionId: chat.getState().sessionId!, snapshotId: snapshotId! };
}

async function startStory(sessionId: string) {
  const controller = new AbortController();
  const response = await fetch(t.server.agentUrl, { method: 'POST', headers: streamHeaders, body: JSON.stringify({ data: storyInput, init: { sessionId } }), signal: controller.signal });
  expect(response.status).toBe(200);
  await readFrames(response, { stopAfter: 2, controller }); // the turn is under way, then the client goes away
  return response.headers.get('x-agent-turn-id')!;
}

const cancel = (route: string, turnId: string) => fetch(`${t.server.url}${route}/turns/${turnId}/cancel`, { method: 'POST' });

describe('one turn at a time per session', () => {
  it('a second turn in a running session is refused with 409 on every route (by sessionId, snapshotId, threadId, chat id)', async () => {
    const { sessionId, snapshotId } = await newSession();
    const turnId = await startStory(sessionId);
    const attempts = [
      await postJson(t.server.agentUrl, { data: { message: { role: 'user', content: [{ text: 'add Bread' }] } }, init: { sessionId } }),
      await postJson(t.server.agentUrl, { data: { message: { role: 'user', content: [{ text: 'add Bread' }] } }, init: { snapshotId } }, false),
      await postJson(t.server.aguiUrl, { threadId: sessionId, runId: 'r2', messages: [{ id: 'u2', role: 'user', content: 'add Bread' }], state: {}, tools: [], context: [], forwardedProps: {} }),
      await postJson(t.server.aiSdkUrl, { id: sessionId, trigger: 'submit-message', messages: [{ id: 'u3', role: 'user', parts: [{ type: 'text', text: 'add Bread' }] }] }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(409);
      const body = (await response.json()) as { status: string; message: string; runningTurnId: string };
      expect(body).toMatchObject({ status: 'ABORTED', runningTurnId: turnId });
      expect(body.message).toContain(`/api/agent/turns/${turnId}/stream`);
    }
    // Nothing was lost: the running turn finishes untouched once cancelled, and the session has no "Bread".
    expect(await (await cancel('/api/agent', turnId)).json()).toEqual({ turnId, status: 'cancelling' });
    await readFrames(await fetch(`${t.server.agentUrl}/turns/${turnId}/stream`));
    const snapshot = (await (await postJson(`${t.server.agentUrl}/getSnapshot`, { data: { sessionId } }, false)).json()) as { result: { state: { custom: { tasks: Array<{ title: string }> } } } };
    expect(snapshot.result.state.custom.tasks.map((task) => task.title)).toEqual(['Buy milk']);
  });

  it('POST …/turns/<id>/cancel stops the turn on the server; a turn sent right after waits for it instead of a 409', async () => {
    const { sessionId } = await newSession();
    const turnId = await startStory(sessionId);
    const before = t.lines.length;
    expect((await cancel('/api/agent', turnId)).status).toBe(200);
    const next = await postJson(t.server.agentUrl, { data: { message: { role: 'user', content: [{ text: 'add Bread' }] } }, init: { sessionId } });
    expect(next.status).toBe(200);
    const frames = await readFrames(next);
    expect(genkitText(frames).result).toBe('Added “Bread” (task #2).');
    const story = genkitText(await readFrames(await fetch(`${t.server.agentUrl}/turns/${turnId}/stream`))).streamed;
    expect(story.length).toBeLessThan(STORY_TEXT.length / 2);
    await vi.waitFor(() => expect(t.lines.slice(before).some((line) => /finishReason=failed \(cancelled\)/.test(line))).toBe(true));
    expect(await (await cancel('/api/agent', turnId)).json()).toEqual({ turnId, status: 'ended' });
    expect((await cancel('/api/agent', 'no-such-turn')).status).toBe(404);
  });

  it('a resumable client that disconnects does not stop its turn; one that is not resumable does (it stops by closing)', async () => {
    const { sessionId } = await newSession();
    const turnId = await startStory(sessionId);
    // Still running well after the client left: a second turn is refused.
    const refused = await postJson(t.server.aiSdkUrl, { id: sessionId, trigger: 'submit-message', messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
    expect(refused.status).toBe(409);
    await cancel('/api/agent', turnId);

    const legacy = await newSession();
    const controller = new AbortController();
    const response = await fetch(t.server.agentUrl, { method: 'POST', headers: { ...streamHeaders, 'x-agent-resumable': 'false' }, body: JSON.stringify({ data: storyInput, init: { sessionId: legacy.sessionId } }), signal: controller.signal });
    const legacyTurn = response.headers.get('x-agent-turn-id')!;
    await readFrames(response, { stopAfter: 2, controller });
    const rest = await readFrames(await fetch(`${t.server.agentUrl}/turns/${legacyTurn}/stream`));
    // Stopped at once: the turn ends failed, its story far from told.
    expect(JSON.parse(rest.at(-1)!.value)).toMatchObject({ result: { finishReason: 'failed', error: { message: 'The turn was stopped.' } } });
    expect(genkitText(rest).streamed.length).toBeLessThan(STORY_TEXT.length / 2);
  });
});
