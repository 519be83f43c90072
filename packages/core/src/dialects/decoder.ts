import type { AgentEvent } from '../model/events.js';
import type { WireFrame } from '../wire/frame.js';

/** A dialect's per-turn decoder: wire frames in, normalized events out. Pure apart from its own turn state. */
export interface FrameDecoder {
  decode(frame: WireFrame): AgentEvent[];
  /** The body ended: the events that close the turn (a deferred turn-end, or an incomplete-stream error). */
  end(): AgentEvent[];
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string, or undefined. */
export function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
