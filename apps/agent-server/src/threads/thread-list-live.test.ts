import 'fake-indexeddb/auto';
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, textOf, type AgentChat, type Transport } from '@agent-chat/core';
import { createThreadList, httpThreadAdapter, localThreadAdapter, type ThreadAdapter, type ThreadListHandle } from '@agent-chat/core/threads';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORY_TEXT } from '../turns/resume-support.js';
import type { TaskState } from '../agent/task-state.js';
import { startTestServer, type TestServer } from '../test-support.js';
import { resumable, versionTree } from '@agent-chat/core';

let t: TestServer;
beforeAll(async () => {
  // Slow enough that a story still runs when the test switches away from it.
  t = await startTestServer({ tokenDelayMs: 3 });
});
afterAll(() => t.dispose());
const lists: ThreadListHandle<TaskState>[] = [];
afterEach(() => {
  for (const list of lists.splice(0)) list.dispose();
});

/** Each user's chats name them as their thread list does: their conversations are theirs only. */
const PROTOCOLS: Record<string, (user: string) => Transport> = {
  genkit: (user) => genkitTransport({ url: t.server.agentUrl, resumable: true, headers: { 'x-agent-user': user } }),
  agui: (user) => aguiTransport({ url: t.server.aguiUrl, resumable: true, headers: { 'x-agent-user': user } }),
  aiSdk: (user) => aiSdkTransport({ url: t.server.aiSdkUrl, resumable: true, headers: { 'x-agent-user': user } }),
};
let databases = 0;
const ADAPTERS: Record<string, (user: string) => ThreadAdapter> = {
  http: (user) => httpThreadAdapter({ url: `${t.server.url}/api/threads`, headers: { 'x-agent-user': user } }),
  local: (user) => localThreadAdapter({ name: `${user}-${++databases}` }),
};

const conversation = (chat: AgentChat | null) =>
  (chat?.getState().messages ?? [])
    .filter((message) => (message.role === 'user' || message.role === 'model') && textOf(message.content) !== '')
    .map((message) => `${message.role}: ${textOf(message.content)}`);

describe.each(Object.keys(PROTOCOLS))('a thread list over %s', (protocol) => {
  describe.each(Object.keys(ADAPTERS))('with the %s adapter', (adapterName) => {
    const open = (adapter: ThreadAdapter, user: string) => {
      const list = createThreadList<TaskState>({ adapter, createChat: (id) => createAgentChat<TaskState>({ features: [versionTree(), resumable()], transport: PROTOCOLS[protocol]!(user), sessionId: id }) });
      lists.push(list);
      return list;
    };

    it('create, send, rename, archive; a reload lists the threads and restores the conversation and its task list', async () => {
      const user = `u-${protocol}-${adapterName}-${Math.random().toString(36).slice(2, 8)}`;
      const adapter = ADAPTERS[adapterName]!(user);
      const list = open(adapter, user);
      const shopping = await list.create();
      expect((await list.chat()!.send('add Buy milk')).error).toBeNull();
      await list.create();
      expect((await list.chat()!.send('add Walk the dog')).error).toBeNull();
      await list.rename(shopping, 'Shopping');
      await list.archive(shopping);
      await vi.waitFor(async () => expect((await adapter.get(shopping))?.archived).toBe(true));
      const before = conversation(list.chat(shopping));
      const custom = list.chat(shopping)!.getState().custom;
      list.dispose();

      const reloaded = open(adapterName === 'local' ? adapter : ADAPTERS.http!(user), user);
      await reloaded.ready;
      expect(reloaded.getState().threads.map((thread) => [thread.title, thread.archived])).toEqual([['add Walk the dog', false], ['Shopping', true]]);
      expect(await reloaded.switchTo(shopping)).toBe(true);
      expect(conversation(reloaded.chat())).toEqual(before);
      expect(reloaded.chat()!.getState().custom).toEqual(custom);
      expect((await reloaded.chat()!.send('add Eggs')).error).toBeNull();
      expect(JSON.stringify(reloaded.chat()!.getState().custom)).toContain('Eggs');
    });

    it('switching mid-answer leaves the turn running on the server (detach); coming back shows the whole answer', async () => {
      const switcher = `u-${protocol}-switch-${Math.random().toString(36).slice(2, 8)}`;
      const list = open(ADAPTERS[adapterName]!(switcher), switcher);
      const first = await list.create();
      expect((await list.chat()!.send('add Buy milk')).error).toBeNull();
      const storyThread = await list.create();
      const story = list.chat()!;
      const sent = story.send('tell me a long story');
      await vi.waitFor(() => expect(story.getState().runningTurn).toBeDefined(), { timeout: 10_000 });
      await vi.waitFor(() => expect(conversation(story).at(-1)).toMatch(/^model: /), { timeout: 10_000 });
      await list.switchTo(first);
      expect((await sent).finishReason).toBe('detached');
      expect(conversation(list.chat())).toEqual(conversation(list.chat(first)));
      await list.switchTo(storyThread);
      await vi.waitFor(() => expect(conversation(list.chat()).at(-1)).toBe(`model: ${STORY_TEXT}`), { timeout: 20_000 });
      expect(conversation(list.chat())).toEqual(['user: tell me a long story', `model: ${STORY_TEXT}`]);
    }, 40_000);

    it('remove with undo, then for good: the store no longer has it', async () => {
      const user = `u-${protocol}-remove-${Math.random().toString(36).slice(2, 8)}`;
      const adapter = ADAPTERS[adapterName]!(user);
      const list = createThreadList<TaskState>({ adapter, undoMs: 50, createChat: (id) => createAgentChat<TaskState>({ features: [versionTree(), resumable()], transport: PROTOCOLS[protocol]!(user), sessionId: id }) });
      lists.push(list);
      const id = await list.create();
      expect((await list.chat()!.send('add Buy milk')).error).toBeNull();
      await vi.waitFor(async () => expect(await adapter.get(id)).toMatchObject({ title: 'add Buy milk' }));
      await list.remove(id);
      list.undoRemove(id);
      expect(list.getState().threads.map((thread) => thread.id)).toEqual([id]);
      await list.remove(id);
      await vi.waitFor(async () => expect(await adapter.get(id)).toBeNull());
      if (adapterName === 'http') {
        // The conversation went with its thread: restoring it is 404 to its owner too.
        const restored = createAgentChat<TaskState>({ transport: PROTOCOLS[protocol]!(user) });
        await expect(restored.restore({ sessionId: id })).rejects.toMatchObject({ status: 404 });
      }
    });
  });
});
