import { corruptText, type ReplayFault } from './faults.js';
import type { RecordedTurn } from './recording.js';

/** Options of {@link replayBody}. */
export interface ReplayBodyOptions {
  /** 1 = recorded pace, 2 = twice as fast, Infinity = no waits at all. */
  speed: number;
  faults: ReplayFault[];
  signal: AbortSignal;
  /** The longest wait before the first frame (cold-start trimming); later frames keep their recorded spacing. */
  firstFrameMs?: number;
  /** Called once every frame has been delivered (before the body closes, breaks or, for a stopped turn, waits). */
  onDelivered?: () => void;
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

/**
 * A response body that delivers a recorded turn's frames, one read each, at their recorded times divided by `speed`,
 * with the faults applied; then ends as the recording did. An abort of `signal` errors it at once, as fetch does.
 */
export function replayBody(turn: RecordedTurn, options: ReplayBodyOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { speed, faults, signal } = options;
  const cut = faults.find((fault) => fault.kind === 'cut');
  const stall = faults.find((fault) => fault.kind === 'stall');
  const corrupted = new Set(faults.flatMap((fault) => (fault.kind === 'corrupt' ? [fault.frame] : [])));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  let over = false;
  const sleep = (ms: number): Promise<void> | undefined => {
    if (!(ms > 0) || !Number.isFinite(ms)) return undefined;
    return new Promise((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  };
  const finish = () => {
    over = true;
    clearTimeout(timer);
    wake?.();
  };

  let index = 0;
  let previousAt = 0;
  let stalled = false;
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const onAbort = () => {
    if (over) return;
    finish();
    stream.error(abortReason(signal));
  };
  const end = () => {
    finish();
    signal.removeEventListener('abort', onAbort);
  };
  // Pulled, never pushed (high-water mark 0): a frame is made when the reader asks, so "every frame delivered" means
  // every frame read, and an abort never drops frames that were queued but not yet read.
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = controller;
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
      },
      async pull(controller) {
        if (stall?.afterFrames === index && !stalled) {
          stalled = true;
          await sleep(stall.ms);
        }
        if (over) return;
        if (cut?.afterFrames === index) {
          end();
          controller.error(new TypeError(`replay: the connection was cut after ${index} frame(s)`));
          return;
        }
        const frame = turn.frames[index];
        if (frame) {
          const wait = index === 0 && options.firstFrameMs !== undefined ? Math.min(frame.at, options.firstFrameMs * speed) : frame.at - previousAt;
          await sleep(wait / speed);
          if (over) return;
          previousAt = frame.at;
          controller.enqueue(encoder.encode(corrupted.has(index) ? corruptText(frame.raw) : frame.raw));
          index++;
          return;
        }
        options.onDelivered?.();
        if (over) return;
        // Stopped live: it waits for a stop now too (the abort ends it).
        if (turn.end === 'stopped') return new Promise<void>((resolve) => (wake = resolve));
        end();
        if (turn.end === 'broken') controller.error(new TypeError(turn.error ?? 'replay: the recorded connection broke off'));
        else controller.close();
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
}
