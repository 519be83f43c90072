import { createAgentChat, genkitTransport } from '@agent-chat/core';
import { describe, expect, it } from 'vitest';
import { diffCustom } from './custom-diff.js';
import { CAPTURES, type CaptureName } from './stories/genkit-captures.js';
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
  chat.subscribe((next, previous) => recorder.record(next, previous));
  return { chat, recorder };
}

describe('turn timeline', () => {
  it('records the real custom-turn capture: patches as paths, artifact versions, the turn end with its snapshot', async () => {
    const { chat, recorder } = replaying(['custom-turn1']);
    await chat.send('go');
    expect(recorder.get().turn).toBe(1);
    expect(recorder.get().entries.map((entry) => [entry.kind, entry.chars !== undefined ? `+${entry.chars}` : entry.detail])).toEqual([
      ['turn-start', 'submitted'],
      ['text-delta', '+2'],
      ['message-complete', 'user done'],
      ['custom-patch', 'add ""'],
      ['text-delta', '+4'],
      ['custom-patch', 'replace /status, add /items'],
      ['artifact-upsert', 'notes.md v1'],
      ['artifact-upsert', 'notes.md v2'],
      ['artifact-upsert', 'unnamed #2 v1'],
      ['text-delta', '+5'],
      ['message-complete', 'model done'],
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
    expect(second.entries.map((entry) => entry.kind)).toEqual(['turn-start', 'text-delta', 'message-complete', 'error', 'turn-end']);
    expect(second.entries.at(-2)!.detail).toBe('server-error: model exploded');
    expect(second.entries.at(-1)!.detail).toBe('failed · no new snapshot');
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
