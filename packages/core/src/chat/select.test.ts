import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../model/events.js';
import { textOf } from '../model/part.js';
import { scriptedTransport } from '../transport/scripted-transport.js';
import { createAgentChat } from './agent-chat.js';

const reply = (...words: string[]): AgentEvent[] => [
  ...words.map((text): AgentEvent => ({ type: 'text-delta', text, messageKey: 'm' })),
  { type: 'turn-end', finishReason: 'stop', snapshotId: 's1' },
];

describe('chat.select(selector, listener, equals?)', () => {
  it('calls back only when the slice changes, with the new and the previous value', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([reply('a', 'b', 'c')]) });
    const statuses: string[] = [];
    const snapshots: Array<[string | null, string | null]> = [];
    const stopStatus = chat.select((state) => state.status, (status, previous) => statuses.push(`${previous}→${status}`));
    chat.select((state) => state.snapshotId, (snapshotId, previous) => snapshots.push([previous, snapshotId]));
    await chat.send('hello');
    // Three text deltas changed the state many times; the status changed three times, the snapshot once.
    expect(statuses).toEqual(['ready→submitted', 'submitted→streaming', 'streaming→ready']);
    expect(snapshots).toEqual([[null, 's1']]);
    stopStatus();
    chat.reset();
    expect(statuses).toHaveLength(3);
  });

  it('an equality function decides what a change is (a derived array compared by content)', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([reply('one ', 'two'), reply('three')]) });
    const seen: string[][] = [];
    const texts = (state: ReturnType<typeof chat.getState>) => state.messages.filter((message) => message.role === 'user').map((message) => textOf(message.content));
    const sameTexts = (a: string[], b: string[]) => a.length === b.length && a.every((text, index) => text === b[index]);
    chat.select(texts, (next) => seen.push(next), sameTexts);
    await chat.send('first');
    await chat.send('second');
    // A new array at every change of the state, the same texts: only the two sends count.
    expect(seen).toEqual([['first'], ['first', 'second']]);
    // Without it (Object.is) every change is one.
    const every: unknown[] = [];
    chat.select(texts, (next) => every.push(next));
    chat.setCustom({ n: 1 });
    expect(every).toHaveLength(1);
  });
});
