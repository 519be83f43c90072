import { describe, expect, it } from 'vitest';
import { createChunkTranslator, openInterrupts, type SnapshotReader } from './bridge.js';

const ask = { toolRequest: { name: 'confirmClearAll', ref: 'c-1', input: { question: 'Sure?' } } };
const interrupt = { ...ask, metadata: { interrupt: true } };

describe('createChunkTranslator: Genkit stream chunks → bridge events', () => {
  it('a whole-document replace is a state snapshot, any other patch a delta', () => {
    const { translate } = createChunkTranslator();
    expect(translate({ customPatch: [{ op: 'replace', path: '', value: { tasks: [] } }] })).toEqual([{ type: 'state-snapshot', value: { tasks: [] } }]);
    const patch = [{ op: 'add' as const, path: '/tasks/-', value: { id: 1 } }];
    expect(translate({ customPatch: patch })).toEqual([{ type: 'state-delta', patch }]);
    // Two operations, one of them on the root: still a delta (the client applies it atomically).
    const mixed = [{ op: 'replace' as const, path: '', value: {} }, { op: 'add' as const, path: '/a', value: 1 }];
    expect(translate({ customPatch: mixed })).toEqual([{ type: 'state-delta', patch: mixed }]);
  });

  it('model text, reasoning, tool calls and results keep their message index; artifacts pass through', () => {
    const { translate } = createChunkTranslator();
    expect(translate({ modelChunk: { role: 'model', index: 0, content: [{ reasoning: 'hmm' }, { text: 'Hi' }] } })).toEqual([
      { type: 'reasoning', index: 0, delta: 'hmm' },
      { type: 'text', index: 0, delta: 'Hi' },
    ]);
    expect(translate({ modelChunk: { role: 'model', index: 0, content: [{ toolRequest: { name: 'addTask', ref: 'a-1', input: {} } }] } })).toEqual([
      { type: 'tool-call', index: 0, part: { toolRequest: { name: 'addTask', ref: 'a-1', input: {} } } },
    ]);
    expect(translate({ modelChunk: { role: 'tool', index: 1, content: [{ toolResponse: { name: 'addTask', ref: 'a-1', output: 1 } }] } })).toEqual([
      { type: 'tool-result', index: 1, part: { toolResponse: { name: 'addTask', ref: 'a-1', output: 1 } } },
    ]);
    // No index: the last one.
    expect(translate({ modelChunk: { role: 'model', content: [{ text: 'x' }] } })).toEqual([{ type: 'text', index: 1, delta: 'x' }]);
    const artifact = { name: 'report.md', parts: [{ text: '# r' }] };
    expect(translate({ artifact })).toEqual([{ type: 'artifact', artifact }]);
  });

  it('an interrupt whose tool request was not streamed gets its tool call first; the turn end lists it', () => {
    const { translate, end } = createChunkTranslator();
    expect(translate({ modelChunk: { role: 'tool', content: [interrupt] } })).toEqual([
      { type: 'tool-call', index: 0, part: ask },
      { type: 'interrupt', part: interrupt },
    ]);
    const result = end({ finishReason: 'interrupted', sessionId: 's1', snapshotId: 'p1', message: { role: 'model', content: [interrupt] } }, 'x');
    expect(result).toEqual({ events: [], end: { finishReason: 'interrupted', sessionId: 's1', snapshotId: 'p1', interrupts: [interrupt] } });
  });

  it('interrupts only in the result, and text only in the result (a model that does not stream), are emitted at the end', () => {
    const interrupted = createChunkTranslator().end({ finishReason: 'interrupted', message: { role: 'model', content: [interrupt] } }, 's1');
    expect(interrupted.events).toEqual([{ type: 'tool-call', index: 0, part: ask }, { type: 'interrupt', part: interrupt }]);
    expect(interrupted.end).toMatchObject({ sessionId: 's1', interrupts: [interrupt] });
    const quiet = createChunkTranslator().end({ finishReason: 'stop', message: { role: 'model', content: [{ text: 'Done.' }] } }, 's1');
    expect(quiet.events).toEqual([{ type: 'text', index: 1, delta: 'Done.' }]);
    const failed = createChunkTranslator().end({ finishReason: 'failed', error: { status: 'INTERNAL', message: 'boom' } }, 's1');
    expect(failed).toEqual({ events: [], end: { finishReason: 'failed', sessionId: 's1', interrupts: [], error: { status: 'INTERNAL', message: 'boom' } } });
  });
});

describe('openInterrupts', () => {
  const reader = (snapshots: Record<string, unknown>, latest: Record<string, string>): SnapshotReader => ({
    async run(query: any) {
      const id = query.snapshotId ?? latest[query.sessionId];
      const snapshot = id && snapshots[id];
      if (!snapshot) throw Object.assign(new Error('NOT_FOUND'), { status: 'NOT_FOUND' });
      return { result: snapshot };
    },
  });
  const state = (last: unknown) => ({ messages: [{ role: 'user', content: [{ text: 'clear' }] }, last] });

  it('reads the interrupts of the last completed turn, past failed turns after it; none for an unknown session', async () => {
    const snapshots = {
      p1: { snapshotId: 'p1', status: 'completed', finishReason: 'interrupted', state: state({ role: 'model', content: [ask, interrupt] }) },
      p2: { snapshotId: 'p2', parentId: 'p1', status: 'failed', finishReason: 'failed', state: {} },
      p3: { snapshotId: 'p3', status: 'completed', finishReason: 'stop', state: state({ role: 'model', content: [{ text: 'ok' }] }) },
    };
    expect(await openInterrupts(reader(snapshots, { s1: 'p2' }), 's1')).toEqual([interrupt]);
    expect(await openInterrupts(reader(snapshots, { s1: 'p3' }), 's1')).toEqual([]);
    expect(await openInterrupts(reader(snapshots, {}), 'nobody')).toEqual([]);
  });
});

describe('createChunkTranslator: the rich answer (rich-reply.ts)', () => {
  it('custom.source parts are source events, custom.suggestions a suggestions event; the result\'s usage ends the turn', () => {
    const { translate, end } = createChunkTranslator();
    const content = [
      { custom: { source: { url: 'https://a.example/x', title: 'A', rank: 1 } } },
      { custom: { source: { documentId: 'doc-2', mediaType: 'application/pdf' } } },
      { custom: { source: { nothing: true } } },
      { custom: { suggestions: ['Why?', 3, '', 'How?'] } },
      { custom: { other: 1 } },
    ];
    expect(translate({ modelChunk: { role: 'model', index: 2, content } })).toEqual([
      { type: 'source', index: 2, source: { url: 'https://a.example/x', title: 'A' } },
      { type: 'source', index: 2, source: { documentId: 'doc-2', mediaType: 'application/pdf' } },
      { type: 'suggestions', suggestions: ['Why?', 'How?'] },
    ]);
    const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };
    const message = { role: 'model' as const, content: [{ text: 'x' }], metadata: { usage: { ...usage, outputCharacters: 9 } } };
    expect(end({ finishReason: 'stop', message }, 's1').end.usage).toEqual(usage);
    // no token counts: no usage
    expect(end({ finishReason: 'stop', message: { ...message, metadata: { usage: { outputCharacters: 9 } } } }, 's1').end.usage).toBeUndefined();
  });
});
