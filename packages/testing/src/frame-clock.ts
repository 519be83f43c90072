import type { AgentEvent, DecodedFrame, Transport } from './core-api.js';

/** The timers a frame clock fakes (vitest's `toFake` names); `setImmediate` stays real, to let the chat's work run. */
export const FRAME_CLOCK_TIMERS = ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'] as const;

/** What {@link fakeFrameClock} needs of vitest's `vi`. */
export interface FakeTimers {
  useFakeTimers(config: { toFake: Array<(typeof FRAME_CLOCK_TIMERS)[number]> }): unknown;
  useRealTimers(): unknown;
  advanceTimersToNextFrame(): unknown;
  advanceTimersByTime(ms: number): unknown;
}

/** A fake clock of frames and timers: what {@link fakeFrameClock} returns. */
export interface FrameClock {
  /** Runs the next animation frame (16 ms on), and the timers due before it. */
  nextFrame(): void;
  /** Moves the clock `ms` on, running the timers and frames due. */
  advance(ms: number): void;
  /** Lets `rounds` real macrotasks pass (default 5): what the chat and React do between two frames. */
  settle(rounds?: number): Promise<void>;
  /** The real timers again. */
  restore(): void;
}

/** One real macrotask (`setImmediate`, which the frame clock leaves real). */
const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fakes `requestAnimationFrame`, `setTimeout` and `performance.now()` with vitest's fake timers (`fakeFrameClock(vi)`),
 * so that a test steps a commit scheduler frame by frame and counts its commits and frame requests: no wall clock.
 */
export function fakeFrameClock(vi: FakeTimers): FrameClock {
  vi.useFakeTimers({ toFake: [...FRAME_CLOCK_TIMERS] });
  return {
    nextFrame: () => void vi.advanceTimersToNextFrame(),
    advance: (ms) => void vi.advanceTimersByTime(ms),
    async settle(rounds = 5) {
      for (let round = 0; round < rounds; round++) await macrotask();
    },
    restore: () => void vi.useRealTimers(),
  };
}

/** A transport whose turns play what the test feeds it, with no timers: what {@link fedTransport} returns. */
export interface FedTransport {
  transport: Transport;
  /** Gives the running turn `events` as one network read (one store update). */
  feed(events: AgentEvent[]): void;
  /** Ends the running turn once what was fed is read; the next turn plays what is fed after. */
  end(): void;
}

/** A transport the test feeds event by event (`feed`), each batch one read of the running turn; `end()` ends it. */
export function fedTransport(): FedTransport {
  const pending: DecodedFrame[][] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const transport: Transport = {
    name: 'fed',
    async *run() {
      for (;;) {
        const batch = pending.shift();
        if (batch) yield batch;
        else if (ended) break;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
      ended = false;
    },
  };
  return {
    transport,
    feed(events) {
      pending.push(events.map((event) => ({ raw: event, events: [event] })));
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
  };
}
