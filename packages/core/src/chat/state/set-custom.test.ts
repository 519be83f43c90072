import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent, DecodedFrame } from '../../model/events.js';
import type { Transport, TurnRequest } from '../../transport/transport.js';
import { scriptedTransport, type ScriptedTurn } from '../../transport/scripted-transport.js';
import { createAgentChat, type AgentChat } from '../agent-chat.js';
import { resumable } from '../../index.js';

interface Tasks {
  tasks: Array<{ id: number; title: string; done: boolean }>;
}

const END: AgentEvent = { type: 'turn-end', finishReason: 'stop' };
const snapshot = (custom: unknown): AgentEvent => ({ type: 'custom-snapshot', custom });

/**
 * A turn whose events the test hands over one at a time, each reduced before `push` resolves: once the store changed
 * with it, or (an event that changes nothing, such as a patch that writes the value already there: the store keeps its
 * state and tells no one) once the turn asked for the next event and its read was reduced.
 */
function steppedTurn(chat: () => AgentChat<unknown>) {
  const waiting: Array<(event: AgentEvent | null) => void> = [];
  const queued: Array<AgentEvent | null> = [];
  const asked: Array<() => void> = [];
  const take = () =>
    new Promise<AgentEvent | null>((resolve) => {
      if (queued.length) return resolve(queued.shift()!);
      waiting.push(resolve);
      asked.splice(0).forEach((done) => done());
    });
  const turn: ScriptedTurn = () => ({
    async *[Symbol.asyncIterator]() {
      for (let event = await take(); event; event = await take()) yield event;
    },
  });
  return {
    turn,
    /** Hands one event to the turn and resolves once it was reduced. */
    push(event: AgentEvent): Promise<void> {
      const changed = new Promise<void>((resolve) => {
        const off = chat().subscribe(() => {
          off();
          resolve();
        });
        asked.push(() => setTimeout(() => {
          off();
          resolve();
        }, 0));
      });
      const next = waiting.shift();
      if (next) next(event);
      else queued.push(event);
      return changed;
    },
  };
}

