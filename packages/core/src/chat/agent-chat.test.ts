import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AgentChatError } from '../model/error.js';
import type { AgentChunk } from '../model/chunk.js';
import type { AgentEvent } from '../model/events.js';
import type { ChatMessage } from '../model/message.js';
import { scriptedTransport, type ScriptedTurn } from '../transport/scripted-transport.js';
import { createAgentChat } from './agent-chat.js';

const reply = (text: string, snapshotId?: string): AgentEvent[] => [
  ...text.split(' ').map((word, index): AgentEvent => ({ type: 'text-delta', text: index === 0 ? word : ` ${word}`, messageKey: 'm' })),
  { type: 'turn-end', finishReason: 'stop', ...(snapshotId ? { snapshotId } : {}) },
];

const INTERRUPT: AgentEvent[] = [
  { type: 'tool-request', part: { toolRequest: { name: 'confirm', ref: 'c1', input: { action: 'clear' } }, metadata: { interrupt: true } } },
  { type: 'tool-request', part: { toolRequest: { name: 'confirm', ref: 'c2', input: { action: 'send' } }, metadata: { interrupt: true } } },
  { type: 'turn-end', finishReason: 'interrupted', snapshotId: 's-int' },
];

describe('createAgentChat', () => {
  it('queues a send made while a turn runs, and runs it after; both resolve in order', async () => {
    const transport = scriptedTransport([reply('one two three', 's1'), reply('four', 's2')], { delayMs: 5 });
    const chat = createAgentChat({ transport });
    const first = chat.send('a');
    const second = chat.send('b');
    expect(chat.getState().status).toBe('submitted');
    const [r1, r2] = await Promise.all([first, second]);
    expect([r1.text, r2.text]).toEqual(['one two three', 'four']);
    expect(transport.requests[1]!.snapshotId).toBe('s1');
    expect(chat.getState().messages.map((message) => message.content[0])).toEqual([{ text: 'a' }, { text: 'one two three' }, { text: 'b' }, { text: 'four' }]);
  });

  it('stop() aborts the running turn keeping its partial text, drops queued turns, and asks the transport to stop', async () => {
    const transport = scriptedTransport([reply('w1 w2 w3 w4 w5 w6 w7 w8', 's1'), reply('never')], { delayMs: 10 });
    const chat = createAgentChat({ transport, sessionId: 'sess' });
    const chunks: AgentChunk[] = [];
    const running = chat.sendStream('go', (chunk) => {
      chunks.push(chunk);
      if (chunk.text === ' w3') void chat.stop();
    });
    const queuedChunks: AgentChunk[] = [];
    const queued = chat.sendStream('later', (chunk) => queuedChunks.push(chunk));
    const [stopped, dropped] = await Promise.all([running, queued]);
    expect(stopped.finishReason).toBe('aborted');
    expect(stopped.text).toBe('w1 w2 w3');
    expect(chunks.at(-1)).toEqual({ turnEnd: { finishReason: 'aborted' }, raw: { turnEnd: { finishReason: 'aborted' } } });
    expect(dropped.finishReason).toBe('aborted');
    expect(queuedChunks).toEqual([{ turnEnd: { finishReason: 'aborted' }, raw: { turnEnd: { finishReason: 'aborted' } } }]);
    expect(transport.requests).toHaveLength(1);
    expect(transport.stops).toEqual([{ sessionId: 'sess', snapshotId: null }]);
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'aborted', error: null });
    expect(chat.getState().messages.at(-1)).toMatchObject({ status: 'aborted', content: [{ text: 'w1 w2 w3' }] });
  });

  it("a send's own signal aborts just that turn", async () => {
    const chat = createAgentChat({ transport: scriptedTransport([reply('a b c d e f'), reply('next')], { delayMs: 5 }) });
    const controller = new AbortController();
    const first = chat.sendStream('x', (chunk) => { if (chunk.text === ' b') controller.abort(); }, { signal: controller.signal });
    const second = chat.send('y');
    expect((await first).finishReason).toBe('aborted');
    expect((await second).text).toBe('next');
  });

  it('interrupts: non-empty exactly after an interrupted turn; resume answers all with one part', async () => {
    const transport = scriptedTransport([INTERRUPT, reply('done')]);
    const chat = createAgentChat({ transport });
    const interrupted = await chat.send('clear and send');
    expect(interrupted.interrupts.map((part) => part.toolRequest.ref)).toEqual(['c1', 'c2']);
    expect(chat.getState().interrupts).toHaveLength(2);
    const resumed = await chat.resume([{ toolResponse: { name: 'confirm', ref: 'c2', output: 'no' } }, { text: 'yes' }]);
    expect(transport.requests[1]!.input).toEqual({
      resume: { respond: [{ toolResponse: { name: 'confirm', ref: 'c2', output: 'no' } }, { toolResponse: { name: 'confirm', ref: 'c1', output: 'yes' } }] },
    });
    expect(resumed.text).toBe('done');
    expect(chat.getState().interrupts).toEqual([]);
  });

  it('branch() rewinds to a known snapshot; an unknown one is restored from the server', async () => {
    const snapshots = {
      old: { snapshotId: 'old', sessionId: 'sess', status: 'completed', finishReason: 'stop' as const, raw: null,
        state: { messages: [{ role: 'user' as const, content: [{ text: 'from server' }] }], artifacts: [], custom: { n: 7 } } },
    };
    const transport = scriptedTransport([reply('one', 's1'), reply('two', 's2'), reply('three', 's3')], { snapshots });
    const chat = createAgentChat<{ n: number }>({ transport });
    await chat.send('a');
    await chat.send('b');
    chat.branch('s1');
    expect(chat.getState().messages).toHaveLength(2);
    expect(chat.getState().snapshotId).toBe('s1');
    await chat.send('c');
    expect(transport.requests[2]!.snapshotId).toBe('s1');
    expect(transport.requests[2]!.history.map((message) => message.content[0])).toEqual([{ text: 'a' }, { text: 'one' }]);
    chat.branch('old');
    await vi.waitFor(() => expect(chat.getState().messages).toHaveLength(1));
    expect(chat.getState()).toMatchObject({ snapshotId: 'old', sessionId: 'sess', custom: { n: 7 } });
  });

  it('reset() starts over from nothing or from a client-managed state', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([reply('a'), reply('b')]) });
    await chat.send('x');
    chat.reset({ state: { messages: [{ role: 'user', content: [{ text: 'restored' }] }], artifacts: [], custom: { k: 1 } } });
    expect(chat.getState()).toMatchObject({ messages: [{ role: 'user', status: 'done' }], custom: { k: 1 }, status: 'ready' });
    chat.reset();
    expect(chat.getState().messages).toEqual([]);
  });

  it('a state that enters whole (the starting one, a reset\'s) is frozen as it enters, not by the first send', async () => {
    const messages = Array.from({ length: 50 }, (_, index) => ({ role: index % 2 ? 'model' as const : 'user' as const, content: [{ text: `m${index}` }] }));
    const chat = createAgentChat({ transport: scriptedTransport([[{ type: 'text-delta', text: 'ok', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }]]), state: { messages, artifacts: [] } });
    // The paths of plain objects and arrays in the state that are not frozen.
    const unfrozen = (value: unknown, path = 'state'): string[] => {
      if (typeof value !== 'object' || value === null) return [];
      const plain = Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value));
      if (!plain) return [];
      return [...(Object.isFrozen(value) ? [] : [path]), ...Object.entries(value).flatMap(([key, child]) => unfrozen(child, `${path}.${key}`))];
    };
    // The root is zustand's merge of each update (a new object, not frozen); everything in it is the chat's.
    const deepFrozen = (state: object) => Object.entries(state).flatMap(([key, child]) => unfrozen(child, key));
    expect(deepFrozen(chat.getState())).toEqual([]);
    await chat.send('one more');
    // What the send added is frozen too, and the history it carried is the same objects (nothing copied or walked).
    expect(deepFrozen(chat.getState())).toEqual([]);
    chat.reset({ state: { messages: [{ role: 'user', content: [{ text: 'again' }] }], artifacts: [] } });
    expect(deepFrozen(chat.getState())).toEqual([]);
  });

  it('callbacks that throw do not break the turn; onTurnEnd and onError are called', async () => {
    const onTurnEnd = vi.fn();
    const onError = vi.fn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chat = createAgentChat({
      transport: scriptedTransport([[{ type: 'custom-patch', patch: [{ op: 'remove', path: '/nothing' }] }, ...reply('still here')]]),
      onChunk: () => { throw new Error('user bug'); },
      onTurnEnd,
      onError,
    });
    const response = await chat.send('x');
    expect(response.text).toBe('still here');
    expect(onTurnEnd).toHaveBeenCalledWith(response);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'patch-failed' }));
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('onEvent() hears every reduced event with its raw frame, beside the callbacks, until unsubscribed', async () => {
    const onChunk = vi.fn();
    const chat = createAgentChat({ transport: scriptedTransport([reply('a b', 's1'), reply('c', 's2')], { batchSize: 2 }), onChunk });
    const heard: string[] = [];
    const off = chat.onEvent((event, raw) => {
      heard.push(event.type);
      expect(raw).toBe(event); // the scripted transport's frames are the events themselves
    });
    await chat.send('x');
    expect(heard).toEqual(['text-delta', 'text-delta', 'turn-end']);
    expect(onChunk).toHaveBeenCalledTimes(3);
    off();
    await chat.send('y');
    expect(heard).toHaveLength(3);
  });

  it('turnEnd records the last turn end with its own snapshot, also when it failed; null while a turn runs', async () => {
    const chat = createAgentChat({
      transport: scriptedTransport([reply('ok', 's1'), [{ type: 'turn-end', finishReason: 'failed', snapshotId: 's-failed' }]], { delayMs: 2 }),
    });
    const first = chat.send('a');
    expect(chat.getState().turnEnd).toBeNull();
    await first;
    expect(chat.getState().turnEnd).toEqual({ finishReason: 'stop', snapshotId: 's1' });
    await chat.send('b');
    expect(chat.getState()).toMatchObject({ turnEnd: { finishReason: 'failed', snapshotId: 's-failed' }, snapshotId: 's1' });
  });

  it('configure() swaps the transport for the next turn', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([reply('old')]) });
    await chat.send('1');
    chat.configure({ transport: scriptedTransport([reply('new')]) });
    expect((await chat.send('2')).text).toBe('new');
  });

  it('a transport that throws mid-stream ends the turn failed, keeping the partial text', async () => {
    const broken: ScriptedTurn = async function* () {
      yield { type: 'text-delta', text: 'partial' } as AgentEvent;
      throw new TypeError('socket hang up');
    };
    const chat = createAgentChat({ transport: scriptedTransport([broken, reply('ok')]) });
    const response = await chat.send('x');
    expect(response).toMatchObject({ finishReason: 'failed', error: { code: 'network-error', message: 'socket hang up' } });
    expect(chat.getState().messages[1]).toMatchObject({ status: 'failed', content: [{ text: 'partial' }] });
    expect((await chat.send('y')).text).toBe('ok');
  });

  it('one store notification per batch of events, not per event', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([reply(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))], { batchSize: 25 }) });
    const listener = vi.fn();
    chat.subscribe(listener);
    await chat.send('x');
    // start + 101 events in batches of 25 → 5 batches
    expect(listener).toHaveBeenCalledTimes(1 + 5);
  });
});

