/**
 * Restore equals the state before the reload, as a property: random sequences of send / regenerate / edit /
 * interrupt + answer / stop / cut / reload on each protocol, against the real agent server. A reload is a new chat
 * restoring the session from what a page keeps (`persistChatTree` in a storage, then its `restore`, else
 * `restore`); the restored state must equal the state before it, message ids aside.
 */
import {
  aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, isToolRequestPart, isToolResponsePart, isDeniedResponse, persistChatTree,
  type AgentChat, type PersistedChatTree, type Part, type Transport,
} from '@agent-chat/core';
import { memoryStorage } from '@agent-chat/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support.js';
import { clientTools, resumable, versionTree } from '@agent-chat/core';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

/** A fetch whose response bodies break off after their first read when `cut.next` is set (a dropped connection). */
function cuttingFetch(cut: { next: boolean }): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!cut.next || !response.body || init?.method === 'GET') return response;
    cut.next = false;
    const reader = response.body.getReader();
    let reads = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (reads++ > 0) {
          void reader.cancel();
          controller.error(new TypeError('network error'));
          return;
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

type Make = (fetchImpl: typeof fetch) => Transport;
const PROTOCOLS: Array<[name: string, make: Make]> = [
  ['genkit', (fetchImpl) => genkitTransport({ url: t.server.agentUrl, resumable: { delay: () => 0 }, fetch: fetchImpl })],
  ['agui', (fetchImpl) => aguiTransport({ url: t.server.aguiUrl, resumable: { delay: () => 0 }, fetch: fetchImpl })],
  ['ai-sdk', (fetchImpl) => aiSdkTransport({ url: t.server.aiSdkUrl, resumable: { delay: () => 0 }, fetch: fetchImpl })],
];

const TOOLS = { getLocalTime: { execute: () => ({ time: '07:26', timeZone: 'UTC' }) } };

/** A part as a reader compares it: text, tool calls with their outcome; protocol bookkeeping (metadata) aside. */
function normalPart(part: Part): unknown {
  if ('text' in part) return { text: part.text };
  if (isToolRequestPart(part)) return { call: part.toolRequest.name, ref: part.toolRequest.ref, input: part.toolRequest.input };
  if (isToolResponsePart(part)) return { result: part.toolResponse.name, ref: part.toolResponse.ref, ...(isDeniedResponse(part) ? { denied: true } : { output: part.toolResponse.output }) };
  return part;
}

/** The chat's state with ids normalized: what the page shows and what the next turn continues from. */
function normalState(chat: AgentChat) {
  const state = chat.getState();
  return {
    messages: state.messages.map((message) => ({
      role: message.role,
      status: message.status,
      content: message.content.filter((part) => !('text' in part) || part.text !== '').map(normalPart),
      ...(message.siblings ? { siblings: message.siblings } : {}),
    })),
    // A session's state starts as {}: Genkit streams it, AG-UI and the AI SDK route say nothing until it changes.
    custom: state.custom === undefined || (typeof state.custom === 'object' && state.custom !== null && Object.keys(state.custom).length === 0) ? null : state.custom,
    artifacts: state.artifacts.map((artifact) => artifact.name),
    interrupts: state.interrupts.map((part) => part.toolRequest.name),
    sessionId: state.sessionId,
    status: state.status,
  };
}

type Op =
  | { kind: 'send'; text: string }
  | { kind: 'regenerate' }
  | { kind: 'edit'; text: string }
  | { kind: 'answer'; confirm: boolean }
  | { kind: 'stop' }
  | { kind: 'cut' }
  | { kind: 'reload' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.constantFrom('add Buy milk', 'add Walk the dog', 'hello', 'clear all', 'what time is it?').map((text): Op => ({ kind: 'send', text })),
  fc.constant<Op>({ kind: 'regenerate' }),
  fc.constantFrom('add Pay rent', 'hello').map((text): Op => ({ kind: 'edit', text })),
  fc.boolean().map((confirm): Op => ({ kind: 'answer', confirm })),
  fc.constant<Op>({ kind: 'stop' }),
  fc.constant<Op>({ kind: 'cut' }),
  fc.constant<Op>({ kind: 'reload' }),
);

/** A page: its chat and what it keeps across a reload (the session id, and the tree in its storage). */
class Page {
  readonly store = memoryStorage();
  readonly cut = { next: false };
  chat: AgentChat;

  constructor(private readonly make: Make) {
    this.chat = this.open();
  }

  /** The open page's kept tree. */
  kept!: PersistedChatTree<unknown>;

  open(): AgentChat {
    const chat = createAgentChat({ features: [versionTree(), clientTools(), resumable()], transport: this.make(cuttingFetch(this.cut)), tools: TOOLS });
    this.kept = persistChatTree(chat, { storage: this.store });
    return chat;
  }

  /** The saves of the last settle have run (they wait for the turn's promise). */
  settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  async run(op: Op): Promise<void> {
    const { chat } = this;
    const state = chat.getState();
    const lastUser = [...state.messages].reverse().find((message) => message.role === 'user');
    switch (op.kind) {
      case 'send':
        if (state.interrupts.length === 0) await chat.send(op.text);
        return;
      case 'regenerate':
        if (state.interrupts.length === 0 && state.messages.some((message) => message.role === 'model')) await chat.regenerate().catch(() => undefined);
        return;
      case 'edit':
        if (state.interrupts.length === 0 && lastUser) await chat.edit(lastUser.id, op.text).catch(() => undefined);
        return;
      case 'answer':
        if (state.interrupts.length > 0) await chat.resume([{ text: op.confirm ? 'yes' : 'no' }]);
        return;
      case 'stop':
        if (state.interrupts.length > 0) return;
        await chat.sendStream('tell me a long story', (chunk) => {
          if (chunk.text) void chat.stop();
        });
        return;
      case 'cut':
        if (state.interrupts.length > 0) return;
        this.cut.next = true;
        await chat.send('add Call mom');
        this.cut.next = false;
        return;
      case 'reload': {
        await this.settled();
        const sessionId = state.sessionId;
        if (!sessionId) return;
        const before = normalState(chat);
        const reloaded = this.open();
        if (!(await this.kept.restore(sessionId))) await reloaded.restore({ sessionId });
        expect(normalState(reloaded)).toEqual(before);
        this.chat = reloaded;
      }
    }
  }
}

describe.each(PROTOCOLS)('%s: restore equals the state before the reload', (_name, make) => {
  it('for random sequences of send / regenerate / edit / answer / stop / cut / reload', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 8 }), async (ops) => {
        const page = new Page(make);
        for (const op of [...ops, { kind: 'reload' } as const]) await page.run(op);
      }),
      { numRuns: 25, seed: 24, endOnFailure: true },
    );
  }, 120_000);
});
