import { memoryStorage, type MemoryStorage } from '@agent-chat/testing';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgentChat, type AgentChat } from '../agent-chat.js';
import type { DecodedFrame } from '../../model/events.js';
import { textOf } from '../../model/part.js';
import type { Transport } from '../../transport/transport.js';
import { createMessageQueue, type MessageQueue } from './message-queue.js';
import { persist } from './persist.js';


interface ServerTurn {
  text: string;
  ended: boolean;
  wake: () => void;
}

/**
 * A server whose turns run until the test ends them, whether or not anyone reads them (resumable): `received` is every
 * message a turn was started for, in order; `onReceive` checks each as it comes.
 */
function fakeServer(onReceive: (text: string) => void = () => undefined) {
  const turns = new Map<string, ServerTurn>();
  const received: string[] = [];
  let count = 0;
  async function* read(turn: ServerTurn, turnId: string, signal: AbortSignal): AsyncGenerator<DecodedFrame[]> {
    yield [{ raw: null, events: [{ type: 'stream-open', turnId }] }];
    while (!turn.ended) {
      await new Promise<void>((resolve) => {
        turn.wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      if (signal.aborted) throw signal.reason;
    }
    yield [{ raw: null, events: [{ type: 'text-delta', text: `re: ${turn.text}`, messageKey: 'a' }, { type: 'turn-end', finishReason: 'stop' }] }];
  }
  const endTurns = () => {
    for (const turn of turns.values()) {
      if (turn.ended) continue;
      turn.ended = true;
      turn.wake();
    }
  };
  const transport: Transport = {
    name: 'fake',
    run(request, signal) {
      const text = textOf(request.input.message!.content);
      received.push(text);
      onReceive(text);
      const turnId = `t${++count}`;
      const turn: ServerTurn = { text, ended: false, wake: () => undefined };
      turns.set(turnId, turn);
      return read(turn, turnId, signal);
    },
    reattach(turnId, _request, signal) {
      return read(turns.get(turnId)!, turnId, signal);
    },
    async stop() {
      endTurns();
    },
  };
  return {
    transport,
    received,
    /** Ends the turns running on the server. */
    endAll: endTurns,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  for (let i = 0; i < 5; i++) await tick();
};

// The page's events (online, pagehide) where Node has none: an EventTarget as the global one.
let page: EventTarget;
let onLine = true;
beforeEach(() => {
  page = new EventTarget();
  onLine = true;
  Object.assign(globalThis, { addEventListener: page.addEventListener.bind(page), removeEventListener: page.removeEventListener.bind(page) });
});
afterEach(() => {
  delete (globalThis as { addEventListener?: unknown }).addEventListener;
  delete (globalThis as { removeEventListener?: unknown }).removeEventListener;
});

/** A page: a chat with persist() on `storage`, mounted, and its queue. */
async function openPage(server: ReturnType<typeof fakeServer>, storage: MemoryStorage): Promise<{ chat: AgentChat; queue: MessageQueue }> {
  const chat = createAgentChat({ transport: server.transport, features: [persist({ storage })] });
  const queue = createMessageQueue(chat, { online: () => onLine });
  await chat.restore();
  await settle();
  return { chat, queue };
}

const texts = (chat: AgentChat) => chat.getState().messages.map((message) => textOf(message.content));

describe('createMessageQueue', () => {
  it('a message sent while a turn runs waits (editable, removable, reorderable), then goes when the turn ends, one per turn', async () => {
    const server = fakeServer();
    const { chat, queue } = await openPage(server, memoryStorage());
    expect(queue.send('first')).toBeNull(); // idle: sent at once
    await settle();
    const second = queue.send('second')!;
    const third = queue.send('third')!;
    const fourth = queue.send('fourth')!;
    expect(queue.getItems().map((item) => item.text)).toEqual(['second', 'third', 'fourth']);
    queue.edit(second.id, 'second, edited');
    queue.remove(third.id);
    queue.move(fourth.id, 0);
    expect(queue.getItems().map((item) => item.text)).toEqual(['fourth', 'second, edited']);
    server.endAll();
    await settle();
    expect(server.received).toEqual(['first', 'fourth']);
    server.endAll();
    await settle();
    server.endAll();
    await settle();
    expect(server.received).toEqual(['first', 'fourth', 'second, edited']);
    expect(queue.getItems()).toEqual([]);
    expect(texts(chat)).toEqual(['first', 're: first', 'fourth', 're: fourth', 'second, edited', 're: second, edited']);
  });

  it('"send now" stops the running turn and sends the message next', async () => {
    const server = fakeServer();
    const { chat, queue } = await openPage(server, memoryStorage());
    queue.send('long one');
    await settle();
    queue.send('later');
    const urgent = queue.send('urgent')!;
    await queue.sendNow(urgent.id);
    await settle();
    expect(server.received).toEqual(['long one', 'urgent']);
    expect(queue.getItems().map((item) => item.text)).toEqual(['later']);
    // The stopped turn's answer never came; the urgent message's turn runs.
    expect(texts(chat)).toEqual(['long one', 'urgent']);
  });

  it('offline: the message waits; the online event sends it, once', async () => {
    const server = fakeServer();
    const { queue } = await openPage(server, memoryStorage());
    onLine = false;
    expect(queue.send('from the train')).not.toBeNull();
    await settle();
    expect(server.received).toEqual([]);
    onLine = true;
    page.dispatchEvent(new Event('online'));
    page.dispatchEvent(new Event('online'));
    await settle();
    expect(server.received).toEqual(['from the train']);
  });

  it('a message queued before persist() restored (nothing kept yet) is sent once, after the restore', async () => {
    const server = fakeServer();
    const chat = createAgentChat({ transport: server.transport, features: [persist({ storage: memoryStorage() })] });
    const queue = createMessageQueue(chat, { online: () => true });
    queue.send('early');
    for (let round = 0; round < 3; round++) {
      await settle();
      server.endAll();
    }
    await settle();
    expect(server.received).toEqual(['early']);
    expect(queue.getItems()).toEqual([]);
  });

  it('survives a reload with persist(): the waiting messages come back, and go after the joined turn ends', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const first = await openPage(server, storage);
    first.queue.send('one');
    await settle();
    first.queue.send('two');
    page.dispatchEvent(new Event('pagehide'));
    first.queue.dispose();
    await first.chat.detach();

    const second = await openPage(server, storage.copy());
    expect(second.queue.getItems().map((item) => item.text)).toEqual(['two']);
    expect(server.received).toEqual(['one']);
    server.endAll();
    await settle();
    expect(server.received).toEqual(['one', 'two']);
    server.endAll();
    await settle();
    expect(texts(second.chat)).toEqual(['one', 're: one', 'two', 're: two']);
  });

  it('property: over random sends, edits, removals, moves, turn ends, offline spells and reloads, every message is sent exactly once, in the queue’s order', async () => {
    const step = fc.oneof(
      fc.record({ op: fc.constant('send' as const) }),
      fc.record({ op: fc.constant('end' as const) }),
      fc.record({ op: fc.constant('edit' as const), at: fc.nat(4) }),
      fc.record({ op: fc.constant('remove' as const), at: fc.nat(4) }),
      fc.record({ op: fc.constant('move' as const), at: fc.nat(4), to: fc.nat(4) }),
      fc.record({ op: fc.constant('offline' as const) }),
      fc.record({ op: fc.constant('online' as const) }),
      fc.record({ op: fc.constant('reload' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        onLine = true;
        // The model: what waits, in the order it must go; the server must receive exactly its head each time.
        let model: Array<{ id: string; text: string }> = [];
        const misordered: string[] = [];
        const server = fakeServer((text) => {
          const head = model.shift();
          if (head?.text !== text) misordered.push(`${text} (expected ${head?.text})`);
        });
        let storage = memoryStorage();
        let current = await openPage(server, storage);
        let sent = 0;
        const ids = new Map<string, string>(); // model id -> the page's queue item id (new ids after a reload: by text)
        for (const { op, ...args } of steps) {
          const items = current.queue.getItems();
          const pick = (at: number) => items[at % Math.max(items.length, 1)];
          if (op === 'send') {
            const text = `m${++sent}`;
            model.push({ id: text, text });
            current.queue.send(text);
          } else if (op === 'end') server.endAll();
          else if (op === 'edit' && items.length) {
            const item = pick((args as { at: number }).at)!;
            const text = `${item.text}'`;
            model = model.map((entry) => (entry.text === item.text ? { ...entry, text } : entry));
            current.queue.edit(item.id, text);
          } else if (op === 'remove' && items.length) {
            const item = pick((args as { at: number }).at)!;
            model = model.filter((entry) => entry.text !== item.text);
            current.queue.remove(item.id);
          } else if (op === 'move' && items.length) {
            const item = pick((args as { at: number }).at)!;
            const to = (args as { to: number }).to;
            current.queue.move(item.id, to);
            // The model moves it the same way, among what waits.
            const entry = model.find((candidate) => candidate.text === item.text)!;
            const rest = model.filter((candidate) => candidate !== entry);
            const at = Math.max(0, Math.min(rest.length, to));
            model = [...rest.slice(0, at), entry, ...rest.slice(at)];
          } else if (op === 'offline') onLine = false;
          else if (op === 'online') {
            onLine = true;
            page.dispatchEvent(new Event('online'));
          } else if (op === 'reload') {
            page.dispatchEvent(new Event('pagehide'));
            current.queue.dispose();
            await current.chat.detach();
            storage = storage.copy();
            current = await openPage(server, storage);
          }
          await settle();
        }
        ids.clear();
        // Online for good, and every turn ended: whatever waits goes.
        onLine = true;
        page.dispatchEvent(new Event('online'));
        for (let round = 0; round < sent + 2; round++) {
          server.endAll();
          await settle();
        }
        expect(misordered).toEqual([]);
        expect(model).toEqual([]);
        expect(current.queue.getItems()).toEqual([]);
        // Exactly once: no text twice.
        expect(new Set(server.received).size).toBe(server.received.length);
        current.queue.dispose();
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