// ---- property-based: random event sequences never throw out of the controller and keep its invariants ----

const part = fc.oneof(
  fc.record({ text: fc.string({ maxLength: 5 }) }),
  fc.record({ toolRequest: fc.record({ name: fc.constantFrom('a', 'b'), ref: fc.constantFrom('1', '2') }), metadata: fc.option(fc.constant({ interrupt: true }), { nil: undefined }) }),
);
const patchOp = fc.record({
  op: fc.constantFrom('add', 'remove', 'replace', 'test', 'bogus'),
  path: fc.constantFrom('', '/a', '/list/-', '/__proto__/x', '/missing/deep'),
  value: fc.jsonValue(),
});
const event: fc.Arbitrary<AgentEvent> = fc.oneof(
  fc.record({ type: fc.constant('text-delta' as const), text: fc.string({ maxLength: 6 }), messageKey: fc.option(fc.constantFrom('k1', 'k2'), { nil: undefined }), role: fc.option(fc.constantFrom('model' as const, 'tool' as const), { nil: undefined }) }),
  fc.record({ type: fc.constant('reasoning-delta' as const), text: fc.string({ maxLength: 6 }) }),
  fc.record({ type: fc.constant('tool-request' as const), part: fc.record({ toolRequest: fc.record({ name: fc.constantFrom('a', 'b'), ref: fc.constantFrom('1', '2') }), metadata: fc.option(fc.constant({ interrupt: true }), { nil: undefined }) }) }),
  fc.record({ type: fc.constant('tool-response' as const), part: fc.record({ toolResponse: fc.record({ name: fc.constantFrom('a', 'b'), ref: fc.constantFrom('1', '2'), output: fc.jsonValue() }) }) }),
  fc.record({ type: fc.constant('message-complete' as const), message: fc.record({ role: fc.constantFrom('model' as const, 'tool' as const), content: fc.array(part, { maxLength: 3 }) }) }),
  fc.record({ type: fc.constant('custom-patch' as const), patch: fc.array(patchOp, { maxLength: 3 }) }),
  fc.record({ type: fc.constant('custom-snapshot' as const), custom: fc.jsonValue() }),
  fc.record({ type: fc.constant('artifact-upsert' as const), artifact: fc.record({ name: fc.option(fc.constantFrom('x', 'y'), { nil: undefined }), parts: fc.array(part, { maxLength: 2 }) }) }),
  fc.record({ type: fc.constant('error' as const), error: fc.constant(new AgentChatError('server-error', 'bad')) }),
  fc.record({ type: fc.constant('session' as const), sessionId: fc.constantFrom('s1', 's2') }),
  fc.record({ type: fc.constant('turn-end' as const), finishReason: fc.constantFrom('stop' as const, 'interrupted' as const, 'failed' as const, 'length' as const), snapshotId: fc.option(fc.uuid(), { nil: undefined }) }),
  fc.constant({ type: 'something-new' } as unknown as AgentEvent),
) as fc.Arbitrary<AgentEvent>;
const turnScript = fc.record({ events: fc.array(event, { maxLength: 12 }), throwAfter: fc.option(fc.nat({ max: 12 }), { nil: undefined }) });

