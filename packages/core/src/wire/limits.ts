import { AgentChatError } from '../model/error.js';
import { exceedsDepth } from '../util/depth.js';
import { jsonFrame, type WireFrame } from './frame.js';

/**
 * How deep a received value may nest, by default. Values go through recursive code after they are parsed (immer's
 * drafts and deep freeze, structured clone, `JSON.stringify`, React rendering); on V8 with an already busy stack immer's
 * deep freeze overflows from ~1,650 levels and `structuredClone` of nested objects from ~1,500, so 500 leaves a
 * threefold margin on Node and browsers while staying far above anything an agent's state or artifact needs.
 */
export const DEFAULT_MAX_DEPTH = 500;

/** How long one frame (an SSE event or an NDJSON line) may grow, by default: 8 MiB. */
export const DEFAULT_MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** Bounds a framer holds every frame to. */
export interface FrameLimits {
  /**
   * The longest frame, counted in UTF-16 code units of its decoded text: the same as its bytes for ASCII, and never
   * more than its UTF-8 bytes, so any frame of at most this many bytes passes. Default {@link DEFAULT_MAX_FRAME_BYTES}.
   */
  maxFrameBytes?: number | undefined;
  /** The deepest nesting of a frame's JSON value. Default {@link DEFAULT_MAX_DEPTH}. */
  maxDepth?: number | undefined;
}

/** What a transport's stream is given for one turn: the limits, and a callback for every read (the idle deadline). */
export interface StreamOptions extends FrameLimits {
  /** Called on every network read that delivered bytes, before they are framed. */
  onRead?: (() => void) | undefined;
}

/** The limits with their defaults filled in. */
export function resolveFrameLimits(limits: FrameLimits | undefined): Required<{ [K in keyof FrameLimits]: number }> {
  return {
    maxFrameBytes: limits?.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
    maxDepth: limits?.maxDepth ?? DEFAULT_MAX_DEPTH,
  };
}

/** The error for a frame that outgrew the limit: the stream is given up and its reader released. */
export function frameTooLarge(maxFrameBytes: number): AgentChatError {
  return new AgentChatError('frame-too-large', `A frame grew past ${maxFrameBytes} bytes without ending; the stream was given up.`, {
    details: { maxFrameBytes },
  });
}

/** The error for a value nested deeper than the limit. */
export function tooDeep(maxDepth: number, what = 'A received value'): AgentChatError {
  return new AgentChatError('too-deep', `${what} nests deeper than ${maxDepth} levels.`, { details: { maxDepth } });
}

/**
 * Parses a frame's JSON text like {@link jsonFrame}, then refuses a value nested deeper than `maxDepth`
 * (throws `too-deep`). A text shorter than twice the limit cannot nest that deep, so short frames skip the walk.
 */
export function parseLimitedFrame(text: string, maxDepth: number): WireFrame {
  const frame = jsonFrame(text);
  if (frame.type === 'value' && text.length > 2 * maxDepth && exceedsDepth(frame.value, maxDepth)) throw tooDeep(maxDepth, 'A frame');
  return frame;
}
