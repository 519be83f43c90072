import {
  aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, textOf, type AgentChat, type AgentResponse, type RunningTurn, type Transport,
} from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_TEXT } from '../turns/resume-support.js';
import { sendThenDetach, startTestServer, type TestServer } from '../test-support.js';
import { resumable } from '@agent-chat/core';

let t: TestServer;
let slow: TestServer;
beforeAll(async () => {
  [t, slow] = await Promise.all([startTestServer(), startTestServer({ tokenDelayMs: 3 })]);
});
afterAll(() => Promise.all([t.dispose(), slow.dispose()]));

type Make = (server: TestServer, fetchImpl?: typeof fetch) => Transport;
const PROTOCOLS: Record<string, Make> = {
  genkit: (server, fetchImpl = fetch) => genkitTransport({ url: server.server.agentUrl, resumable: true, fetch: fetchImpl }),
  agui: (server, fetchImpl = fetch) => aguiTransport({ url: server.server.aguiUrl, resumable: true, fetch: fetchImpl }),
  aiSdk: (server, fetchImpl = fetch) => aiSdkTransport({ url: server.server.aiSdkUrl, resumable: true, fetch: fetchImpl }),
};

/** What a reader sees of the conversation: who said what (tool traffic aside). */
const conversation = (chat: AgentChat) =>
  chat.getState().messages
    .filter((message) => (message.role === 'user' || message.role === 'model') && textOf(message.content) !== '')
    .map((message) => `${message.role}: ${textOf(message.content)}`);

describe.each(Object.entries(PROTOCOLS))('%s: reload restore', (_name, make) => {
  it('a new chat restores the session: messages, custom state, artifacts and the open interrupt', async () => {
    const live = createAgentChat({ features: [resumable()], transport: make(t) });
    for (const text of ['add Buy milk', 'add Walk the dog', 'write a report', 'clear all']) {
      const response = await live.send(text);
      expect(response.error).toBeNull();
    }
    const { sessionId } = live.getState();
    expect(live.getState().interrupts).toHaveLength(1);
    const reloaded = createAgentChat({ features: [resumable()], transport: make(t) });
    await reloaded.restore({ sessionId: sessionId! });
    expect(conversation(reloaded)).toEqual(conversation(live));
    expect(reloaded.getState().custom).toEqual(live.getState().custom);
    expect(reloaded.getState().artifacts.map((artifact) => artifact.name)).toEqual(live.getState().artifacts.map((artifact) => artifact.name));
    expect(reloaded.getState().interrupts.map((part) => part.toolRequest.name)).toEqual(['confirmClearAll']);
    expect(reloaded.getState().sessionId).toBe(sessionId);
    // The restored interrupt can be answered, and the conversation goes on.
    const answered = await reloaded.resume([{ text: 'yes' }]);
    expect(answered.error).toBeNull();
    expect(answered.text).toMatch(/cleared all 2 tasks/);
  });

  it('detach() leaves the turn running on the server: no cancel, the turn ends locally as detached', async () => {
    const log: string[] = [];
    const logging: typeof fetch = (input, init) => {
      log.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return fetch(input, init);
    };
    const chat = createAgentChat({ features: [resumable()], transport: make(slow, logging) });
    const response = await sendThenDetach(chat, 'tell me a long story');
    expect(response.finishReason).toBe('detached');
    expect(response.error).toBeNull();
    expect(chat.getState().status).toBe('ready');
    expect(log.some((line) => line.endsWith('/cancel'))).toBe(false);
    // Genkit names the session in its last frame: a page detached before it has nothing to restore by.
    if (_name === 'genkit') return;
    const sessionId = chat.getState().sessionId!;
    expect(sessionId).toBeTruthy();
    // A reloaded page restores the session and reattaches to the running turn, which ends with the server's text.
    const ended = new Promise<AgentResponse>((resolve) => {
      const reloaded = createAgentChat({ features: [resumable()], transport: make(slow), onTurnEnd: resolve });
      void reloaded.restore({ sessionId });
    });
    const final = await ended;
    expect(final.finishReason).toBe('stop');
    expect(final.text).toBe(STORY_TEXT);
  });

  it('a reload mid-answer: the question shows again, the answer completes with the server\'s text, and the next send works', async () => {
    const live = createAgentChat({ features: [resumable()], transport: make(slow) });
    expect((await live.send('add Buy milk')).error).toBeNull();
    // What the page keeps across the reload: the running turn, as the transport named it.
    let kept: RunningTurn | undefined;
    const unsubscribe = live.subscribe((state) => void (kept ??= state.runningTurn));
    let detached = false;
    await live.sendStream('tell me a long story', (chunk) => {
      if (chunk.text && !detached) {
        detached = true;
        void live.detach();
      }
    });
    unsubscribe();
    expect(kept?.turnId).toBeTruthy();
    expect(kept?.input && textOf(kept.input.content)).toBe('tell me a long story');
    expect(kept?.snapshotId).toBe(live.getState().snapshotId);
    const sessionId = live.getState().sessionId!;

    let reloaded!: AgentChat;
    const ended = new Promise<AgentResponse>((resolve) => {
      reloaded = createAgentChat({ features: [resumable()], transport: make(slow), onTurnEnd: resolve });
    });
    await reloaded.restore({ sessionId });
    // AG-UI and the AI SDK name the running turn themselves (restore reattached already: null); Genkit needs the kept one.
    const reattached = reloaded.reattach(kept!);
    if (_name !== 'genkit') expect(await reattached).toBeNull();
    const final = await ended;
    expect(final.finishReason).toBe('stop');
    expect(final.text).toBe(STORY_TEXT);
    expect(conversation(reloaded)).toEqual(['user: add Buy milk', 'model: Added “Buy milk” (task #1).', 'user: tell me a long story', `model: ${STORY_TEXT}`]);
    expect(reloaded.getState().runningTurn).toBeUndefined();
    // The client's history now matches the session's: the next turn is accepted.
    const next = await reloaded.send('add Walk the dog');
    expect(next.error).toBeNull();
    expect(next.text).toMatch(/Walk the dog/);
    // A kept turn that already ended (the chat shows a later point) is not read again.
    expect(await reloaded.reattach(kept!)).toBeNull();
  });
});