describe('createAgentChat (property-based)', () => {
  it('never throws, always ends a turn in ready or error, turn-end chunk last, completed messages kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(turnScript, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 4 }), async (turns, batchSize) => {
        const scripted: ScriptedTurn[] = turns.map(({ events, throwAfter }) => async function* () {
          for (let index = 0; index < events.length; index++) {
            if (throwAfter === index) throw new Error('cut');
            yield events[index]!;
          }
        });
        const chat = createAgentChat({ transport: scriptedTransport(scripted, { batchSize }) });
        let settled: ChatMessage[] = [];
        for (let turn = 0; turn < turns.length; turn++) {
          const chunks: AgentChunk[] = [];
          const response = await chat.sendStream(`turn ${turn}`, (chunk) => chunks.push(chunk));
          const state = chat.getState();
          expect(['ready', 'error']).toContain(state.status);
          expect(state.error === null).toBe(state.status === 'ready');
          expect(chunks.at(-1)?.turnEnd?.finishReason).toBe(response.finishReason);
          expect(chunks.filter((chunk) => chunk.turnEnd)).toHaveLength(1);
          expect(state.interrupts.length > 0).toBe(response.finishReason === 'interrupted' && state.interrupts.length > 0);
          if (response.finishReason !== 'interrupted') expect(state.interrupts).toEqual([]);
          expect(state.messages.some((message) => message.status === 'streaming')).toBe(false);
          // what was settled before this turn is still there, unchanged
          expect(state.messages.slice(0, settled.length)).toEqual(settled);
          settled = state.messages;
        }
      }),
      { numRuns: 200 },
    );
  });
});
