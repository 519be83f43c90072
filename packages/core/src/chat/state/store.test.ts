import fc from 'fast-check';
import { isDraft, type Draft } from 'immer';
import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../agent-chat.js';
import { AgentChatError } from '../../model/error.js';
import type { ChatMessage } from '../../model/message.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';
import { initialChatState, type ChatState } from './chat-state.js';
import { createChatStore } from './store.js';

// The store's updates are immer's `produce` with auto-freeze: these hold our use of it to what the store promises
// (the values a recipe writes, the old state untouched, a no-op update is the same state and wakes no one, every state
// frozen and free of drafts, a recipe that throws commits nothing).

const message = (id: string, text: string): ChatMessage => ({ id, role: 'model', content: [{ text }], status: 'done' });
const makeState = (): ChatState => initialChatState({ messages: [message('a', 'hi'), message('b', 'there')], custom: { x: 1, list: [1, 2] } });

/** No draft anywhere in a finished value. */
function noDrafts(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return !isDraft(value) && Object.values(value).every(noDrafts);
}

/** Every plain object and array in it is frozen (class instances such as an AgentChatError are kept as they are). */
function deepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || value instanceof Error) return true;
  return Object.isFrozen(value) && Object.values(value).every(deepFrozen);
}

/** Every slice of a state is deep-frozen (the state object itself is zustand's merge of the update: a new object). */
const slicesFrozen = (state: ChatState) => Object.values(state).every(deepFrozen);

