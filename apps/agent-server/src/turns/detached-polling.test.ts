import { createAgentChat, genkitTransport, textOf, type AgentChat, type DetachedRun, type Message } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_TEXT } from './resume-support.js';
import { sendThenDetach, startTestServer, type TestServer } from '../test-support.js';
import { resumable } from '@agent-chat/core';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ tokenDelayMs: 3 });
});
afterAll(() => t.dispose());

const user = (text: string): Message => ({ role: 'user', content: [{ text }] });
// Quick reads, plenty of them: the bound is far beyond a 300-token story at 3 ms a token.
const newChat = () => createAgentChat({ features: [resumable()], transport: genkitTransport({ url: t.server.agentUrl, resumable: true }), pollDetached: { attempts: 400, delay: () => 25 } });

/** Every status the chat showed for its detached run, until polling ended. */
function statusesUntilSettled(chat: AgentChat): Promise<string[]> {
  const seen: string[] = [];
  return new Promise((resolve) => {
    const record = (detached: DetachedRun | undefined) => {
      if (detached && seen.at(-1) !== detached.status) seen.push(detached.status);
      if (detached && !detached.polling) {
        unsubscribe();
        resolve(seen);
      }
    };
    const unsubscribe = chat.subscribe((state) => record(state.detached));
    record(chat.getState().detached);
  });
}

const lastModelText = (chat: AgentChat) => textOf(chat.getState().messages.filter((message) => message.role === 'model').at(-1)?.content ?? []);

describe('Genkit detach against the agent server: the result arrives by polling getSnapshot', () => {
  it('a turn sent with detach: a pending snapshot at once, then completed, and the answer loaded', async () => {
    const chat = newChat();
    const response = await chat.send({ message: user('tell me a long story'), detach: true });
    expect(response.finishReason).toBe('detached');
    expect(response.snapshotId).toBeTruthy();
    expect(chat.getState().detached).toMatchObject({ snapshotId: response.snapshotId, status: 'pending', polling: true });
    expect(await statusesUntilSettled(chat)).toEqual(['pending', 'completed']);
    expect(lastModelText(chat)).toBe(STORY_TEXT);
    expect(chat.getState().snapshotId).toBe(response.snapshotId);
    // The completed snapshot is where the next turn continues.
    const next = await chat.send('add Buy milk');
    expect(next.error).toBeNull();
    expect(chat.getState().detached).toBeUndefined();
  });

  it('stop() while it runs: aborting, then aborted (Genkit abort)', async () => {
    const chat = newChat();
    await chat.send({ message: user('tell me a long story'), detach: true });
    await chat.stop();
    expect(chat.getState().detached?.status).toBe('aborting');
    expect(await statusesUntilSettled(chat)).toEqual(['aborting', 'aborted']);
  });

  it('a detached turn that fails: failed, with the server\'s error', async () => {
    const chat = newChat();
    await chat.send({ message: user('please fail'), detach: true });
    expect(await statusesUntilSettled(chat)).toEqual(['pending', 'failed']);
    expect(chat.getState().error?.message).toMatch(/failed on purpose/);
  });

  it('detach() of a streamed turn: the session is polled until the turn\'s snapshot follows, then the whole answer', async () => {
    const chat = newChat();
    expect((await chat.send('add Buy milk')).error).toBeNull();
    const response = await sendThenDetach(chat, 'tell me a long story');
    expect(response.finishReason).toBe('detached');
    expect(chat.getState().detached).toMatchObject({ snapshotId: null, status: 'pending' });
    expect(await statusesUntilSettled(chat)).toEqual(['pending', 'completed']);
    expect(lastModelText(chat)).toBe(STORY_TEXT);
    const asked = chat.getState().messages.filter((message) => message.role === 'user').map((message) => textOf(message.content));
    expect(asked).toEqual(['add Buy milk', 'tell me a long story']);
  });
});
