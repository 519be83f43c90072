import { describe, expect, it, vi } from 'vitest';
import type { AgentChunk } from '../../model/chunk.js';
import type { AgentEvent, DecodedFrame } from '../../model/events.js';
import type { Transport } from '../../transport/transport.js';
import { createAgentChat } from '../agent-chat.js';

const END: AgentEvent = { type: 'turn-end', finishReason: 'stop' };
const patch = (value: number): DecodedFrame => ({ raw: { value }, events: [{ type: 'custom-patch', patch: [{ op: 'replace', path: '/count', value }] }] });

/** A turn of three reads, the second given when the test says so. */
function threeReads() {
  let release!: () => void;
  const second = new Promise<void>((resolve) => (release = resolve));
  const transport: Transport = {
    name: 'test',
    async *run() {
      yield [patch(1), patch(2)];
      await second;
      yield [patch(3), patch(4)];
      yield [{ raw: null, events: [END] }];
    },
  };
  return { transport, release };
}

describe('chunks are built for whoever takes them', () => {
  it('an onChunk configured mid-turn gets the next reads\' chunks, each with the custom state after its frame', async () => {
    const { transport, release } = threeReads();
    const chat = createAgentChat<{ count: number }>({ transport, state: { messages: [], custom: { count: 0 }, artifacts: [] } });
    const sent = chat.send('go');
    // The first read is in the store (no one took its chunks).
    await vi.waitFor(() => expect(chat.getState().custom).toEqual({ count: 2 }));
    const chunks: AgentChunk<{ count: number }>[] = [];
    chat.configure({ onChunk: (chunk) => void chunks.push(chunk) });
    release();
    await sent;
    expect(chunks.filter((chunk) => chunk.custom).map((chunk) => chunk.custom)).toEqual([{ count: 3 }, { count: 4 }]);
    expect(chunks.at(-1)?.turnEnd?.finishReason).toBe('stop');
  });

  it('sendStream gets a chunk per frame with the state after it, with no onChunk on the chat', async () => {
    const { transport, release } = threeReads();
    const chat = createAgentChat<{ count: number }>({ transport, state: { messages: [], custom: { count: 0 }, artifacts: [] } });
    release();
    const customs: unknown[] = [];
    await chat.sendStream('go', (chunk) => void (chunk.custom && customs.push(chunk.custom)));
    expect(customs).toEqual([{ count: 1 }, { count: 2 }, { count: 3 }, { count: 4 }]);
  });
});
