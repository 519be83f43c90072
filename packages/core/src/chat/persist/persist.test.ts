import { memoryStorage, type MemoryStorage } from '@agent-chat/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentChat, type AgentChat } from '../agent-chat.js';
import { persist, type PersistedChat } from './persist.js';
import { persistedValues } from './persisted-values.js';
import { versionTree } from '../tree/version-tree.js';
import type { DecodedFrame, AgentEvent } from '../../model/events.js';
import type { Message } from '../../model/message.js';
import type { SnapshotInfo } from '../../model/session.js';
import type { Transport } from '../../transport/transport.js';
import { textOf } from '../../model/part.js';


interface ServerTurn {
  events: AgentEvent[];
  ended: boolean;
  wake: () => void;
  sessionId: string;
  question: Message;
}

/**
 * A server in memory with resumable turns: a turn runs on whether or not anyone reads it, its events are kept (a
 * replay buffer), and a session's snapshot holds its finished turns. `named: 'end'` names the session only with the
 * turn's end (Genkit), `'start'` at once and in the snapshot's `runningTurnId` (AG-UI, the AI SDK route).
 */
function fakeServer(named: 'end' | 'start') {
  const sessions = new Map<string, { messages: Message[]; snapshots: number }>();
  const turns = new Map<string, ServerTurn>();
  const running = new Map<string, string>(); // session → turn
  let count = 0;
  const posted: string[] = [];

  async function* read(turn: ServerTurn, turnId: string, signal: AbortSignal): AsyncGenerator<DecodedFrame[]> {
    let at = 0;
    yield [{ raw: null, events: [{ type: 'stream-open', turnId }] }];
    for (;;) {
      if (signal.aborted) throw signal.reason;
      if (at < turn.events.length) {
        const events = turn.events.slice(at);
        at = turn.events.length;
        yield [{ raw: null, events }];
        continue;
      }
      if (turn.ended) return;
      await new Promise<void>((resolve) => {
        turn.wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
  }

  const transport: Transport = {
    name: 'fake',
    run(request, signal) {
      const message = request.input.message!;
      posted.push(textOf(message.content));
      const sessionId = request.sessionId ?? `s${++count}`;
      const turnId = `t${++count}`;
      const turn: ServerTurn = { events: named === 'start' ? [{ type: 'turn-start', sessionId }] : [], ended: false, wake: () => undefined, sessionId, question: message };
      turns.set(turnId, turn);
      running.set(sessionId, turnId);
      return read(turn, turnId, signal);
    },
    reattach(turnId, _request, signal) {
      const turn = turns.get(turnId);
      if (!turn) throw new Error('unknown turn');
      return read(turn, turnId, signal);
    },
    async getSnapshot(query) {
      const sessionId = 'sessionId' in query ? query.sessionId : query.snapshotId.split('/')[0]!;
      const session = sessions.get(sessionId);
      const turnId = running.get(sessionId);
      if (!session && !(named === 'start' && turnId)) throw new Error('no such session');
      const messages = [...(session?.messages ?? [])];
      if (named === 'start' && turnId) messages.push(turns.get(turnId)!.question);
      const info: SnapshotInfo = { snapshotId: `${sessionId}/${session?.snapshots ?? 0}`, sessionId, state: { messages, artifacts: [] }, raw: null };
      if (named === 'start' && turnId) info.runningTurnId = turnId;
      return info;
    },
  };
  if (named === 'start') (transport as { snapshotReads?: string }).snapshotReads = 'session';

  return {
    transport,
    posted,
    /** Streams text into the running turn of the only (or given) session. */
    say(text: string, turnId = [...turns.keys()].at(-1)!) {
      const turn = turns.get(turnId)!;
      turn.events.push({ type: 'text-delta', text, messageKey: 'answer' });
      turn.wake();
    },
    /** Ends the last turn: the session's snapshot now holds its question and answer. */
    end(turnId = [...turns.keys()].at(-1)!) {
      const turn = turns.get(turnId)!;
      const answer = turn.events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
      const session = sessions.get(turn.sessionId) ?? { messages: [], snapshots: 0 };
      session.messages.push(turn.question, { role: 'model', content: [{ text: answer }] });
      session.snapshots++;
      sessions.set(turn.sessionId, session);
      running.delete(turn.sessionId);
      turn.events.push({ type: 'turn-end', finishReason: 'stop', sessionId: turn.sessionId, snapshotId: `${turn.sessionId}/${session.snapshots}` });
      turn.ended = true;
      turn.wake();
    },
  };
}

const texts = (chat: AgentChat) => chat.getState().messages.map((message) => `${message.role}: ${textOf(message.content)}`);
const idle = (chat: AgentChat) => expect.poll(() => chat.getState().status).toBe('ready');
const kept = (storage: MemoryStorage, key = 'agent-chat/chat') => JSON.parse(storage.getItem(key) ?? 'null') as PersistedChat | null;
/** The page going away: the old chat stops reading (the turn runs on on the server). */
const leave = (chat: AgentChat) => chat.detach();
/** A new page: a chat made with `persist()`, mounted (subscribed to), restored. */
async function reload(server: ReturnType<typeof fakeServer>, storage: MemoryStorage, features = [persist({ storage })]) {
  const chat = createAgentChat({ transport: server.transport, features });
  chat.subscribe(() => undefined);
  await persistedValues(chat)!.restored;
  return chat;
}

describe('persist()', () => {
  afterEach(() => {
    delete (globalThis as { navigator?: unknown }).navigator;
  });

  it.each([['end' as const], ['start' as const]])('a reload in the middle of the first answer (session named at the %s) joins the turn: it ends once, whole, with its question', async (named) => {
    const server = fakeServer(named);
    const storage = memoryStorage();
    const first = await reload(server, storage);
    void first.send('tell me a story');
    server.say('Once ');
    await expect.poll(() => first.getState().messages.at(-1)?.content).toEqual([{ text: 'Once ' }]);
    await expect.poll(() => kept(storage)?.runningTurn?.turnId).toBeTruthy();
    await leave(first);

    const second = await reload(server, storage);
    server.say('upon a time.');
    server.end();
    await expect.poll(() => texts(second)).toEqual(['user: tell me a story', 'model: Once upon a time.']);
    await idle(second);
    expect(server.posted).toEqual(['tell me a story']);
    await expect.poll(() => kept(storage)).toMatchObject({ sessionId: 's1', runningTurn: null });
    // The next page shows the finished conversation from the server's session, and a send continues it.
    const third = await reload(server, storage);
    expect(texts(third)).toEqual(['user: tell me a story', 'model: Once upon a time.']);
    void third.send('more');
    server.say('The end.');
    server.end();
    await expect.poll(() => texts(third).at(-1)).toBe('model: The end.');
    expect(server.posted).toEqual(['tell me a story', 'more']);
    expect(third.getState().sessionId).toBe('s1');
  });

  it('a reload mid-answer in a later turn restores the session, then joins the turn from where it continues', async () => {
    const server = fakeServer('end');
    const storage = memoryStorage();
    const first = await reload(server, storage);
    void first.send('hi');
    server.say('Hello.');
    server.end();
    await idle(first);
    void first.send('and then?');
    server.say('Then ');
    await expect.poll(() => kept(storage)?.runningTurn?.snapshotId).toBe('s1/1');
    await leave(first);

    const second = await reload(server, storage);
    server.say('more.');
    server.end();
    await expect.poll(() => texts(second)).toEqual(['user: hi', 'model: Hello.', 'user: and then?', 'model: Then more.']);
    expect(server.posted).toEqual(['hi', 'and then?']);
  });

  it('keeps the version tree with versionTree(): a regenerated answer’s versions come back', async () => {
    const server = fakeServer('end');
    const storage = memoryStorage();
    const features = () => [versionTree(), persist({ storage })];
    const first = await reload(server, storage, features());
    void first.send('hi');
    server.say('One.');
    server.end();
    await idle(first);
    void first.regenerate();
    server.say('Two.');
    server.end();
    await idle(first);
    await expect.poll(() => kept(storage)?.tree?.nodes.length).toBe(3);

    const second = await reload(server, storage, features());
    expect(texts(second)).toEqual(['user: hi', 'model: Two.']);
    expect(second.getState().messages[1]!.siblings).toMatchObject({ index: 1, count: 2 });
  });

  it('keeps a conversation no server holds (no snapshots), and the app’s extras (a draft)', async () => {
    const storage = memoryStorage();
    const replies = ['Hello.'];
    const transport: Transport = {
      name: 'local',
      async *run() {
        yield [{ raw: null, events: [{ type: 'text-delta', text: replies.shift()!, messageKey: 'a' }, { type: 'turn-end', finishReason: 'stop' }] }];
      },
    };
    const first = createAgentChat({ transport, features: [persist({ storage })] });
    first.subscribe(() => undefined);
    await persistedValues(first)!.restored;
    await first.send('hi');
    persistedValues(first)!.set('draft', 'half a thought');
    await expect.poll(() => kept(storage)?.extras).toEqual({ draft: 'half a thought' });
    // The turn's messages are taken in a task after it ended: the draft's write may come first.
    await expect.poll(() => kept(storage)?.state?.messages.map((message) => textOf(message.content))).toEqual(['hi', 'Hello.']);

    const second = createAgentChat({ transport, features: [persist({ storage })] });
    expect(second.getState().messages).toEqual([]); // nothing read while the chat is only made (a render stays pure)
    await second.restore();
    expect(texts(second as AgentChat)).toEqual(['user: hi', 'model: Hello.']);
    expect(persistedValues(second)!.get('draft')).toBe('half a thought');
  });

  it('a page that goes right after a turn ended keeps that turn (the capture still due is taken as it goes)', async () => {
    const page = new EventTarget();
    Object.assign(globalThis, { addEventListener: page.addEventListener.bind(page), removeEventListener: page.removeEventListener.bind(page) });
    try {
      const storage = memoryStorage();
      const transport: Transport = {
        name: 'local',
        async *run() {
          yield [{ raw: null, events: [{ type: 'text-delta', text: 'Hello.', messageKey: 'a' }, { type: 'turn-end', finishReason: 'stop' }] }];
        },
      };
      const chat = createAgentChat({ transport, features: [persist({ storage })] });
      chat.subscribe(() => undefined);
      await persistedValues(chat)!.restored;
      await chat.send('hi');
      // The page goes in the same task as the turn's end: no timer has run yet.
      page.dispatchEvent(new Event('pagehide'));
      expect(kept(storage)?.state?.messages.map((message) => textOf(message.content))).toEqual(['hi', 'Hello.']);
    } finally {
      delete (globalThis as { addEventListener?: unknown }).addEventListener;
      delete (globalThis as { removeEventListener?: unknown }).removeEventListener;
    }
  });

  it('a session the server no longer has starts a new conversation', async () => {
    const server = fakeServer('end');
    const storage = memoryStorage();
    storage.setItem('agent-chat/chat', JSON.stringify({ version: 1, sessionId: 'gone', snapshotId: null, runningTurn: null } satisfies PersistedChat));
    const chat = await reload(server, storage);
    expect(chat.getState().messages).toEqual([]);
    void chat.send('hi');
    server.say('Hello.');
    server.end();
    await idle(chat);
    await expect.poll(() => kept(storage)?.sessionId).toBe('s1');
  });

  it('a chat that is only made (never subscribed, never restored) reads and writes nothing', async () => {
    const server = fakeServer('end');
    const storage = memoryStorage();
    const chat = createAgentChat({ transport: server.transport, features: [persist({ storage })] });
    expect(chat.hasFeature('persist')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(storage.items.size).toBe(0);
  });

  it('dispose() mid-answer (an unmount): what is kept still names the running turn, nothing is written after, the next page joins it', async () => {
    const server = fakeServer('end');
    const storage = memoryStorage();
    const first = await reload(server, storage);
    void first.send('tell me a story');
    server.say('Once ');
    await expect.poll(() => kept(storage)?.runningTurn?.turnId).toBeTruthy();
    const writes = storage.writes;
    first.dispose();
    await idle(first);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(storage.writes).toBe(writes);
    expect(kept(storage)?.runningTurn?.turnId).toBeTruthy();

    const second = await reload(server, storage);
    server.say('upon a time.');
    server.end();
    await expect.poll(() => texts(second)).toEqual(['user: tell me a story', 'model: Once upon a time.']);
    expect(server.posted).toEqual(['tell me a story']);
  });

  it('dispose() in the same task as a turn’s end keeps the ended conversation, not the turn as still running', async () => {
    const server = fakeServer('end');
    const storage = memoryStorage();
    const chat = await reload(server, storage);
    const sent = chat.send('hi');
    server.say('Hello.');
    await expect.poll(() => kept(storage)?.runningTurn?.turnId).toBeTruthy();
    server.end();
    await sent;
    chat.dispose();
    expect(kept(storage)).toMatchObject({ sessionId: 's1', snapshotId: 's1/1', runningTurn: null });
  });

  it('two tabs: the second one does not join the turn the first one reads (Web Locks)', async () => {
    // A LockManager with the Web Locks semantics this feature uses: exclusive, queued, abortable while waiting.
    const held = new Set<string>();
    const waiting = new Map<string, Array<() => void>>();
    const locks = {
      request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) {
        return new Promise((resolve, reject) => {
          const grant = () => {
            held.add(name);
            void callback().finally(() => {
              held.delete(name);
              waiting.get(name)?.shift()?.();
              resolve(undefined);
            });
          };
          if (!held.has(name)) return grant();
          const queue = waiting.get(name) ?? [];
          queue.push(grant);
          waiting.set(name, queue);
          options.signal?.addEventListener('abort', () => {
            queue.splice(queue.indexOf(grant), 1);
            reject(options.signal!.reason);
          }, { once: true });
        });
      },
    };
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true, writable: true });
    const server = fakeServer('end');
    const storage = memoryStorage();
    const first = await reload(server, storage);
    void first.send('tell me a story');
    server.say('Once ');
    await expect.poll(() => held.has(`agent-chat/turn/${kept(storage)?.runningTurn?.turnId}`)).toBe(true);
    // A duplicated tab starts with a copy of the first one's storage, while the first one still reads the turn.
    const copy = storage.copy();
    const second = await reload(server, copy);
    expect(second.getState().messages).toEqual([]);
    expect(second.getState().status).toBe('ready');
    server.say('upon a time.');
    server.end();
    await expect.poll(() => texts(first)).toEqual(['user: tell me a story', 'model: Once upon a time.']);
    // Its turn over, the first tab lets the lock go.
    await expect.poll(() => held.size).toBe(0);
    expect(second.getState().messages).toEqual([]);
  }, 10_000);

  it('detach() ends the turn here as `detached` and keeps it, to be joined by the next page', async () => {
    const server = fakeServer('end');
    const storage = memoryStorage();
    const chat = await reload(server, storage);
    void chat.send('go');
    server.say('x');
    await expect.poll(() => kept(storage)?.runningTurn).toBeTruthy();
    await chat.detach();
    await idle(chat);
    expect(chat.getState().finishReason).toBe('detached');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(kept(storage)?.runningTurn?.turnId).toBeTruthy();
  });
});
