import { createAgentChat, versionTree } from '@agent-chat/core';
import { describe, expect, it, vi } from 'vitest';
import { keptRecording } from '../test/kept-recordings.js';
import { agentChatMatchers } from './matchers.js';
import { playRecording } from './play-recording.js';
import { replayMismatchOf, replayTransport } from './replay-transport.js';

expect.extend(agentChatMatchers);

describe('replay that checks what was sent', () => {
  it('strict (default): a message the recording does not have fails the turn with a typed mismatch; the recorded one still plays after', async () => {
    const { chat, transport } = await playRecording(keptRecording('genkit-tasks'), { speed: Infinity, upTo: 2 });
    const wrong = await chat.send('hello');
    expect(wrong.finishReason).toBe('failed');
    expect(chat.getState().status).toBe('error');
    expect(wrong.error?.message).toBe('Replay mismatch at turn 3: the recording expects "report", the chat sent "hello". (match: \'lenient\' plays the recorded turn anyway.)');
    expect(replayMismatchOf(wrong.error)).toEqual({
      kind: 'replay-mismatch', turn: 2, expected: { text: 'report', attachments: [], answers: [] }, received: { text: 'hello', attachments: [], answers: [] },
    });
    expect(transport.mismatches()).toHaveLength(1);
    expect(await chat.send('report')).toMatchObject({ finishReason: 'stop', text: expect.stringContaining('report.md') });
  });

  it('compares interrupt answers too: "no" where "yes" was recorded is a mismatch; ids and refs are not compared', async () => {
    const { chat } = await playRecording(keptRecording('ai-sdk-tasks'), { speed: Infinity, upTo: 4 });
    const refused = await chat.resume([{ text: 'no' }]);
    expect(replayMismatchOf(refused.error)).toMatchObject({ turn: 4, expected: { answers: [{ name: 'confirmClearAll', output: 'yes' }] }, received: { answers: [{ name: 'confirmClearAll', output: 'no' }] } });
    // The question is open again (the kit's failed-answer rule), so the recorded answer can still be given.
    expect(await chat.resume([{ text: 'yes' }])).toMatchObject({ finishReason: 'stop' });
    expect(chat).toHaveCustomState(expect.objectContaining({ tasks: [] }));
  });

  it('lenient: a request nothing matches gets the next recorded turn anyway', async () => {
    const { chat } = await playRecording(keptRecording('genkit-tasks'), { speed: Infinity, upTo: 2, match: 'lenient' });
    expect(await chat.send('hello')).toMatchObject({ finishReason: 'stop', text: expect.stringContaining('report.md') });
  });

  it('retry() after an injected fault replays the same turn (the fault hits it once), and the conversation goes on in order', async () => {
    const { chat, responses } = await playRecording(keptRecording('genkit-tasks'), {
      speed: Infinity, upTo: 3, faults: { kind: 'http', status: 503, turn: 2 }, chat: { features: [versionTree()] },
    });
    expect(responses.at(-1)).toMatchObject({ finishReason: 'failed', error: { status: 503 } });
    expect(await chat.retry()).toMatchObject({ finishReason: 'stop', text: expect.stringContaining('report.md') });
    expect(await chat.send('clear')).toMatchObject({ finishReason: 'interrupted' });
  });

  it('regenerate and an edit back to the recorded words replay that turn again', async () => {
    const { chat } = await playRecording(keptRecording('genkit-tasks'), { speed: Infinity, upTo: 3, chat: { features: [versionTree()] } });
    expect(await chat.regenerate()).toMatchObject({ finishReason: 'stop', text: expect.stringContaining('report.md') });
    const first = chat.getState().messages[0]!;
    expect(await chat.edit(first.id, 'add Buy milk')).toMatchObject({ finishReason: 'stop', text: expect.stringContaining('Buy milk') });
  });

  it('forks: a "what if" recording that parts at a turn is followed from there when the request matches it', async () => {
    const main = keptRecording('genkit-tasks');
    // The same conversation, "clear" refused (recorded as the CLI's --deny records it).
    const whatIf = keptRecording('genkit-tasks-denied');
    const transport = replayTransport(main, { speed: Infinity, forks: [whatIf] });
    const chat = createAgentChat({ transport });
    for (const turn of main.turns.slice(0, 4)) await chat.send(turn.request.input);
    const denied = await chat.resume([{ data: false }]);
    expect(denied.text).toBe('Okay, nothing was cleared. Your tasks are still there.');
    const refusal = chat.getState().messages.flatMap((message) => message.content).find((part) => 'toolResponse' in part && part.toolResponse.name === 'confirmClearAll');
    expect(refusal?.metadata?.denied).toBe(true);
    expect(transport.mismatches()).toEqual([]);
    // the main line still answers "yes"
    const again = await playRecording(main, { speed: Infinity, forks: [whatIf] });
    expect(again.responses.at(-1)!.text).toContain('I cleared all 2 tasks');
    expect(() => replayTransport(main, { forks: [keptRecording('ai-sdk-tasks')] })).toThrow(/fork must be recorded in genkit/);
  });

  it('play up to turn N, with a pause between turns; cold-start trimming cuts the wait for the first frame only', async () => {
    // On a fake clock (timers and Date): the waits are read as the time the replay asked for, not timed, so a loaded
    // machine cannot fail them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
    try {
      const recording = keptRecording('tnsai-search');
      const played = playRecording(recording, { speed: Infinity, upTo: 2, pauseMs: 120 });
      await vi.runAllTimersAsync();
      const { responses, transport } = await played;
      // At infinite speed the frames wait for nothing: the one pause between the two turns is all the time taken.
      expect(Date.now()).toBe(120);
      expect(responses).toHaveLength(2);
      expect(transport.position()).toBe(2);

      // A server that took 4 s to its first byte: trimmed, the turn plays at once; the frames after keep their spacing.
      const cold = structuredClone(recording);
      cold.turns = cold.turns.slice(0, 1).map((turn) => ({ ...turn, frames: turn.frames.map((frame) => ({ ...frame, at: frame.at + 4000 })) }));
      const spacing = cold.turns[0]!.frames.at(-1)!.at - cold.turns[0]!.frames[0]!.at;
      expect(spacing).toBeGreaterThan(0);
      const trimmedStart = Date.now();
      const trimmed = playRecording(cold, { speed: 1, trimColdStart: true });
      await vi.runAllTimersAsync();
      expect((await trimmed).responses).toHaveLength(1);
      expect(Date.now() - trimmedStart).toBe(spacing);
      // Untrimmed, the same turn waits its 4 s (and more) to the first frame.
      const untrimmedStart = Date.now();
      const untrimmed = playRecording(cold, { speed: 1 });
      await vi.runAllTimersAsync();
      expect((await untrimmed).responses).toHaveLength(1);
      expect(Date.now() - untrimmedStart).toBe(cold.turns[0]!.frames.at(-1)!.at);
    } finally {
      vi.useRealTimers();
    }
  });
});
