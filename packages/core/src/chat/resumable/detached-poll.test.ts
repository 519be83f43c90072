import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../model/events.js';
import { userMessage } from '../../model/message.js';
import { textOf } from '../../model/part.js';
import type { SnapshotInfo, SnapshotQuery, SnapshotStatus } from '../../model/session.js';
import type { StopTarget, Transport } from '../../transport/transport.js';
import { createAgentChat, type AgentChat } from '../agent-chat.js';
import { resumable } from '../../index.js';

/** A Genkit-like server: a turn sent with `detach` ends at once on a pending snapshot; `reads` answers each poll in turn. */
function detachingTransport(reads: Array<SnapshotStatus | Error>) {
  const queries: Array<{ query: SnapshotQuery; at: number }> = [];
  const stops: StopTarget[] = [];
  let read = 0;
  const snapshot = (status: SnapshotStatus): SnapshotInfo => ({
    snapshotId: 'snap-2', sessionId: 'session-1', parentId: 'snap-1', status, raw: null,
    ...(status === 'completed' && {
      finishReason: 'stop' as const,
      state: { messages: [userMessage('tell me a long story'), { role: 'model' as const, content: [{ text: 'Once upon a time.' }] }], custom: { done: true }, artifacts: [] },
    }),
    ...(status === 'failed' && { error: { status: 'INTERNAL', message: 'The model failed.' }, state: { messages: [userMessage('tell me a long story')], artifacts: [] } }),
  });
  const transport: Transport = {
    name: 'fake-genkit',
    async *run() {
      const end: AgentEvent = { type: 'turn-end', finishReason: 'detached', snapshotId: 'snap-2', sessionId: 'session-1' };
      yield [{ raw: null, events: [end] }];
    },
    async getSnapshot(query) {
      queries.push({ query, at: Date.now() });
      if ('snapshotId' in query && query.snapshotId === 'snap-1') return { snapshotId: 'snap-1', sessionId: 'session-1', status: 'completed', state: { messages: [], artifacts: [] }, raw: null };
      const next = reads[Math.min(read++, reads.length - 1)]!;
      if (next instanceof Error) throw next;
      return snapshot(next);
    },
    async stop(target) {
      stops.push(target);
    },
  };
  return { transport, queries, stops };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('a detached turn: its snapshot polled with backoff', () => {
  let chat: AgentChat;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    chat?.reset();
    vi.useRealTimers();
  });

  it('pending, then completed: reads at 1 s, 3 s, 7 s (doubling), and the result is loaded into the chat', async () => {
    const server = detachingTransport(['pending', 'pending', 'completed']);
    chat = createAgentChat({ features: [resumable()], transport: server.transport });
    const response = await chat.send({ message: userMessage('tell me a long story'), detach: true });
    expect(response.finishReason).toBe('detached');
    expect(chat.getState().detached).toEqual({ snapshotId: 'snap-2', status: 'pending', polling: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(server.queries).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.queries).toEqual([{ query: { snapshotId: 'snap-2' }, at: 1000 }]);
    expect(chat.getState().detached?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(6000);
    expect(server.queries.filter(({ query }) => 'snapshotId' in query && query.snapshotId === 'snap-2').map(({ at }) => at)).toEqual([1000, 3000, 7000]);
    expect(chat.getState().detached).toEqual({ snapshotId: 'snap-2', status: 'completed', polling: false });
    const state = chat.getState();
    expect(state.messages.map((message) => `${message.role}: ${textOf(message.content)}`)).toEqual(['user: tell me a long story', 'model: Once upon a time.']);
    expect(state.custom).toEqual({ done: true });
    expect(state.snapshotId).toBe('snap-2');
  });

  it.each([['failed'], ['aborted'], ['expired']] as const)('%s is a terminal status: polling ends there', async (terminal) => {
    const server = detachingTransport(['pending', terminal]);
    chat = createAgentChat({ features: [resumable()], transport: server.transport });
    await chat.send({ message: userMessage('tell me a long story'), detach: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(chat.getState().detached).toEqual({ snapshotId: 'snap-2', status: terminal, polling: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.queries.filter(({ query }) => 'snapshotId' in query && query.snapshotId === 'snap-2')).toHaveLength(2);
    // A failed run's snapshot is shown with its error; an aborted or expired one leaves the chat as it was.
    if (terminal === 'failed') expect(chat.getState().error?.message).toBe('The model failed.');
    else expect(chat.getState().error).toBeNull();
  });

  it('bounded: after `attempts` reads it stops, showing the last status; errors count as reads', async () => {
    const server = detachingTransport([new Error('offline'), 'pending']);
    chat = createAgentChat({ features: [resumable()], transport: server.transport, pollDetached: { attempts: 4, delay: () => 500 } });
    await chat.send({ message: userMessage('tell me a long story'), detach: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.queries.map(({ at }) => at)).toEqual([500, 1000, 1500, 2000]);
    expect(chat.getState().detached).toEqual({ snapshotId: 'snap-2', status: 'pending', polling: false });
  });

  it('stop() asks the server to abort the pending snapshot: aborting, then aborted', async () => {
    const server = detachingTransport(['pending', 'pending', 'aborted']);
    chat = createAgentChat({ features: [resumable()], transport: server.transport });
    await chat.send({ message: userMessage('tell me a long story'), detach: true });
    await vi.advanceTimersByTimeAsync(1000);
    await chat.stop();
    expect(server.stops).toEqual([{ sessionId: 'session-1', snapshotId: 'snap-2' }]);
    expect(chat.getState().detached?.status).toBe('aborting');
    await vi.advanceTimersByTimeAsync(2000); // a read that still says pending keeps `aborting`
    expect(chat.getState().detached?.status).toBe('aborting');
    await vi.advanceTimersByTimeAsync(4000);
    expect(chat.getState().detached).toEqual({ snapshotId: 'snap-2', status: 'aborted', polling: false });
  });

  it('a new turn ends the polling; off with pollDetached: false', async () => {
    const server = detachingTransport(['pending']);
    chat = createAgentChat({ features: [resumable()], transport: server.transport });
    await chat.send({ message: userMessage('tell me a long story'), detach: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.queries).toHaveLength(1);
    chat.configure({ pollDetached: false });
    await chat.send('again');
    await flush();
    // The second turn detached too, and polling is off: nothing is read again, nothing is shown.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.queries).toHaveLength(1);
    expect(chat.getState().detached).toBeUndefined();
  });

  it('detach() mid-stream (no pending snapshot): the session is polled until a snapshot follows the one the turn started from; stop() ends it aborted', async () => {
    let latest = 'snap-1';
    const queries: SnapshotQuery[] = [];
    const stops: StopTarget[] = [];
    const transport: Transport = {
      name: 'fake-resumable',
      async *run(_request, signal) {
        yield [{ raw: null, events: [{ type: 'text-delta', text: 'Once' } as AgentEvent] }];
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      },
      async getSnapshot(query) {
        queries.push(query);
        return { snapshotId: latest, sessionId: 'session-1', status: 'completed', state: { messages: [userMessage('story'), { role: 'model', content: [{ text: 'Once upon a time.' }] }], artifacts: [] }, raw: null };
      },
      async stop(target) {
        stops.push(target);
      },
    };
    chat = createAgentChat({ features: [resumable()], transport, sessionId: 'session-1', snapshotId: 'snap-1' });
    const sent = chat.send('story');
    await flush();
    await chat.detach();
    expect((await sent).finishReason).toBe('detached');
    expect(chat.getState().detached).toEqual({ snapshotId: null, status: 'pending', polling: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(queries).toEqual([{ sessionId: 'session-1' }, { sessionId: 'session-1' }]);
    expect(chat.getState().detached?.status).toBe('pending');
    latest = 'snap-2';
    await vi.advanceTimersByTimeAsync(4000);
    expect(chat.getState().detached).toEqual({ snapshotId: null, status: 'completed', polling: false });
    expect(textOf(chat.getState().messages.at(-1)!.content)).toBe('Once upon a time.');

    // Detached again, then stopped: the server confirms the stop, so the run is aborted and polling ends.
    const again = chat.send('story');
    await flush();
    await chat.detach();
    await again;
    expect(chat.getState().detached?.status).toBe('pending');
    await chat.stop();
    expect(stops).toHaveLength(1);
    expect(chat.getState().detached).toEqual({ snapshotId: null, status: 'aborted', polling: false });
    const read = queries.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queries).toHaveLength(read);
  });
});
