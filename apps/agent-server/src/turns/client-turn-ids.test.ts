/**
 * Client turn ids (issue 42): a resumable POST names its turn (`x-agent-turn-id`) before sending it. The chat knows the
 * turn from the first byte sent, so a page that goes away before any response finds the turn and joins it; and a POST
 * sent twice with the same id (a retry whose first response never arrived) runs the turn once.
 */
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, textOf, type AgentChat, type AgentResponse, type Transport } from '@agent-chat/core';
import { createMessageQueue, persist } from '@agent-chat/core/persist';
import { memoryStorage } from '@agent-chat/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_TEXT } from './resume-support.js';
import { startTestServer, type TestServer } from '../test-support.js';

let slow: TestServer;
beforeAll(async () => {
  slow = await startTestServer({ tokenDelayMs: 3 });
});
afterAll(() => slow.dispose());

type Make = (fetchImpl: typeof fetch) => Transport;
const PROTOCOLS: Record<string, Make> = {
  genkit: (fetchImpl) => genkitTransport({ url: slow.server.agentUrl, resumable: true, fetch: fetchImpl }),
  agui: (fetchImpl) => aguiTransport({ url: slow.server.aguiUrl, resumable: true, fetch: fetchImpl }),
  aiSdk: (fetchImpl) => aiSdkTransport({ url: slow.server.aiSdkUrl, resumable: true, fetch: fetchImpl }),
};

const conversation = (chat: AgentChat) =>
  chat.getState().messages
    .filter((message) => (message.role === 'user' || message.role === 'model') && textOf(message.content) !== '')
    .map((message) => `${message.role}: ${textOf(message.content)}`);

const isPost = (init?: RequestInit) => (init?.method ?? 'GET') === 'POST';
const turnIdOf = (init?: RequestInit) => new Headers(init?.headers).get('x-agent-turn-id');

