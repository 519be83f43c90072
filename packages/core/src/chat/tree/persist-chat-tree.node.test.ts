// In Node (no `pagehide`): the save due after a turn must not be lost to the next turn starting before its task.
import { memoryStorage, type MemoryStorage } from '@agent-chat/testing';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../model/events.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';
import { createAgentChat } from '../agent-chat.js';
import { versionTree } from './version-tree.js';
import type { ChatTreeRecord } from './chat-tree-record.js';
import { persistChatTree } from './persist-chat-tree.js';

const turn = (text: string, snapshotId: string): AgentEvent[] => [
  { type: 'text-delta', text },
  { type: 'turn-end', finishReason: 'stop', sessionId: 's1', snapshotId },
];

const savedLines = (storage: MemoryStorage) =>
  (JSON.parse(storage.items.get('agent-chat/tree/s1') ?? '{"nodes":[]}') as ChatTreeRecord).nodes.map((node) => `${node.role}:${node.snapshotId}`);

describe('persistChatTree in Node', () => {
  it('a regenerate() followed at once by send(): the regenerated version is saved before the next turn runs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The third turn runs until the test releases it: a Node script that ends (or stops saving) meanwhile keeps the tree.
    async function* slow(): AsyncIterable<AgentEvent> {
      yield { type: 'text-delta', text: 'Three' };
      await held;
      yield* turn('.', 'c');
    }
    const storage = memoryStorage();
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([turn('One.', 'a'), turn('Two.', 'b'), slow]) });
    const kept = persistChatTree(chat, { storage });
    await chat.send('first');
    await chat.regenerate();
    const third = chat.send('again');
    // The regenerate's version (b, beside a) is saved although the chat was busy when the save's task came.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chat.getState().status).not.toBe('ready');
    expect(savedLines(storage)).toEqual(['user:b', 'model:a', 'model:b']);
    kept.dispose();
    release();
    await third;
  });

  it('stopping with a save due writes it first', async () => {
    const storage = memoryStorage();
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([turn('One.', 'a')]) });
    const kept = persistChatTree(chat, { storage });
    await chat.send('first');
    kept.dispose();
    expect(savedLines(storage)).toEqual(['user:a', 'model:a']);
  });
});