describe('setCustom', () => {
  it('changes the store at once (recipe or value) and keeps the change pending for the next turn', async () => {
    const transport = scriptedTransport([[END], [END]]);
    const chat = createAgentChat<Tasks>({ transport, state: { messages: [], artifacts: [], custom: { tasks: [{ id: 1, title: 'Buy milk', done: false }] } } });
    let notified = 0;
    chat.subscribe(() => notified++);
    chat.setCustom((draft) => {
      draft.tasks[0]!.done = true;
    });
    expect(notified).toBe(1);
    // setCustom keeps a typed chat assignable where any chat is accepted (it is generic, not contravariant in S).
    const anyChat: AgentChat = chat;
    expect(anyChat.getState().customWrites).toHaveLength(1);
    expect(chat.getState().custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: true }] });
    expect(chat.getState().customWrites).toEqual([[{ op: 'replace', path: '/tasks/0/done', value: true }]]);
    chat.setCustom((draft) => {
      draft.tasks[0]!.done = true; // no change: no write
    });
    expect(chat.getState().customWrites).toHaveLength(1);

    await chat.send('what is left?');
    const [request] = transport.requests;
    expect(request!.customWrites).toEqual([{ op: 'replace', path: '/tasks/0/done', value: true }]);
    expect(request!.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: true }] });
    // Client-managed: the state echoed back holds the write too.
    expect(request!.state?.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: true }] });
    expect(chat.getState().customWrites).toBeUndefined();

    chat.setCustom({ tasks: [] });
    expect(chat.getState().customWrites).toEqual([[{ op: 'remove', path: '/tasks/0' }]]);
    await chat.send('again');
    expect(transport.requests[1]!.customWrites).toEqual([{ op: 'remove', path: '/tasks/0' }]);
  });

  it('keeps a write made while a turn runs on top of the agent’s patches, and sends it with the next turn', async () => {
    const holder: { chat?: AgentChat<unknown> } = {};
    const stepped = steppedTurn(() => holder.chat!);
    const transport = scriptedTransport([stepped.turn, [END]]);
    const chat = (holder.chat = createAgentChat({ transport }));
    const running = chat.send('add tasks');
    await stepped.push(snapshot({ tasks: [{ id: 1, title: 'A', done: false }] }));
    chat.setCustom((draft) => {
      (draft as Tasks).tasks[0]!.done = true;
    });
    // The agent's next patch does not see the local write: its result, then the write re-applied on top.
    await stepped.push({ type: 'custom-patch', patch: [{ op: 'add', path: '/tasks/-', value: { id: 2, title: 'B', done: false } }] });
    expect(chat.getState().custom).toEqual({ tasks: [{ id: 1, title: 'A', done: true }, { id: 2, title: 'B', done: false }] });
    await stepped.push(END);
    await running;
    expect(transport.requests[0]!.customWrites).toBeUndefined();
    expect(chat.getState().customWrites).toEqual([[{ op: 'replace', path: '/tasks/0/done', value: true }]]);
    await chat.send('next');
    expect(transport.requests[1]!.customWrites).toEqual([{ op: 'replace', path: '/tasks/0/done', value: true }]);
    expect(chat.getState().customWrites).toBeUndefined();
  });

  it('keeps the writes when the request fails before the server answers', async () => {
    const failing: ScriptedTurn = () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new TypeError('fetch failed')) }),
    });
    const transport = scriptedTransport([failing, [END]]);
    const chat = createAgentChat<{ n: number }>({ transport });
    chat.setCustom({ n: 1 });
    const failed = await chat.send('one');
    expect(failed.finishReason).toBe('failed');
    expect(chat.getState().customWrites).toEqual([[{ op: 'replace', path: '', value: { n: 1 } }]]);
    await chat.send('two');
    expect(transport.requests[1]!.customWrites).toEqual([{ op: 'replace', path: '', value: { n: 1 } }]);
  });

  it('keeps pending writes across a restore and a new chat given them (a reload), and drops them on reset', async () => {
    const snapshots = { s1: { snapshotId: 's1', sessionId: 'sess', status: 'completed' as const, raw: null, state: { messages: [], artifacts: [], custom: { tasks: [{ id: 1, title: 'A', done: false }, { id: 2, title: 'B', done: false }] } } } };
    const chat = createAgentChat<Tasks>({ transport: scriptedTransport([], { snapshots }), sessionId: 'sess', snapshotId: 's1' });
    await chat.restore();
    chat.setCustom((draft) => {
      draft.tasks[1]!.done = true;
    });
    const saved = chat.getState().customWrites;
    await chat.restore();
    expect(chat.getState().custom?.tasks[1]!.done).toBe(true);

    const reloaded = createAgentChat<Tasks>({ transport: scriptedTransport([], { snapshots }), sessionId: 'sess', snapshotId: 's1', customWrites: saved! });
    expect(reloaded.getState().customWrites).toEqual(saved);
    await reloaded.restore();
    expect(reloaded.getState().custom?.tasks.map((task) => task.done)).toEqual([false, true]);

    reloaded.reset();
    expect(reloaded.getState().customWrites).toBeUndefined();
  });

  it('a turn read again from the server (reattach) carries no writes: they stay pending for the next turn', async () => {
    const frames = async function* (): AsyncGenerator<DecodedFrame[]> {
      yield [{ raw: null, events: [{ type: 'text-delta', text: 'still here', messageKey: 'm' }] }];
      yield [{ raw: null, events: [END] }];
    };
    const requests: TurnRequest[] = [];
    const transport: Transport = {
      name: 'replaying',
      run: (request) => (requests.push(request), frames()),
      reattach: (_turnId, request) => (requests.push(request), frames()),
    };
    const chat = createAgentChat<{ n: number }>({ transport, features: [resumable()], state: { messages: [], artifacts: [], custom: { n: 0 } } });
    chat.setCustom({ n: 1 });
    const reattached = await chat.reattach({ turnId: 'turn-1', snapshotId: null });
    expect(reattached?.text).toBe('still here');
    expect(requests[0]!.customWrites).toBeUndefined();
    expect(chat.getState().customWrites).toEqual([[{ op: 'replace', path: '/n', value: 1 }]]);
    await chat.send('next');
    expect(requests[1]!.customWrites).toEqual([{ op: 'replace', path: '/n', value: 1 }]);
    expect(chat.getState().customWrites).toBeUndefined();
  });

  it('property: after any interleaving of local writes and agent patches, the state is the agent’s result with the pending writes re-applied in order', async () => {
    const key = fc.constantFrom('a', 'b', 'c');
    const action = fc.oneof(
      fc.record({ by: fc.constant('local' as const), key, value: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ by: fc.constant('agent' as const), key, value: fc.integer({ min: 0, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 5 }), fc.array(action, { maxLength: 12 }), async (before, during) => {
        const holder: { chat?: AgentChat<unknown> } = {};
        const stepped = steppedTurn(() => holder.chat!);
        const transport = scriptedTransport([stepped.turn, [END]]);
        const chat = (holder.chat = createAgentChat({ transport, state: { messages: [], artifacts: [], custom: { a: 0, b: 0, c: 0 } } }));
        // The model of the rule: the agent's own state, the writes pending, and what the store shows.
        let agent: Record<string, number> = { a: 0, b: 0, c: 0 };
        let pending: Array<[string, number]> = [];
        const shown = () => Object.fromEntries([...Object.entries(agent), ...pending]);
        for (const step of before.filter((item) => item.by === 'local')) {
          chat.setCustom((draft) => void ((draft as Record<string, number>)[step.key] = step.value));
          agent = { ...agent, [step.key]: step.value }; // sent with the turn: the agent starts from it
        }
        const running = chat.send('go');
        for (const step of during) {
          if (step.by === 'local') {
            if (shown()[step.key] !== step.value) pending.push([step.key, step.value]);
            chat.setCustom((draft) => void ((draft as Record<string, number>)[step.key] = step.value));
          } else {
            agent = { ...agent, [step.key]: step.value };
            await stepped.push({ type: 'custom-patch', patch: [{ op: 'replace', path: `/${step.key}`, value: step.value }] });
          }
          expect(chat.getState().custom).toEqual(shown());
        }
        await stepped.push(END);
        await running;
        expect(chat.getState().custom).toEqual(shown());
        expect(chat.getState().customWrites ?? []).toEqual(pending.map(([name, value]) => [{ op: 'replace', path: `/${name}`, value }]));
        await chat.send('next');
        expect(transport.requests[1]!.customWrites ?? []).toEqual(pending.map(([name, value]) => ({ op: 'replace', path: `/${name}`, value })));
        pending = [];
      }),
      { numRuns: 150 },
    );
  });
});
