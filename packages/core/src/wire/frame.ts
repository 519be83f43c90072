import type { AgentEvent } from '../model/events.js';

/** One framed value off the wire: parsed JSON, a non-JSON sentinel (`[DONE]`), or a frame that did not parse. */
export type WireFrame =
  | { type: 'value'; value: unknown; event?: string; id?: string; field?: string }
  | { type: 'text'; text: string; event?: string; id?: string }
  | { type: 'malformed'; text: string; reason: string; event?: string };

/** Turns decoded text into frames, incrementally: whatever `push` cannot complete waits for the next push. */
export interface Framer {
  push(text: string): WireFrame[];
  /** The body ended: flush anything left. */
  end(): WireFrame[];
}

/** Parses a JSON text into a frame, never throwing. */
export function jsonFrame(text: string): WireFrame {
  try {
    return { type: 'value', value: JSON.parse(text) };
  } catch (error) {
    return { type: 'malformed', text, reason: (error as Error).message };
  }
}

/** Turns one protocol's frames into normalized events: one decoder per turn (it may keep state across frames). */
export interface FrameDecoder {
  decode(frame: WireFrame): AgentEvent[];
  /** The body ended: the events that close the turn (a deferred turn-end, or an incomplete-stream error). */
  end(): AgentEvent[];
}
