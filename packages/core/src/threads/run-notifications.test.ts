// @vitest-environment jsdom
// Browser notifications for background runs (issue 42): opt-in, the permission asked on a switch (a user's gesture)
// and never at load, a notification only while the page is hidden, its click showing the thread.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAgent, texts, type Count } from '../../test/session-agent.js';
import { createThreadList, type ThreadListHandle, type ThreadListOptions } from './thread-list.js';
import { memoryThreadAdapter } from './memory-thread-adapter.js';

/** The browser's `Notification`, as a test double: its permission, the requests for it, and what was shown. */
class FakeNotification {
  static permission: 'default' | 'denied' | 'granted' = 'default';
  static requests = 0;
  static shown: FakeNotification[] = [];
  static async requestPermission() {
    FakeNotification.requests++;
    return FakeNotification.permission;
  }
  onclick: (() => void) | null = null;
  closed = false;
  constructor(readonly title: string, readonly options: { body?: string; tag?: string } = {}) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const hidden = (value: boolean) => Object.defineProperty(document, 'visibilityState', { value: value ? 'hidden' : 'visible', configurable: true });

const lists: ThreadListHandle<Count>[] = [];
beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.requests = 0;
  FakeNotification.shown = [];
  vi.stubGlobal('Notification', FakeNotification);
  hidden(false);
});
afterEach(() => {
  for (const list of lists.splice(0)) list.dispose();
  vi.unstubAllGlobals();
  // The document is shared with the next files of the project (isolate: false): its own getter again.
  Reflect.deleteProperty(document, 'visibilityState');
});

function setup(backgroundRuns: ThreadListOptions<Count>['backgroundRuns']) {
  const agent = sessionAgent();
  let ids = 0;
  const list = createThreadList<Count>({ adapter: memoryThreadAdapter(), createChat: agent.createChat, generateId: () => `t${++ids}`, backgroundRuns });
  lists.push(list);
  return { agent, list };
}

/** A thread answering slowly, switched away from (its run goes to the background), then a page hidden or not. */
async function runInBackground(list: ThreadListHandle<Count>) {
  const first = await list.create();
  const busy = list.chat()!;
  void busy.send('slow');
  await vi.waitFor(() => expect(texts(busy).at(-1)).toBe('model:thinking'));
  const second = await list.create();
  return { first, second, busy };
}

describe('background runs notify a hidden page', () => {
  it('asks for the permission on the switch that sends a run to the background, never at load; notifies when the run ends while hidden; the click shows the thread', async () => {
    const { agent, list } = setup({ max: 2, notify: true });
    await list.ready;
    expect(FakeNotification.requests).toBe(0);
    const { first, second } = await runInBackground(list);
    expect(FakeNotification.requests).toBe(1);
    FakeNotification.permission = 'granted';
    hidden(true);
    agent.release();
    await vi.waitFor(() => expect(list.getState().unread).toEqual([first]));
    expect(FakeNotification.shown.map(({ title, options }) => ({ title, options }))).toEqual([
      { title: 'slow', options: { tag: `agent-chat/${first}`, body: 'thinking done' } },
    ]);
    expect(list.getState().activeId).toBe(second);
    FakeNotification.shown[0]!.onclick!();
    await vi.waitFor(() => expect(list.getState()).toMatchObject({ activeId: first, unread: [] }));
    expect(FakeNotification.shown[0]!.closed).toBe(true);
  });

  it('nothing while the page is visible, without the permission, or without notify; the text is the app\'s when it gives one', async () => {
    for (const [options, permission, isHidden] of [[{ max: 2, notify: true }, 'granted', false], [{ max: 2, notify: true }, 'denied', true], [2, 'granted', true]] as const) {
      FakeNotification.permission = permission;
      hidden(isHidden);
      const { agent, list } = setup(options);
      const { first } = await runInBackground(list);
      agent.release();
      await vi.waitFor(() => expect(list.getState().unread).toEqual([first]));
    }
    expect(FakeNotification.shown).toEqual([]);
    // `notify: true` never asked again once the permission was decided; the number form never asks.
    expect(FakeNotification.requests).toBe(0);

    FakeNotification.permission = 'granted';
    hidden(true);
    const { agent, list } = setup({ notify: (thread, kind) => ({ title: `${thread.title} (${kind})` }) });
    await runInBackground(list);
    agent.release();
    await vi.waitFor(() => expect(FakeNotification.shown.map((shown) => shown.title)).toEqual(['slow (unread)']));
  });
});
