// Moved from apps/agent-server (issue 41): one turn per session, cancel, and what x-agent-resumable keeps, on
// genkitRoutes itself (an offline story agent: turns/turn-test-support.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_HEADER, TURN_ID_HEADER, turnPath } from '@agent-chat/core/contract';
import { genkitText, readFrames, startStoryServer, STORY_PROMPT, STORY_TEXT, type RoutesServer } from './turn-test-support.js';

let t: RoutesServer; // a story takes ~4 s: it is still running when the test acts, and the test cancels it
beforeAll(async () => {
  t = await startStoryServer(10);
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const streamHeaders = { ...json, accept: 'text/event-stream', [RESUMABLE_HEADER]: 'true' };
const say = (text: string) => ({ message: { role: 'user', content: [{ text }] } });
const post = (path: string, body: unknown, stream = true) =>
  fetch(`${t.base}${path}`, { method: 'POST', headers: stream ? streamHeaders : json, body: JSON.stringify(body) });

/** A session with one finished turn: its id and that turn's snapshot. */
async function newSession() {
  const frames = await readFrames(await post('/agent', { data: say('first') }));
  const result = JSON.parse(frames.at(-1)!.value) as { result: { sessionId: string; snapshotId: string } };
  return { sessionId: result.result.sessionId, snapshotId: result.result.snapshotId };
}

async function startStory(sessionId: string, headers: Record<string, string> = streamHeaders) {
  const controller = new AbortController();
  const response = await fetch(`${t.base}/agent`, { method: 'POST', headers, body: JSON.stringify({ data: say(STORY_PROMPT), init: { sessionId } }), signal: controller.signal });
  expect(response.status).toBe(200);
  const turnId = response.headers.get(TURN_ID_HEADER)!;
  await readFrames(response, { stopAfter: 2, controller }); // the turn is under way, then the client goes away
  return turnId;
}

const cancel = (route: string, turnId: string) => fetch(`${t.base}${route}/${turnPath(turnId, 'cancel')}`, { method: 'POST' });
const replay = async (turnId: string) => readFrames(await fetch(`${t.base}/agent/${turnPath(turnId, 'stream')}`));

describe('one turn at a time per session', () => {
  it('a second turn in a running session is refused with 409 on every route (by sessionId, snapshotId, threadId, chat id)', async () => {
    const { sessionId, snapshotId } = await newSession();
    const turnId = await startStory(sessionId);
    const attempts = [
      await post('/agent', { data: say('second'), init: { sessionId } }),
      await post('/agent', { data: say('second'), init: { snapshotId } }, false),
      await post('/agui', { threadId: sessionId, runId: 'r2', messages: [{ id: 'u2', role: 'user', content: 'second' }], state: {}, tools: [], context: [], forwardedProps: {} }),
      await post('/ai-sdk', { id: sessionId, trigger: 'submit-message', messages: [{ id: 'u3', role: 'user', parts: [{ type: 'text', text: 'second' }] }] }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(409);
      const body = (await response.json()) as { status: string; message: string; runningTurnId: string };
      expect(body).toMatchObject({ status: 'ABORTED', runningTurnId: turnId });
      expect(body.message).toContain(`/api/agent/turns/${turnId}/stream`);
    }
    // Nothing was lost: the running turn ends once cancelled, and the session holds no "second" message.
    expect(await (await cancel('/agent', turnId)).json()).toEqual({ turnId, status: 'cancelling' });
    await replay(turnId);
    const snapshot = (await (await post('/agent/getSnapshot', { data: { sessionId } }, false)).json()) as { result: { state: { messages?: Array<{ content: Array<{ text?: string }> }> } } };
    const texts = (snapshot.result.state.messages ?? []).flatMap((message) => message.content.map((part) => part.text ?? ''));
    expect(texts).toContain('first');
    expect(texts).not.toContain('second');
  });

  it('POST …/turns/<id>/cancel stops the turn on the server; a turn sent right after waits for it instead of a 409', async () => {
    const { sessionId } = await newSession();
    const turnId = await startStory(sessionId);
    expect((await cancel('/agent', turnId)).status).toBe(200);
    const next = await post('/agent', { data: say('after'), init: { sessionId } });
    expect(next.status).toBe(200);
    expect(genkitText(await readFrames(next)).result).toBe('You said: after.');
    const story = await replay(turnId);
    expect(genkitText(story).streamed.length).toBeLessThan(STORY_TEXT.length / 2);
    expect(JSON.parse(story.at(-1)!.value)).toMatchObject({ result: { finishReason: 'failed' } });
    expect(await (await cancel('/agent', turnId)).json()).toEqual({ turnId, status: 'ended' });
    expect((await cancel('/agent', 'no-such-turn')).status).toBe(404);
  });

  it('a client that disconnects does not stop its turn; one that opts out (x-agent-resumable: false) does (it stops by closing)', async () => {
    const { sessionId } = await newSession();
    const turnId = await startStory(sessionId);
    // Still running well after the client left: a second turn is refused.
    const refused = await post('/ai-sdk', { id: sessionId, trigger: 'submit-message', messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
    expect(refused.status).toBe(409);
    await cancel('/agent', turnId);

    const legacy = await newSession();
    const legacyTurn = await startStory(legacy.sessionId, { ...streamHeaders, [RESUMABLE_HEADER]: 'false' });
    const rest = await replay(legacyTurn);
    // Stopped at once: the turn ends failed, its story far from told.
    expect(JSON.parse(rest.at(-1)!.value)).toMatchObject({ result: { finishReason: 'failed', error: { message: 'The turn was stopped.' } } });
    expect(genkitText(rest).streamed.length).toBeLessThan(STORY_TEXT.length / 2);
  });
});
