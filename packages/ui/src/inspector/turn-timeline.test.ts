import { createAgentChat, genkitTransport, scriptedTransport, type AgentEvent, type DecodedFrame, type Transport } from '@agent-chat/core';
import { describe, expect, it, vi } from 'vitest';
import { diffCustom } from '../artifacts/custom-diff.js';
import { CAPTURES, type CaptureName } from '../../stories/support/genkit-captures.js';
import { createTimelineRecorder } from './turn-timeline.js';


/** A body that delivers one SSE frame per read, as a server that flushes each frame does. */
function frameByFrame(text: string): ReadableStream<Uint8Array> {
  // Node's Buffer, not jsdom's Uint8Array: the body belongs to Node's fetch implementation.
  const frames = text.split(/(?<=\n\n)/).map((frame) => Buffer.from(frame));
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const frame = frames.shift();
      if (frame) controller.enqueue(frame);
      else controller.close();
    },
  });
}

function replaying(names: CaptureName[]) {
  let call = 0;
  const fetch = (async () => new Response(frameByFrame(CAPTURES[names[call++]!]), { status: 200 })) as typeof globalThis.fetch;
  const chat = createAgentChat({ transport: genkitTransport({ url: 'http://genkit.test/agent', fetch }) });
  const recorder = createTimelineRecorder(() => 0);
  recorder.connect(chat);
  return { chat, recorder };
}

const summary = (recorder: ReturnType<typeof createTimelineRecorder>) =>
  recorder.get().entries.map((entry) => [entry.kind, entry.chars !== undefined ? `+${entry.chars}` : entry.detail]);

/** A transport whose turns are lists of network reads, each a list of frames (raw value and its events). */
function readsTransport(turns: DecodedFrame[][][], getSnapshot?: Transport['getSnapshot']): Transport {
  let call = 0;
  return {
    name: 'reads',
    async *run() {
      for (const read of turns[call++] ?? []) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        yield read;
      }
    },
    ...(getSnapshot ? { getSnapshot } : {}),
  };
}
const frame = (...events: AgentEvent[]): DecodedFrame => ({ raw: events[0], events });