describe.each(Object.entries(PROTOCOLS))('%s: client turn ids', (_name, make) => {
  it('a second chat sending to a session whose turn runs gets a typed `busy` error naming the running turn, which it can join', async () => {
    const first = createAgentChat({ transport: make(fetch) });
    expect((await first.send('add Buy milk')).error).toBeNull();
    const { sessionId } = first.getState();
    void first.send('tell me a long story');
    await expect.poll(() => first.getState().status).toBe('streaming');
    const running = first.getState().runningTurn!;
    const second = createAgentChat({ transport: make(fetch), features: [persist({ storage: memoryStorage() })] });
    await second.restore({ sessionId: sessionId! });
    // AG-UI and the AI SDK route name the running turn in the snapshot: the restored chat joined it already.
    if (_name === 'genkit') {
      const refused = await second.send('add Walk the dog');
      expect(refused.error).toMatchObject({ code: 'busy', status: 409, details: { runningTurnId: running.turnId } });
      // The turn the error names can be joined (persist()'s restore takes it as the kept turn).
      second.clearError();
      second.reset();
      await second.restore({ sessionId: sessionId!, runningTurn: { ...running } });
    }
    await expect.poll(() => conversation(second).at(-1), { timeout: 15_000 }).toBe(`model: ${STORY_TEXT}`);
  }, 20_000);

  it('a queued message that meets a busy session goes back to the head of the queue, the chat joins the running turn, and the message goes after it', async () => {
    const first = createAgentChat({ transport: make(fetch) });
    expect((await first.send('add Buy milk')).error).toBeNull();
    const { sessionId } = first.getState();
    const story = first.send('tell me a long story');
    await expect.poll(() => first.getState().status).toBe('streaming');
    // Another tab of the session, restored before the story started (as a page loaded a moment earlier).
    const log: string[] = [];
    const logging: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      log.push(`${init?.method ?? 'GET'} ${String(input).replace(/^https?:\/\/[^/]+/, '')} ${response.status}`);
      return response;
    };
    const second = createAgentChat({ transport: make(logging), features: [persist({ storage: memoryStorage() })] });
    await second.restore({ sessionId: sessionId! });
    if (_name !== 'genkit') await expect.poll(() => second.getState().status).toBe('streaming');
    const queue = createMessageQueue(second, { online: () => true });
    queue.send('add Walk the dog');
    await expect.poll(() => conversation(second).at(-1), { timeout: 20_000 }).toBe('model: Added “Walk the dog” (task #2).');
    // One POST for the message (Genkit: the refused one first, 409), after the story was joined.
    expect(log.filter((line) => /^POST \/api\/(agent|agui|ai-sdk) /.test(line)).map((line) => line.split(' ')[2])).toEqual(_name === 'genkit' ? ['409', '200'] : ['200']);
    expect((await story).text).toBe(STORY_TEXT);
    expect(conversation(second)).toEqual(['user: add Buy milk', 'model: Added “Buy milk” (task #1).', 'user: tell me a long story', `model: ${STORY_TEXT}`, 'user: add Walk the dog', 'model: Added “Walk the dog” (task #2).']);
    expect(queue.getItems()).toEqual([]);
    queue.dispose();
  }, 30_000);

  it('a page that goes away before the response arrives: the turn was kept by its client id, and the next page joins it', async () => {
    const storage = memoryStorage();
    const named: string[] = [];
    const arrived: Array<Promise<unknown>> = [];
    // The POST reaches the server, its response never reaches the page (the page is gone before it arrives).
    const lost: typeof fetch = (input, init) => {
      if (!isPost(init)) return fetch(input, init);
      named.push(turnIdOf(init) ?? '');
      arrived.push(fetch(input, init).then((response) => response.body?.cancel()));
      return new Promise<Response>(() => undefined);
    };
    const first = createAgentChat({ transport: make(lost), features: [persist({ storage })] });
    first.subscribe(() => undefined);
    await first.restore();
    void first.send('tell me a long story');
    await expect.poll(() => named.length).toBe(1);
    expect(named[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect.poll(() => first.getState().runningTurn?.turnId).toBe(named[0]);
    // Named before any byte came back: the turn has not answered yet.
    expect(first.getState().status).toBe('submitted');
    await expect.poll(() => (JSON.parse(storage.getItem('agent-chat/chat') ?? '{}') as { runningTurn?: { turnId: string } }).runningTurn?.turnId).toBe(named[0]);

    // The server has the turn (its response is on the way back, to a page no longer there).
    await arrived[0];
    const posts: string[] = [];
    const counting: typeof fetch = (input, init) => {
      if (isPost(init)) posts.push(String(input));
      return fetch(input, init);
    };
    let second!: AgentChat;
    const ended = new Promise<AgentResponse>((resolve) => {
      second = createAgentChat({ transport: make(counting), features: [persist({ storage })], onTurnEnd: resolve });
    });
    await second.restore();
    const final = await ended;
    expect(final.finishReason).toBe('stop');
    expect(final.text).toBe(STORY_TEXT);
    expect(conversation(second)).toEqual(['user: tell me a long story', `model: ${STORY_TEXT}`]);
    expect(posts).toEqual([]);
  }, 20_000);

  it('a POST sent twice with the same client id runs the turn once: the second one reads the same turn', async () => {
    const answers: string[] = [];
    const twice: typeof fetch = async (input, init) => {
      if (!isPost(init) || !turnIdOf(init)) return fetch(input, init);
      // A retry of a POST whose response was lost: the same request again, after the first one reached the server.
      const first = await fetch(input, init);
      answers.push(first.headers.get('x-agent-turn-id') ?? '');
      await first.body?.cancel();
      const again = await fetch(input, init);
      answers.push(again.headers.get('x-agent-turn-id') ?? '');
      return again;
    };
    const chat = createAgentChat({ transport: make(twice) });
    const response = await chat.send('add Buy milk');
    expect(response.error).toBeNull();
    expect(answers[0]).toBe(answers[1]);
    const next = await chat.send('add Walk the dog');
    expect(next.error).toBeNull();
    // One task each: the first turn ran once, not twice.
    expect(next.text).toBe('Added “Walk the dog” (task #2).');
    const reloaded = createAgentChat({ transport: make(fetch) });
    await reloaded.restore({ sessionId: chat.getState().sessionId! });
    expect(conversation(reloaded)).toEqual(['user: add Buy milk', 'model: Added “Buy milk” (task #1).', 'user: add Walk the dog', 'model: Added “Walk the dog” (task #2).']);
  }, 20_000);
});
