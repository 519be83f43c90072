// A turn's session is free before its response's last byte (issue 45): a client that sends its next turn the moment a
// stream ended is never refused with a 409 naming the finished turn, with turns in memory or in Redis. Before, the
// Redis claim was freed asynchronously after the last byte (RedisTurns.end queued, not awaited).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_HEADER } from '@agent-chat/core/contract';
import { resumableTurns } from './resumable-turns.js';
import { memoryTurnStore, redisTurnStore, type TurnStore } from './turn-store.js';
import { aguiText, aiSdkText, genkitText, readFrames, startStoryServer, type RoutesServer } from './turn-test-support.js';
import { redisAvailable, startRedis } from '../redis-test-support.js';

const headers = { 'content-type': 'application/json', accept: 'text/event-stream', [RESUMABLE_HEADER]: 'true' };
const ROUNDS = 6;

/** One turn per protocol, each in the conversation `id` (Genkit: the session its first turn made). */
const turnOn = {
  genkit: (sessionId: string | undefined, text: string) => ['/agent', { data: { message: { role: 'user', content: [{ text }] } }, ...(sessionId && { init: { sessionId } }) }] as const,
  agui: (threadId: string, text: string) => ['/agui', { threadId, runId: `r-${text}`, messages: [{ id: `u-${text}`, role: 'user', content: text }], state: {}, tools: [], context: [], forwardedProps: {} }] as const,
  aiSdk: (chatId: string, text: string) => ['/ai-sdk', { id: chatId, trigger: 'submit-message', messages: [{ id: `u-${text}`, role: 'user', parts: [{ type: 'text', text }] }] }] as const,
};

function suite(name: string, makeStore: () => Promise<{ store: TurnStore; stop?: () => Promise<void> }>) {
  describe(`the next turn right after a stream ended (${name})`, () => {
    let t: RoutesServer;
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const made = await makeStore();
      stop = made.stop;
      t = await startStoryServer(10, resumableTurns({ store: made.store }));
    }, 30_000);
    afterAll(async () => {
      await t?.close();
      await stop?.();
    });
    const post = async ([path, body]: readonly [string, unknown]) => fetch(`${t.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

    it(`Genkit: ${ROUNDS} turns in one session, each sent as soon as the previous stream ended, all answered`, async () => {
      let sessionId: string | undefined;
      for (let round = 0; round < ROUNDS; round++) {
        const response = await post(turnOn.genkit(sessionId, `genkit ${round}`));
        expect(response.status).toBe(200);
        const frames = await readFrames(response);
        expect(genkitText(frames).result).toBe(`You said: genkit ${round}.`);
        sessionId ??= (JSON.parse(frames.at(-1)!.value) as { result: { sessionId: string } }).result.sessionId;
      }
    });

    it(`AG-UI and the AI SDK: ${ROUNDS} turns in one conversation each, back to back, all answered`, async () => {
      const id = `next-turn-${name}-${Date.now()}`;
      for (let round = 0; round < ROUNDS; round++) {
        const agui = await post(turnOn.agui(`${id}-agui`, `agui ${round}`));
        expect(agui.status).toBe(200);
        expect(aguiText(await readFrames(agui))).toBe(`You said: agui ${round}.`);
        const aiSdk = await post(turnOn.aiSdk(`${id}-ai-sdk`, `ai-sdk ${round}`));
        expect(aiSdk.status).toBe(200);
        expect(aiSdkText(await readFrames(aiSdk))).toBe(`You said: ai-sdk ${round}.`);
      }
    });
  });
}

suite('memory', async () => ({ store: memoryTurnStore() }));
if (redisAvailable) {
  suite('Redis', async () => {
    const redis = await startRedis();
    return { store: redisTurnStore({ client: redis.client }), stop: redis.stop };
  });
}

describe('a response that went away mid-turn', () => {
  it('lets its ended turn go after the retention window (its reader is closed, not left at a batch)', async () => {
    let now = 0;
    const turns = resumableTurns({ store: memoryTurnStore({ retentionMs: 1000, now: () => now }) });
    const begun = await turns.begin({ route: '/api/test', sessionId: 'gone', user: 'ann' });
    if (!('turn' in begun)) throw new Error('expected a turn');
    turns.append(begun.turn, 'data: 1');
    const response = await turns.stream(begun.turn, { after: -1, withIds: true, headers: {} });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('id: 0\ndata: 1\n\n');
    await reader.cancel(); // the client left with the turn still running
    turns.append(begun.turn, 'data: 2');
    await turns.end(begun.turn);
    now += 1000;
    expect(await turns.find(begun.turn.turnId)).toBeUndefined();
  });
});