describe('the chat store (immer drafts)', () => {
  it('a recipe that changes nothing keeps the state itself and notifies no one, even after reads and same-value writes', () => {
    const store = createChatStore(makeState());
    const before = store.getState();
    let notified = 0;
    store.api.subscribe(() => notified++);
    store.update((draft) => {
      void draft.messages[0]!.content[0];
      draft.status = 'ready';
      // eslint-disable-next-line no-self-assign -- the no-op assignment is what is tested
      draft.messages = draft.messages;
    });
    expect(store.getState()).toBe(before);
    expect(notified).toBe(0);
  });

  it('copies only the path a recipe writes, shares the rest, freezes the result and leaves the old state as it was', () => {
    const store = createChatStore(makeState());
    const before = store.getState();
    let notified = 0;
    store.api.subscribe(() => notified++);
    store.update((draft) => {
      draft.messages[0]!.content.push({ text: ' more' });
      draft.status = 'streaming';
    });
    const after = store.getState();
    expect(notified).toBe(1);
    expect(after.messages[0]!.content).toEqual([{ text: 'hi' }, { text: ' more' }]);
    expect(before.messages[0]!.content).toEqual([{ text: 'hi' }]);
    expect(after.messages[1]).toBe(before.messages[1]);
    expect(after.custom).toBe(before.custom);
    expect(after.messages).not.toBe(before.messages);
    expect(slicesFrozen(after) && noDrafts(after)).toBe(true);
  });

  it('freezes a state that enters whole (the initial one, a replace) all the way down', () => {
    const initial = makeState();
    const store = createChatStore(initial);
    expect(slicesFrozen(store.getState())).toBe(true);
    const next = { ...makeState(), error: new AgentChatError('timeout', 'late') };
    store.replace(next);
    expect(store.getState().error).toBe(next.error);
    expect(Object.isFrozen(next.error)).toBe(false);
    expect(slicesFrozen(store.getState())).toBe(true);
  });

  it('a recipe that throws commits nothing: the state and its listeners are as before', () => {
    const store = createChatStore(makeState());
    const before = store.getState();
    let notified = 0;
    store.api.subscribe(() => notified++);
    expect(() =>
      store.update((draft) => {
        draft.messages.push(message('c', 'half'));
        throw new Error('reducer bug');
      }),
    ).toThrow('reducer bug');
    expect(store.getState()).toBe(before);
    expect(before.messages).toHaveLength(2);
    expect(notified).toBe(0);
    // The next update starts from the state as it was.
    store.update((draft) => void draft.messages.pop());
    expect(store.getState().messages.map((m) => m.id)).toEqual(['a']);
  });

  type Op = ['push', number] | ['append', number, string] | ['status'] | ['splice', number] | ['set', string, number] | ['delete', string] | ['reverse'] | ['nest', number];
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.tuple(fc.constant('push' as const), fc.nat(9)),
    fc.tuple(fc.constant('append' as const), fc.nat(9), fc.string({ maxLength: 3 })),
    fc.constant(['status'] as Op),
    fc.tuple(fc.constant('splice' as const), fc.nat(9)),
    fc.tuple(fc.constant('set' as const), fc.constantFrom('x', 'y'), fc.integer()),
    fc.tuple(fc.constant('delete' as const), fc.constantFrom('x', 'list', 'nested')),
    fc.constant(['reverse'] as Op),
    fc.tuple(fc.constant('nest' as const), fc.nat(3)),
  );
  /** One recipe, written as the reducers write them; run on a draft and on a plain deep copy (the model). */
  const recipe = (ops: Op[]) => (state: Draft<ChatState> | ChatState) => {
    const custom = state.custom as Record<string, unknown>;
    for (const [name, a, b] of ops) {
      const messages = state.messages as ChatMessage[];
      const target = typeof a === 'number' ? messages[a % Math.max(1, messages.length)] : undefined;
      if (name === 'push') messages.push(message(`m${a}`, ''));
      else if (name === 'append' && target) (target.content as { text: string }[]).push({ text: b! });
      else if (name === 'status') state.status = state.status === 'ready' ? 'streaming' : 'ready';
      else if (name === 'splice') messages.splice(a % (messages.length + 1), 1);
      else if (name === 'set') custom[a] = b;
      else if (name === 'delete') delete custom[a];
      else if (name === 'reverse') messages.reverse();
      else if (name === 'nest') custom.nested = { list: messages.slice(0, a) };
    }
  };

  it('property: chained recipes write what the same code writes on a plain copy; old states stay as they were; every state is frozen and free of drafts', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 5 }), { maxLength: 6 }), (recipes) => {
        const store = createChatStore(makeState());
        const seen: Array<[ChatState, string]> = [];
        for (const ops of recipes) {
          const before = store.getState();
          seen.push([before, JSON.stringify(before)]);
          // A JSON copy, no shared references: immer gives values, so a subtree reached from two places is two values.
          const model = JSON.parse(JSON.stringify(before)) as ChatState;
          recipe(ops)(model);
          store.update(recipe(ops));
          const after = store.getState();
          expect(after).toEqual(model);
          expect(slicesFrozen(after) && noDrafts(after)).toBe(true);
          if (JSON.stringify(after) !== JSON.stringify(before)) expect(after).not.toBe(before);
        }
        for (const [state, json] of seen) expect(JSON.stringify(state)).toBe(json);
      }),
      { numRuns: 300 },
    );
  });

  it('a chat\'s state through a turn (tokens, a patch, the end) is frozen and free of drafts', async () => {
    const chat = createAgentChat({
      transport: scriptedTransport([[{ type: 'text-delta', text: 'Hel' }, { type: 'text-delta', text: 'lo' }, { type: 'custom-patch', patch: [{ op: 'add', path: '/n', value: 1 }] }, { type: 'turn-end', finishReason: 'stop' }]]),
      state: { messages: [], artifacts: [], custom: { n: 0 } },
    });
    const before = chat.getState();
    await chat.send('hi');
    const after = chat.getState();
    expect(after.messages.map((m) => m.content)).toEqual([[{ text: 'hi' }], [{ text: 'Hello' }]]);
    expect(after.custom).toEqual({ n: 1 });
    expect(slicesFrozen(after) && noDrafts(after)).toBe(true);
    expect(before.messages).toEqual([]);
    expect(before.custom).toEqual({ n: 0 });
  });
});
