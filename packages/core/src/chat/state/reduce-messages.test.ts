import { freeze } from 'immer';
import { beforeAll, describe, expect, it } from 'vitest';
import { draftsPerUpdate } from '../../../test/count-drafts.js';
import { createAgentChat } from '../agent-chat.js';
import { subAgents } from '../sub-agents/sub-agents.js';
import type { AgentEvent } from '../../model/events.js';
import type { ChatMessage } from '../../model/message.js';
import { isToolRequestPart, textOf, type Part, type ToolRequestPart } from '../../model/part.js';
import { subAgentOf } from '../../model/sub-agent.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';

// What the reducer does with the objects a decoder hands over, and what it costs per event, driven through the chat's
// public API with normalized events (as every protocol's decoder produces them), one read per batch.

beforeAll(async () => {
  // The subAgents() feature's held path is a chunk of its own, loaded as a chat installs it.
  createAgentChat({ transport: scriptedTransport([]), features: [subAgents()] });
  await import('../sub-agents/held-events.js');
  await new Promise((resolve) => setTimeout(resolve, 0));
});

const runMessages = (messages: readonly ChatMessage[], ref: string): ChatMessage[] => {
  for (const message of messages) {
    for (const part of message.content) if (isToolRequestPart(part) && part.toolRequest.ref === ref) return subAgentOf(part)!.messages;
  }
  return [];
};

describe('the events a decoder hands over, after a message-complete', () => {
  /** A completed message, then a text delta into the same message, in one read: the decoder keeps its objects. */
  function completedThenDelta(within?: string[]): AgentEvent[] {
    const at = within ? { within } : {};
    return [
      { type: 'message-complete', message: { role: 'model', content: [{ text: 'Hello' }] }, messageKey: 'm', ...at },
      { type: 'text-delta', text: ' world', messageKey: 'm', ...at },
      { type: 'part-add', part: { text: 'Part' }, messageKey: 'n', ...at },
      { type: 'text-delta', text: ' grows', messageKey: 'n', ...at },
    ];
  }
  const opening = (ref: string): AgentEvent[] => [
    { type: 'tool-request', part: { toolRequest: { name: 'research', ref } } },
    { type: 'sub-agent-start', within: [ref], agent: 'researcher' },
  ];

  for (const nested of [false, true]) {
    it(`${nested ? 'nested' : 'flat'}: are never written to (frozen by the decoder: no TypeError; kept: unchanged)`, async () => {
      const within = nested ? ['c1'] : undefined;
      const handed = completedThenDelta(within);
      const copy = structuredClone(handed);
      // Frozen as a decoder that keeps its mirror would rather they stayed: a write throws (strict mode).
      for (const event of handed) freeze(event, true);
      const turn = [...(nested ? opening('c1') : []), ...handed, { type: 'turn-end', finishReason: 'stop' } as AgentEvent];
      const chat = createAgentChat({ transport: scriptedTransport([turn], { batchSize: turn.length }), features: [subAgents()] });
      await chat.send('go');
      const { messages, error } = chat.getState();
      expect(error).toBeNull();
      const list = nested ? runMessages(messages, 'c1') : messages.slice(1);
      expect(list.map((message) => textOf(message.content))).toEqual(['Hello world', 'Part grows']);
      expect(handed).toEqual(copy);
    });

    it(`${nested ? 'nested' : 'flat'}: a decoder's content array and parts are not the state's (its next edits do not reach it)`, async () => {
      const within = nested ? ['c1'] : undefined;
      const content: Part[] = [{ text: 'Hello' }];
      const handed: AgentEvent[] = [{ type: 'message-complete', message: { role: 'model', content }, messageKey: 'm', ...(within ? { within } : {}) }];
      const turn = [...(nested ? opening('c1') : []), ...handed, { type: 'text-delta', text: '!', messageKey: 'm', ...(within ? { within } : {}) } as AgentEvent, { type: 'turn-end', finishReason: 'stop' } as AgentEvent];
      const chat = createAgentChat({ transport: scriptedTransport([turn], { batchSize: nested ? 3 : 1 }), features: [subAgents()] });
      await chat.send('go');
      const { messages } = chat.getState();
      const list = nested ? runMessages(messages, 'c1') : messages.slice(1);
      const stored = list[0]!.content;
      expect(stored).not.toBe(content);
      expect(stored[0]).not.toBe(content[0]);
      expect(Object.isFrozen(content)).toBe(false);
      expect(Object.isFrozen(content[0])).toBe(false);
      // The decoder's mirror goes on appending to its own array: the store's message does not change.
      (content[0] as { text: string }).text += ' again';
      content.push({ text: 'more' });
      expect(textOf(stored)).toBe('Hello!');
    });
  }
});

describe('a flat tool call\'s cost as the answer grows', () => {
  /**
   * Proxies immer made per store update for the last `last` of `calls` tool calls into one answer (a call and its
   * result, a read each, the calls and their results each in one message): counts, not clocks.
   */
  async function draftsPerCall(calls: number, last = 4, features = [] as ReturnType<typeof subAgents>[]): Promise<number[]> {
    const events: AgentEvent[] = [{ type: 'text-delta', text: 'Looking.' }];
    for (let index = 0; index < calls; index++) {
      const ref = `t${index}`;
      events.push({ type: 'tool-request', part: { toolRequest: { name: 'search', ref, input: { q: ref } } } as ToolRequestPart });
      events.push({ type: 'tool-response', part: { toolResponse: { name: 'search', ref, output: [ref] } } });
    }
    // The last call again (a later, complete copy): found among all the others and replaced.
    events.push({ type: 'tool-request', part: { toolRequest: { name: 'search', ref: `t${calls - 1}`, input: { q: 'again' } } } as ToolRequestPart });
    const chat = createAgentChat({ transport: scriptedTransport([[...events, { type: 'turn-end', finishReason: 'stop' }]], { batchSize: 1 }), features });
    const counts = await draftsPerUpdate(chat, 'go');
    const { messages } = chat.getState();
    expect(messages[1]!.content.filter(isToolRequestPart)).toHaveLength(calls);
    expect(messages[1]!.content[calls]).toEqual({ toolRequest: { name: 'search', ref: `t${calls - 1}`, input: { q: 'again' } } });
    expect(messages[2]!.content).toHaveLength(calls);
    // The turn's end is the last update: the calls' updates are those just before it.
    return counts.slice(-1 - 2 * last - 1, -1);
  }

  for (const features of [[], [subAgents()]]) {
    it(`drafts the same number of objects per call and per result at 10 calls and at 200${features.length ? ' (with subAgents())' : ''}`, async () => {
      const few = await draftsPerCall(10, 4, features);
      const many = await draftsPerCall(200, 4, features);
      expect(few.every((count) => count > 0)).toBe(true);
      expect(many).toEqual(few);
    });
  }
});
