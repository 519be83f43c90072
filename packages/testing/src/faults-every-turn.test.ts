import { isInterruptPart, isToolRequestPart, isToolResponsePart, type ChatState } from '@agent-chat/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptRecording } from '../test/kept-recordings.js';
import { assistantText } from './assistant-text.js';
import type { ReplayFault } from './faults.js';
import { playRecording } from './play-recording.js';
import { viewFeatures } from './react/recording-chat.js';
import { replayMismatchOf } from './replay-transport.js';

const FILES = ['genkit-tasks', 'agui-tasks', 'ai-sdk-tasks', 'agentflow-capital', 'tnsai-search'] as const;
const recordings = new Map(FILES.map((file) => [file, keptRecording(file)]));

const keyOf = (call: { name: string; ref?: string | undefined }) => `${call.name}\u0000${call.ref ?? ''}`;

/**
 * The questions a user could no longer answer: an interrupt shown in a settled message, with no answer anywhere, that
 * the chat does not list as pending (its card would spin "running" with nothing to click).
 */
function strandedInterrupts(state: ChatState<unknown>): string[] {
  const answered = new Set<string>();
  for (const message of state.messages) for (const part of message.content) if (isToolResponsePart(part)) answered.add(keyOf(part.toolResponse));
  const pending = new Set(state.interrupts.map((part) => keyOf(part.toolRequest)));
  const stranded: string[] = [];
  for (const message of state.messages) {
    if (message.status !== 'done') continue;
    for (const part of message.content) {
      if (isToolRequestPart(part) && isInterruptPart(part) && !answered.has(keyOf(part.toolRequest)) && !pending.has(keyOf(part.toolRequest))) stranded.push(part.toolRequest.name);
    }
  }
  return stranded;
}

/** What the end of a conversation shows, to compare a recovered run with a clean one. */
const ending = (state: ChatState<unknown>) => ({
  status: state.status,
  finishReason: state.finishReason,
  text: assistantText(state),
  custom: state.custom ?? null,
  interrupts: state.interrupts.map((part) => part.toolRequest.name),
});

const clean = new Map<string, ReturnType<typeof ending>>();
async function cleanEnding(file: (typeof FILES)[number]) {
  if (!clean.has(file)) clean.set(file, ending((await playRecording(recordings.get(file)!, { speed: Infinity })).chat.getState()));
  return clean.get(file)!;
}

/** A recorded conversation, one of its turns, and a failure of that turn: an HTTP error, a cut at any frame, a timeout. */
const scenario = fc.constantFrom(...FILES).chain((file) => {
  const turns = recordings.get(file)!.turns;
  return fc.nat({ max: turns.length - 1 }).chain((turn) =>
    fc.record({
      file: fc.constant(file),
      turn: fc.constant(turn),
      fault: fc.oneof(
        fc.constantFrom(500, 502, 503, 504, 429).map((status): ReplayFault => ({ kind: 'http', status, turn })),
        fc.nat({ max: turns[turn]!.frames.length }).map((afterFrames): ReplayFault => ({ kind: 'cut', afterFrames, turn })),
        fc.constant<ReplayFault | 'timeout'>('timeout'),
      ),
    }),
  );
});

describe('a failure at any turn of a recorded conversation', () => {
  it('leaves no state the user cannot leave: no stranded question, and Retry (or sending again) gets back to the recorded ending', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ file, turn, fault }) => {
        const recording = recordings.get(file)!;
        const timeout = fault === 'timeout';
        // A timeout: the server goes quiet after the first frame for longer than the chat's idle deadline.
        const faults: ReplayFault = timeout ? { kind: 'stall', afterFrames: 0, ms: 1_000, turn } : fault;
        const { chat, responses } = await playRecording(recording, {
          speed: Infinity, upTo: turn + 1, faults, chat: { features: viewFeatures(), ...(timeout ? { idleTimeout: 30 } : {}) },
        });
        const failed = responses[turn]!;
        const state = chat.getState();
        expect(['ready', 'error']).toContain(state.status);
        expect(state.messages.some((message) => message.status === 'streaming')).toBe(false);
        expect(strandedInterrupts(state)).toEqual([]);
        const input = recording.turns[turn]!.request.input;
        if (input.resume && failed.finishReason === 'failed') {
          // The answer did not go through: the questions pending before it (if any) are pending again.
          expect(state.interrupts).toEqual(responses[turn - 1]?.interrupts ?? []);
        }
        if (failed.finishReason === 'failed') {
          // The way out: Retry; where the protocol cannot run a turn again from there (AgentFlow), send it again.
          const retried = await chat.retry();
          if (retried.error?.code === 'unsupported' && !replayMismatchOf(retried.error)) {
            await (input.resume ? chat.resume(input.resume.respond!) : chat.send(input));
          }
          expect(strandedInterrupts(chat.getState())).toEqual([]);
        }
        for (const next of recording.turns.slice(turn + 1)) {
          const response = await chat.send(next.request.input);
          expect(replayMismatchOf(response.error)).toBeNull();
        }
        expect(ending(chat.getState())).toEqual(await cleanEnding(file));
        expect(strandedInterrupts(chat.getState())).toEqual([]);
      }),
      { numRuns: 80 },
    );
  }, 60_000);
});
