// A message queue per thread (issue 42): queued messages belong to their thread's chat; switching away and back keeps
// them, and they are sent in that thread only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAgent, texts, type Count } from '../../test/session-agent.js';
import { createMessageQueue } from '../chat/persist/message-queue.js';
import { textOf } from '../model/part.js';
import { createThreadList, type ThreadListHandle } from './thread-list.js';
import { memoryThreadAdapter } from './memory-thread-adapter.js';

const lists: ThreadListHandle<Count>[] = [];
afterEach(() => {
  for (const list of lists.splice(0)) list.dispose();
});

function setup(backgroundRuns: number) {
  const agent = sessionAgent();
  let ids = 0;
  const list = createThreadList<Count>({ adapter: memoryThreadAdapter(), createChat: agent.createChat, generateId: () => `t${++ids}`, backgroundRuns });
  lists.push(list);
  /** Which thread each message the agent received was sent in. */
  const sentIn = () => agent.transport.requests.map((request) => `${request.sessionId}:${textOf(request.input.message?.content ?? [])}`);
  return { agent, list, sentIn };
}

describe('a message queue per thread', () => {
  it('answering on in the background: the queue stays with its thread across switches and goes, in that thread, when its turn ends', async () => {
    const { agent, list, sentIn } = setup(1);
    const first = await list.create();
    const busy = list.chat()!;
    void busy.send('slow');
    await vi.waitFor(() => expect(texts(busy).at(-1)).toBe('model:thinking'));
    createMessageQueue(busy).send('then this');
    const second = await list.create();
    const other = createMessageQueue(list.chat()!);
    expect(other.getItems()).toEqual([]);
    expect(other.send('in the second')).toBeNull();
    await vi.waitFor(() => expect(texts(list.chat())).toEqual(['user:in the second', 'model:re: in the second']));
    await list.switchTo(first);
    // The same chat, the same queue: the message still waits for the running turn.
    expect(list.chat()).toBe(busy);
    expect(createMessageQueue(busy).getItems().map((item) => item.text)).toEqual(['then this']);
    await list.switchTo(second);
    agent.release();
    await vi.waitFor(() => expect(texts(busy)).toEqual(['user:slow', 'model:thinking done', 'user:then this', 'model:re: then this']));
    expect(sentIn()).toEqual([`${first}:slow`, `${second}:in the second`, `${first}:then this`]);
    expect(texts(list.chat())).toEqual(['user:in the second', 'model:re: in the second']);
    expect(createMessageQueue(busy).getItems()).toEqual([]);
  });

  it('a thread left mid-turn (stopped when switched away from): its queue waits while it is not shown and goes when it is shown again', async () => {
    const { agent, list, sentIn } = setup(0);
    const first = await list.create();
    const left = list.chat()!;
    void left.send('slow');
    await vi.waitFor(() => expect(texts(left).at(-1)).toBe('model:thinking'));
    createMessageQueue(left).send('then this');
    const second = await list.create();
    // (The scripted turn notices its stop at its next step.)
    agent.release();
    await vi.waitFor(() => expect(left.getState()).toMatchObject({ status: 'ready', finishReason: 'aborted' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sentIn()).toEqual([`${first}:slow`]);
    expect(createMessageQueue(left).getItems().map((item) => item.text)).toEqual(['then this']);
    await list.chat()!.send('in the second');
    await list.switchTo(first);
    await vi.waitFor(() => expect(sentIn()).toEqual([`${first}:slow`, `${second}:in the second`, `${first}:then this`]));
    await vi.waitFor(() => expect(texts(left).slice(-2)).toEqual(['user:then this', 'model:re: then this']));
  });
});
