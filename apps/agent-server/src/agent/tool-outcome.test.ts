/**
 * A refused interrupt keeps its outcome (`metadata.denied`, `isDeniedResponse`) live and after a reload, on every
 * protocol the agent server speaks; a confirmed one is not marked.
 */
import {
  aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, isDeniedResponse, isToolResponsePart, persistChatTree,
  type AgentChat, type ToolResponsePart, type Transport,
} from '@agent-chat/core';
import { memoryStorage } from '@agent-chat/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support.js';
import { versionTree } from '@agent-chat/core';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const PROTOCOLS: Array<[name: string, make: () => Transport]> = [
  ['genkit', () => genkitTransport({ url: t.server.agentUrl })],
  ['agui', () => aguiTransport({ url: t.server.aguiUrl })],
  ['ai-sdk', () => aiSdkTransport({ url: t.server.aiSdkUrl })],
];

/** The answers to the "clear all" question in the chat's messages. */
const clearAnswers = (chat: AgentChat): ToolResponsePart[] =>
  chat.getState().messages.flatMap((message) => message.content.filter(isToolResponsePart)).filter((part) => part.toolResponse.name === 'confirmClearAll');

/** Answers the open interrupt as the UI's Deny (`false`) and Confirm (`true`) buttons do. */
const answer = (chat: AgentChat, output: boolean) =>
  chat.resume(chat.getState().interrupts.map((part) => ({ toolResponse: { name: part.toolRequest.name, ref: part.toolRequest.ref, output } })));


describe.each(PROTOCOLS)('%s: a refused interrupt', (name, make) => {
  it('is denied live, after restoring the kept tree, and (where the server says so) after a plain restore; a confirmed one is not', async () => {
    const storage = memoryStorage();
    const chat = createAgentChat({ features: [versionTree()], transport: make() });
    persistChatTree(chat, { storage });
    await chat.send('add Buy milk');
    await chat.send('clear all');
    expect(chat.getState().interrupts).toHaveLength(1);
    const refused = await answer(chat, false);
    expect(refused.text).toBe('Okay, nothing was cleared. Your tasks are still there.');
    expect(clearAnswers(chat).map(isDeniedResponse)).toEqual([true]);
    await chat.send('clear all');
    expect((await answer(chat, true)).text).toMatch(/cleared all 1 task/);
    expect(clearAnswers(chat).map(isDeniedResponse)).toEqual([true, false]);
    const sessionId = chat.getState().sessionId!;
    // The tree is saved once the turn's promise has settled.
    await new Promise((resolve) => setTimeout(resolve, 0));

    const reloaded = createAgentChat({ features: [versionTree()], transport: make() });
    expect(await persistChatTree(reloaded, { storage }).restore(sessionId)).not.toBeNull();
    expect(clearAnswers(reloaded).map(isDeniedResponse)).toEqual([true, false]);

    // AG-UI's messages carry no interrupt marker: there, only the kept tree knows the answer was a refusal.
    if (name === 'agui') return;
    const restored = createAgentChat({ features: [versionTree()], transport: make() });
    await restored.restore({ sessionId });
    expect(clearAnswers(restored).map(isDeniedResponse)).toEqual([true, false]);
  });
});
