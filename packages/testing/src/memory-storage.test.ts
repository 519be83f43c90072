import { createAgentChat, persistChatTree, scriptedTransport, versionTree } from '@agent-chat/core';
import { persist } from '@agent-chat/core/persist';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './index.js';

const answer = (text: string, snapshotId: string) => [
  { type: 'text-delta' as const, text },
  { type: 'turn-end' as const, finishReason: 'stop' as const, sessionId: 's1', snapshotId },
];

describe('memoryStorage', () => {
  it('keeps, reads and removes items as sessionStorage does, and counts the writes', () => {
    const storage = memoryStorage();
    expect(storage.getItem('a')).toBeNull();
    storage.setItem('a', '1');
    storage.setItem('a', '2');
    storage.setItem('b', '3');
    expect(storage.getItem('a')).toBe('2');
    expect(storage.writes).toBe(3);
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
    expect([...storage.items]).toEqual([['b', '3']]);
    expect(storage.writes).toBe(3);
  });

  it('starts from the entries given (a copy of them), and copy() is a storage of its own from now on', () => {
    const seed = new Map([['k', 'v']]);
    const storage = memoryStorage(seed);
    storage.setItem('k', 'changed');
    expect(seed.get('k')).toBe('v');
    const copy = storage.copy();
    expect(copy.getItem('k')).toBe('changed');
    expect(copy.writes).toBe(0);
    copy.setItem('k', 'in the copy');
    storage.removeItem('k');
    expect(copy.getItem('k')).toBe('in the copy');
    expect(storage.getItem('k')).toBeNull();
  });

  it('is the storage of persist() and persistChatTree(): the next page restores what the first one kept', async () => {
    const storage = memoryStorage();
    const first = createAgentChat({ features: [versionTree(), persist({ storage })], transport: scriptedTransport([answer('Hello.', 'a')]) });
    const tree = persistChatTree(first, { storage });
    await first.send('hi');
    await new Promise((resolve) => setTimeout(resolve, 0));
    tree.dispose();
    first.dispose();
    expect(storage.items.has('agent-chat/tree/s1')).toBe(true);
    expect(JSON.parse(storage.getItem('agent-chat/chat')!)).toMatchObject({ sessionId: 's1', snapshotId: 'a' });

    const snapshots = { a: { snapshotId: 'a', sessionId: 's1', finishReason: 'stop' as const, raw: null, state: { sessionId: 's1', messages: [{ role: 'user' as const, content: [{ text: 'hi' }] }, { role: 'model' as const, content: [{ text: 'Hello.' }] }], artifacts: [] } } };
    const next = createAgentChat({ features: [versionTree()], transport: scriptedTransport([], { snapshots }) });
    expect(await persistChatTree(next, { storage: storage.copy() }).restore('s1')).toMatchObject({ snapshotId: 'a' });
    expect(next.getState().messages).toHaveLength(2);
  });
});
