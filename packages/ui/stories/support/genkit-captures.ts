/// <reference types="vite/client" />
import { genkitTransport, type Transport } from '@agent-chat/core';
import abortCompleted from '../../../core/test/fixtures/genkit/abort-completed.json?raw';
import chatTurn from '../../../core/test/fixtures/genkit/chat-turn.sse?raw';
import customTurn1 from '../../../core/test/fixtures/genkit/custom-turn1.sse?raw';
import customTurn2 from '../../../core/test/fixtures/genkit/custom-turn2.sse?raw';
import failedTurn from '../../../core/test/fixtures/genkit/failed-turn.sse?raw';
import flowError from '../../../core/test/fixtures/genkit/flow-error.sse?raw';
import interruptTurn from '../../../core/test/fixtures/genkit/interrupt-turn.sse?raw';
import resumeTurn from '../../../core/test/fixtures/genkit/resume-turn.sse?raw';

/** The real Genkit captures kept in packages/core/test/fixtures/genkit, byte for byte. */
export const CAPTURES = {
  'chat-turn': chatTurn,
  'interrupt-turn': interruptTurn,
  'resume-turn': resumeTurn,
  'custom-turn1': customTurn1,
  'custom-turn2': customTurn2,
  'failed-turn': failedTurn,
  'flow-error': flowError,
} as const;

let paceScale = 1;

/** Scales every replay's pace (Storybook's "Replay" toolbar: 1 = visible, less = faster, as the tests run them). */
export function setReplayPace(scale: number): void {
  paceScale = scale;
}

/** The name of a capture. */
export type CaptureName = keyof typeof CAPTURES;

interface GenkitBody {
  data?: { message?: { content?: Array<{ text?: string }> }; resume?: unknown };
}

/** Picks the capture the captured server's scripted model would have sent for a request (see the fixtures' README). */
export function captureFor(body: GenkitBody): CaptureName {
  if (body.data?.resume) return 'resume-turn';
  const text = (body.data?.message?.content ?? []).map((part) => part.text ?? '').join(' ').toLowerCase();
  if (text.includes('interrupt')) return 'interrupt-turn';
  if (text.includes('boom')) return 'failed-turn';
  if (text.includes('flow')) return 'flow-error';
  if (/\bagain\b/.test(text)) return 'custom-turn2';
  if (/\b(go|work)\b/.test(text)) return 'custom-turn1';
  return 'chat-turn';
}

/** A body that delivers one SSE frame of `text` every `paceMs`, and stops (as a network abort does) on `signal`. */
function pacedBody(text: string, paceMs: number, signal: AbortSignal | null | undefined): ReadableStream<Uint8Array> {
  const frames = text.split(/(?<=\n\n)/).filter((frame) => frame.trim() !== '');
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  return new ReadableStream({
    start(controller) {
      signal?.addEventListener('abort', () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        controller.error(new DOMException('The request was aborted.', 'AbortError'));
      }, { once: true });
    },
    pull(controller) {
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          resolve();
          if (done) return;
          const frame = frames.shift();
          if (frame !== undefined) return controller.enqueue(encoder.encode(frame));
          done = true;
          controller.close();
        }, paceMs);
      });
    },
    cancel() {
      done = true;
      clearTimeout(timer);
    },
  });
}

/**
 * A `genkitTransport` whose fetch replays the real captures at a visible pace: each turn gets the capture
 * `pick(body, n)` names (by default the one the captured agent would have sent for that prompt).
 */
export function captureTransport(options: { paceMs?: number; pick?: (body: GenkitBody, call: number) => CaptureName } = {}): Transport {
  const { pick = captureFor } = options;
  const paceMs = (options.paceMs ?? 250) * paceScale;
  let calls = 0;
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const target = String(url);
    if (target.endsWith('/abort')) return new Response(abortCompleted, { status: 200, headers: { 'Content-Type': 'application/json' } });
    const body = JSON.parse(String(init?.body ?? '{}')) as GenkitBody;
    const capture = CAPTURES[pick(body, calls++)];
    return new Response(pacedBody(capture, paceMs, init?.signal), { status: 200, headers: { 'Content-Type': 'text/plain' } });
  }) as typeof globalThis.fetch;
  return genkitTransport({ url: 'http://genkit.capture/chatAgent', fetch });
}
