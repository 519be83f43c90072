import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../model/events.js';
import { userMessage } from '../model/message.js';
import type { SnapshotQuery } from '../model/session.js';
import { scriptedTransport } from '../transport/scripted-transport.js';
import type { Transport } from '../transport/transport.js';
import { createAgentChat } from './agent-chat.js';
import { createMessageQueue } from './persist/message-queue.js';
import { resumable } from './resumable/reattach-running-turn.js';

const reply = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];

/** A turn that streams until its reader lets go; `released` says it did. */
function endlessTurn() {
  const turn = { released: false, chunks: 0 };
  async function* events(): AsyncGenerator<AgentEvent> {
    try {
      for (;;) {
        turn.chunks++;
        yield { type: 'text-delta', text: '.', messageKey: 'm' };
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    } finally {
      turn.released = true;
    }
  }
  return { turn, events };
}

describe('chat.dispose()', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts the running turn (its reader released), drops queued and later turns, and a second call does nothing', async () => {
    const { turn, events } = endlessTurn();
    const transport = scriptedTransport([events, reply('queued'), reply('later')]);
    const chat = createAgentChat({ transport });
    const running = chat.send('go');
    const queued = chat.send('next');
    await expect.poll(() => turn.chunks).toBeGreaterThan(2);
    chat.dispose();
    expect((await running).finishReason).toBe('aborted');
    expect((await queued).finishReason).toBe('aborted');
    expect(turn.released).toBe(true);
    chat.dispose();
    const later = await chat.send('after');
    expect(later.finishReason).toBe('aborted');
    // Only the first turn ever reached the transport.
    expect(transport.requests.map((request) => request.input.message?.content)).toEqual([[{ text: 'go' }]]);
    expect(chat.getState().status).not.toBe('streaming');
  });

  it('disposes the chat’s message queue: a waiting message is not sent, and a new queue can be made for it', async () => {
    const { events } = endlessTurn();
    const transport = scriptedTransport([events, reply('never')]);
    const chat = createAgentChat({ transport });
    const queue = createMessageQueue(chat, { online: () => true });
    queue.send('first');
    expect(queue.send('waits')).not.toBeNull();
    await expect.poll(() => chat.getState().status).toBe('streaming');
    chat.dispose();
    await expect.poll(() => chat.getState().status).not.toBe('streaming');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(transport.requests).toHaveLength(1);
    expect(queue.getItems().map((item) => item.text)).toEqual(['waits']);
    expect(createMessageQueue(chat)).not.toBe(queue);
    // The queue's own dispose after the chat's: nothing happens twice.
    queue.dispose();
  });

  it('stops polling a detached run: no snapshot read after dispose', async () => {
    vi.useFakeTimers({ now: 0 });
    const queries: SnapshotQuery[] = [];
    const transport: Transport = {
      name: 'fake-genkit',
      async *run() {
        yield [{ raw: null, events: [{ type: 'turn-end', finishReason: 'detached', snapshotId: 'snap-2', sessionId: 'session-1' }] }];
      },
      async getSnapshot(query) {
        queries.push(query);
        return { snapshotId: 'snap-2', sessionId: 'session-1', status: 'pending', raw: null };
      },
    };
    const chat = createAgentChat({ features: [resumable()], transport });
    await chat.send({ message: userMessage('a long story'), detach: true });
    expect(chat.getState().detached?.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queries).toHaveLength(1);
    chat.dispose();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(queries).toHaveLength(1);
  });
});