describe('turn timeline', () => {
  it('records the real custom-turn capture as sent: patches, artifact versions, the turn end with its snapshot', async () => {
    const { chat, recorder } = replaying(['custom-turn1']);
    await chat.send('go');
    expect(recorder.get().turn).toBe(1);
    // The user's own message is not a streamed event; the capture's first patch replaces the root, as sent.
    expect(summary(recorder)).toEqual([
      ['turn-start', 'submitted'],
      ['custom-patch', 'replace ""'],
      ['text-delta', '+4'],
      ['custom-patch', 'replace /status, add /items'],
      ['artifact-upsert', 'notes.md v1'],
      ['artifact-upsert', 'notes.md v2'],
      ['artifact-upsert', 'unnamed v1'],
      ['session', 'session dbd20e91-e3b3-480f-83c1-3641208aed66'],
      ['message-complete', 'model, 1 part'],
      ['artifacts-snapshot', 'notes.md, unnamed'],
      ['turn-end', 'stop · snapshot 9bd93ad0-2c07-4d5a-989b-1382c21b6b41'],
    ]);
  });

  it('starts over each turn, records interrupts and failures, and keeps published timelines unchanged', async () => {
    const { chat, recorder } = replaying(['interrupt-turn', 'failed-turn']);
    await chat.send('please interrupt');
    const first = recorder.get();
    expect(first.entries.map((entry) => entry.kind)).toContain('interrupt-request');
    expect(first.entries.at(-1)!.detail).toBe('interrupted · snapshot 109f257b-508f-4f3c-beff-c48c25baf52e');
    const frozen = JSON.stringify(first);
    await chat.send('boom');
    expect(JSON.stringify(first)).toBe(frozen);
    const second = recorder.get();
    expect(second.turn).toBe(2);
    expect(second.entries.map((entry) => entry.kind)).toEqual(['turn-start', 'session', 'error', 'turn-end']);
    expect(second.entries.at(-2)!.detail).toBe('server-error: model exploded');
    // state.turnEnd keeps a failed turn's own snapshot, though the chat continues from the last good one.
    expect(second.entries.at(-1)!.detail).toBe('failed · snapshot f64c3e5a-8015-44d1-b75f-97b181618548');
    expect(chat.getState().snapshotId).toBe('109f257b-508f-4f3c-beff-c48c25baf52e');
  });

  it('lists every event of one network read: two artifact versions, passthrough frames, deltas merged', async () => {
    const onChunk = vi.fn();
    const step = { raw: { type: 'STEP_STARTED', stepName: 'plan' }, events: [{ type: 'passthrough' }] } satisfies DecodedFrame;
    const chat = createAgentChat({
      onChunk,
      transport: readsTransport([[
        [{ raw: { type: 'RUN_STARTED' }, events: [{ type: 'turn-start', runId: 'r1' }] }, step, step],
        [frame({ type: 'text-delta', text: 'Hi ' }), frame({ type: 'text-delta', text: 'there' })],
        [
          frame({ type: 'artifact-upsert', artifact: { name: 'a.md', parts: [{ text: '1' }] } }),
          frame({ type: 'artifact-upsert', artifact: { name: 'a.md', parts: [{ text: '2' }] } }),
          frame({ type: 'custom-patch', patch: [{ op: 'add', path: '/x', value: 1 }, { op: 'move', from: '/x', path: '/y' }] }),
          frame({ type: 'turn-end', finishReason: 'stop', snapshotId: 's1' }),
        ],
      ]]),
    });
    const recorder = createTimelineRecorder(() => 0);
    const off = recorder.connect(chat);
    await chat.send('hi');
    expect(summary(recorder)).toEqual([
      ['turn-start', 'submitted · run r1'],
      ['passthrough', 'STEP_STARTED'],
      ['text-delta', '+8'],
      ['artifact-upsert', 'a.md v1'],
      ['artifact-upsert', 'a.md v2'],
      ['custom-patch', 'add /x, move /x → /y'],
      ['turn-end', 'stop · snapshot s1'],
    ]);
    expect(recorder.get().entries[1]!.count).toBe(2);
    expect(recorder.get().entries[2]!.count).toBe(2);
    // The chat's own callbacks still run.
    expect(onChunk).toHaveBeenCalled();
    off();
  });

  it('starts over on reset, branch and restore, and never lists a restore as streamed events', async () => {
    const reply = (text: string, snapshotId: string): AgentEvent[] => [
      { type: 'text-delta', text }, { type: 'turn-end', finishReason: 'stop', snapshotId },
    ];
    const getSnapshot = vi.fn(async () => ({
      snapshotId: 'stored', finishReason: 'stop' as const, raw: null,
      state: { messages: [{ role: 'user' as const, content: [{ text: 'old' }] }, { role: 'model' as const, content: [{ text: 'answer' }] }], artifacts: [] },
    }));
    const transport = { ...scriptedTransport([reply('one', 's1'), reply('two', 's2'), reply('three', 's3'), reply('four', 's4')]), getSnapshot };
    const chat = createAgentChat({ transport });
    const recorder = createTimelineRecorder(() => 0);
    recorder.connect(chat);
    await chat.send('a');
    await chat.send('b');
    expect(recorder.get().turn).toBe(2);

    chat.branch('s1');
    expect(recorder.get()).toEqual({ turn: 0, entries: [] });
    await chat.send('c');
    expect(recorder.get().turn).toBe(1);

    await chat.restore({ snapshotId: 'stored' });
    expect(chat.getState().messages).toHaveLength(2);
    expect(recorder.get()).toEqual({ turn: 0, entries: [] });

    await chat.send('d');
    expect(summary(recorder).at(-1)).toEqual(['turn-end', 'stop · snapshot s4']);
    chat.reset();
    expect(recorder.get()).toEqual({ turn: 0, entries: [] });
  });

  it('a reset during a turn drops it, and the aborted turn closing afterwards is not listed', async () => {
    // The turn holds after its first delta until the test has reset the chat.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    async function* heldTurn(): AsyncGenerator<AgentEvent> {
      yield { type: 'text-delta', text: 'a' };
      await held;
      yield { type: 'text-delta', text: 'b' };
      yield { type: 'turn-end', finishReason: 'stop' };
    }
    const chat = createAgentChat({ transport: scriptedTransport([heldTurn]) });
    const recorder = createTimelineRecorder(() => 0);
    recorder.connect(chat);
    const turn = chat.send('x');
    await vi.waitFor(() => expect(recorder.get().entries.map((entry) => entry.kind)).toEqual(['turn-start', 'text-delta']));
    chat.reset();
    release();
    await turn;
    expect(recorder.get()).toEqual({ turn: 0, entries: [] });
  });

  it('numbers turns as the app does (its finished turns plus one): after a branch and in a reloaded page too', async () => {
    const reply = (text: string, snapshotId: string): AgentEvent[] => [{ type: 'text-delta', text }, { type: 'turn-end', finishReason: 'stop', snapshotId }];
    // The app's list of finished turns, kept from onTurnEnd as the demo's snapshot timeline is.
    let finished: string[] = [];
    const chat = createAgentChat({
      transport: scriptedTransport([reply('one', 's1'), reply('two', 's2'), reply('three', 's3'), reply('four', 's4')]),
      onTurnEnd: (response) => void (finished = [...finished, response.snapshotId!]),
    });
    const recorder = createTimelineRecorder(() => 0);
    recorder.numberTurns(() => finished.length + 1);
    recorder.connect(chat);
    await chat.send('a');
    await chat.send('b');
    expect(recorder.get().turn).toBe(2);
    chat.branch('s1');
    finished = finished.slice(0, 1);
    await chat.send('c');
    expect(recorder.get().turn).toBe(2);
    expect(finished).toEqual(['s1', 's3']);

    // A reloaded page: a new chat and recorder, the app's list restored with two turns.
    const reloaded = createAgentChat({ transport: scriptedTransport([reply('five', 's5')]) });
    const again = createTimelineRecorder(() => 0);
    again.numberTurns(() => finished.length + 1);
    again.connect(reloaded);
    expect(again.get().turn).toBe(0);
    await reloaded.send('d');
    expect(again.get().turn).toBe(3);
  });

  it('diffs custom states into patch paths', () => {
    expect(diffCustom(undefined, { a: 1 })).toEqual([{ op: 'add', path: '' }]);
    expect(diffCustom({ a: 1, b: { c: [1] }, d: 0 }, { a: 2, b: { c: [1, 2] }, e: 'x/y' })).toEqual([
      { op: 'remove', path: '/d' },
      { op: 'replace', path: '/a' },
      { op: 'add', path: '/b/c/1' },
      { op: 'add', path: '/e' },
    ]);
    expect(diffCustom({ 'a/b': [1, 2] }, { 'a/b': [2] })).toEqual([{ op: 'replace', path: '/a~1b' }]);
  });
});
