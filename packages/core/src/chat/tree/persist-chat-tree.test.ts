// @vitest-environment jsdom
import { memoryStorage } from '@agent-chat/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentChat } from '../agent-chat.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';
import { versionTree } from '../tree/version-tree.js';
import type { SnapshotInfo } from '../../model/session.js';
import type { ChatTreeRecord } from './chat-tree-record.js';
import { persistChatTree } from './persist-chat-tree.js';

const turn = (text: string, snapshotId: string) => [
  { type: 'text-delta' as const, text },
  { type: 'turn-end' as const, finishReason: 'stop' as const, sessionId: 's1', snapshotId },
];

/** The session's state after the first turn answered `text` (as a server keeps it under `snapshotId`). */
const snapshotOf = (snapshotId: string, text: string): SnapshotInfo => ({
  snapshotId, sessionId: 's1', finishReason: 'stop', raw: null,
  state: { sessionId: 's1', messages: [{ role: 'user', content: [{ text: 'first' }] }, { role: 'model', content: [{ text }] }], artifacts: [] },
});

let kept: { dispose(): void } | null = null;
afterEach(() => kept?.dispose());

describe('persistChatTree', () => {
  it('saves a turn in the task after its end, once; a page going away before that task saves it at once', async () => {
    const storage = memoryStorage();
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([turn('One.', 'a'), turn('Two.', 'b')]) });
    kept = persistChatTree(chat, { storage });
    await chat.send('first');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storage.writes).toBe(1);

    // The second turn ends, and the page is reloaded before the save's task: `pagehide` saves it.
    await chat.send('second');
    // (The page's own tasks: everything queued as microtasks has run by the time a navigation hides it.)
    for (let drain = 0; drain < 20; drain++) await Promise.resolve();
    expect(storage.writes).toBe(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.writes).toBe(2);
    // The saved tree has the second turn (without the flush it had only the first): four messages, the last two in
    // the second turn's snapshot.
    const saved = JSON.parse(storage.getItem('agent-chat/tree/s1')!) as ChatTreeRecord;
    expect(saved.nodes.map((node) => `${node.role}:${node.snapshotId}`)).toEqual(['user:a', 'model:a', 'user:b', 'model:b']);
    // The scheduled task finds nothing left to save.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storage.writes).toBe(2);
  });

  it('stops saving, on turns and on pagehide, once disposed', async () => {
    const storage = memoryStorage();
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([turn('One.', 'a')]) });
    persistChatTree(chat, { storage }).dispose();
    await chat.send('first');
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storage.writes).toBe(0);
  });

  it('restore(sessionId) brings the kept tree back in the next page\'s chat; null when none was kept (restore the session then)', async () => {
    const storage = memoryStorage();
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([turn('One.', 'a'), turn('Two.', 'b')]) });
    persistChatTree(chat, { storage });
    await chat.send('first');
    await chat.regenerate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshots = { a: snapshotOf('a', 'One.'), b: snapshotOf('b', 'Two.') };
    const next = createAgentChat({ features: [versionTree()], transport: scriptedTransport([], { snapshots }) });
    const again = persistChatTree(next, { storage });
    kept = again;
    expect(await again.restore('s1')).toMatchObject({ snapshotId: 'b' });
    expect(next.getState().messages.map((message) => message.siblings ?? null)).toEqual([null, { index: 1, count: 2 }]);
    expect(await again.restore('unknown')).toBeNull();
  });
});
