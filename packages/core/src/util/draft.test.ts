import fc from 'fast-check';
import { produce as immerProduce } from 'immer';
import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../chat/agent-chat.js';
import { AgentChatError } from '../model/error.js';
import { scriptedTransport } from '../transport/scripted-transport.js';
import { current, freeze, isDraft, produce } from './draft.js';

type Message = { id: string; content: { text: string }[] };
type Doc = { status: string; messages: Message[]; custom: Record<string, unknown>; error: AgentChatError | null };

const makeDoc = (): Doc => ({
  status: 'ready',
  messages: [{ id: 'a', content: [{ text: 'hi' }] }, { id: 'b', content: [] }],
  custom: { x: 1, list: [1, 2] },
  error: null,
});

/** No draft anywhere in a finished value. */
function noDrafts(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return !isDraft(value) && Object.values(value).every(noDrafts);
}

/** Every plain object and array in it is frozen. */
function deepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || value instanceof Error) return true;
  return Object.isFrozen(value) && Object.values(value).every(deepFrozen);
}

describe('produce (the store\'s drafts)', () => {
  it('returns the base itself when the recipe changes nothing, even after reading and assigning the same values', () => {
    const base = freeze(makeDoc());
    const next = produce(base, (draft) => {
      void draft.messages[0]!.content[0]!.text;
      draft.status = 'ready';
      // eslint-disable-next-line no-self-assign -- the no-op assignment is what is tested
      draft.messages = draft.messages;
    });
    expect(next).toBe(base);
  });

  it('copies only the path it writes, shares the rest, freezes the result and leaves the base as it was', () => {
    const base = freeze(makeDoc());
    const next = produce(base, (draft) => {
      draft.messages[0]!.content[0]!.text += ' there';
    });
    expect(next.messages[0]!.content[0]!.text).toBe('hi there');
    expect(base.messages[0]!.content[0]!.text).toBe('hi');
    expect(next.messages[1]).toBe(base.messages[1]);
    expect(next.custom).toBe(base.custom);
    expect(next.messages).not.toBe(base.messages);
    expect(deepFrozen(next)).toBe(true);
    expect(noDrafts(next)).toBe(true);
  });

  it('supports the array methods a reducer uses (push, splice, shift, sort, length) and delete', () => {
    const base = freeze(makeDoc());
    const next = produce(base, (draft) => {
      draft.messages.push({ id: 'c', content: [{ text: 'new' }] });
      draft.messages.splice(0, 1);
      const first = draft.messages.shift()!;
      draft.messages.push(first);
      draft.messages.sort((a, b) => b.id.localeCompare(a.id));
      (draft.custom.list as number[]).length = 1;
      delete draft.custom.x;
      expect(Array.isArray(draft.messages)).toBe(true);
      expect(Object.keys(draft.custom)).toEqual(['list']);
      expect({ ...draft.messages[0] }).toEqual({ id: 'c', content: [{ text: 'new' }] });
    });
    expect(next.messages.map((m) => m.id)).toEqual(['c', 'b']);
    expect(next.messages[1]).toBe(base.messages[1]);
    expect(next.custom).toEqual({ list: [1] });
    expect(deepFrozen(next) && noDrafts(next)).toBe(true);
  });

  it('finishes drafts put inside new values, and a value the recipe returns', () => {
    const base = freeze(makeDoc());
    const next = produce(base, (draft) => {
      draft.custom.nested = { kept: draft.messages[0], list: [draft.messages[1]] };
      draft.messages[0]!.id = 'a2';
    });
    expect((next.custom.nested as { kept: Message }).kept).toBe(next.messages[0]);
    expect((next.custom.nested as { list: Message[] }).list[0]).toBe(base.messages[1]);
    expect(deepFrozen(next) && noDrafts(next)).toBe(true);
    const replaced = produce(base, (draft) => ({ ...draft, status: 'error' }));
    expect(replaced.status).toBe('error');
    expect(replaced.messages).toBe(base.messages);
    expect(noDrafts(replaced)).toBe(true);
  });

  it('keeps class instances as they are (not drafted), and runs a recipe on a primitive base', () => {
    const error = new AgentChatError('timeout', 'late');
    const base = freeze({ ...makeDoc(), error });
    const next = produce(base, (draft) => {
      expect(isDraft(draft.error)).toBe(false);
      draft.status = 'error';
    });
    expect(next.error).toBe(error);
    expect(produce(3 as number, (n) => n + 1)).toBe(4);
  });

  it('current() snapshots a draft mid-recipe without ending it', () => {
    const base = freeze(makeDoc());
    produce(base, (draft) => {
      draft.messages[0]!.content.push({ text: 'more' });
      const snapshot = current(draft.messages[0]!);
      expect(isDraft(snapshot)).toBe(false);
      expect(noDrafts(snapshot)).toBe(true);
      expect(snapshot).toEqual({ id: 'a', content: [{ text: 'hi' }, { text: 'more' }] });
      draft.messages[0]!.id = 'changed';
      expect(snapshot.id).toBe('a');
      expect(current(draft.messages[1])).toBe(base.messages[1]);
    });
  });

  type Op =
    | ['push', number] | ['append', number, string] | ['status', string] | ['splice', number] | ['delete', string]
    | ['set', string, number] | ['reverse'] | ['rotate'] | ['same'] | ['nest', number] | ['truncate', number] | ['return'];
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.tuple(fc.constant('push' as const), fc.nat(9)),
    fc.tuple(fc.constant('append' as const), fc.nat(9), fc.string({ maxLength: 3 })),
    fc.tuple(fc.constant('status' as const), fc.constantFrom('ready', 'streaming')),
    fc.tuple(fc.constant('splice' as const), fc.nat(9)),
    fc.tuple(fc.constant('delete' as const), fc.constantFrom('x', 'list', 'nested', 'y')),
    fc.tuple(fc.constant('set' as const), fc.constantFrom('x', 'y'), fc.integer()),
    fc.constant(['reverse'] as Op), fc.constant(['rotate'] as Op), fc.constant(['same'] as Op), fc.constant(['return'] as Op),
    fc.tuple(fc.constant('nest' as const), fc.nat(9)),
    fc.tuple(fc.constant('truncate' as const), fc.nat(3)),
  );
  /** One mutation, written as reducers write them: on a draft (ours or immer's). */
  function recipe(ops: Op[]) {
    return (draft: Doc): Doc | void => {
      for (const [name, a, b] of ops) {
        const messages = draft.messages;
        const message = messages[(a as number) % Math.max(1, messages.length)];
        if (name === 'push') messages.push({ id: `m${a}`, content: [] });
        else if (name === 'append' && message) {
          const last = message.content[message.content.length - 1];
          if (last) last.text += b;
          else message.content.push({ text: b as string });
        } else if (name === 'status') draft.status = a as string;
        else if (name === 'splice') messages.splice((a as number) % (messages.length + 1), 1);
        else if (name === 'delete') delete draft.custom[a as string];
        else if (name === 'set') draft.custom[a as string] = b;
        else if (name === 'reverse') messages.reverse();
        else if (name === 'rotate') {
          const first = messages.shift();
          if (first) messages.push(first);
        } else if (name === 'same') {
          const same = draft.messages;
          draft.messages = same;
        }
        else if (name === 'nest') draft.custom.nested = { list: messages.slice(0, (a as number) % 3) };
        else if (name === 'truncate') messages.length = Math.min(messages.length, a as number);
        else if (name === 'return') return { ...draft, status: `${draft.status}!` };
      }
    };
  }

  it('property: chained recipes give what immer gives (value, base left alone, no-op identity, frozen, no drafts)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 5 }), { maxLength: 5 }), (recipes) => {
        let ours: Doc = freeze(makeDoc());
        let theirs: Doc = immerProduce(makeDoc(), () => {});
        for (const ops of recipes) {
          const before = JSON.stringify(ours);
          const attempt = (run: () => Doc) => {
            try {
              return run();
            } catch {
              return null;
            }
          };
          const nextOurs = attempt(() => produce(ours, recipe(ops) as never) as Doc);
          const nextTheirs = attempt(() => immerProduce(theirs, recipe(ops) as never) as Doc);
          // Both refuse a recipe that returns a new value after changing the draft; the state stays as it was.
          expect(nextOurs === null).toBe(nextTheirs === null);
          if (nextOurs === null || nextTheirs === null) continue;
          expect(nextOurs).toEqual(nextTheirs);
          expect(JSON.stringify(ours)).toBe(before);
          expect(nextOurs === ours).toBe(nextTheirs === theirs);
          expect(deepFrozen(nextOurs) && noDrafts(nextOurs)).toBe(true);
          ours = nextOurs;
          theirs = nextTheirs;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a chat\'s state through a turn is frozen and free of drafts (the store writes through these drafts)', async () => {
    const chat = createAgentChat({
      transport: scriptedTransport([[{ type: 'text-delta', text: 'Hel' }, { type: 'text-delta', text: 'lo' }, { type: 'custom-patch', patch: [{ op: 'add', path: '/n', value: 1 }] }, { type: 'turn-end', finishReason: 'stop' }]]),
      state: { messages: [], artifacts: [], custom: { n: 0 } },
    });
    const before = chat.getState();
    await chat.send('hi');
    const after = chat.getState();
    expect(after.messages.map((m) => m.content)).toEqual([[{ text: 'hi' }], [{ text: 'Hello' }]]);
    expect(after.custom).toEqual({ n: 1 });
    expect(deepFrozen(after.messages) && noDrafts(after)).toBe(true);
    expect(before.messages).toEqual([]);
  });
});
