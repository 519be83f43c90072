import type { Framer, WireFrame } from './frame.js';
import { frameTooLarge, parseLimitedFrame, resolveFrameLimits, type FrameLimits } from './limits.js';

// Character codes (a const enum: the scanner compares with inlined literals)
const enum Char { OPEN_BRACE = 123, CLOSE_BRACE = 125, OPEN_BRACKET = 91, CLOSE_BRACKET = 93, QUOTE = 34, BACKSLASH = 92, NEWLINE = 10, CARRIAGE = 13, SPACE = 32, TAB = 9 }

// Between values, inside a value (scanning), or inside a line that is not JSON (waiting for its newline)
const enum State { BETWEEN, VALUE, GARBAGE }

/**
 * Newline-delimited JSON that also accepts concatenated values (`{..}{..}`) with or without newlines.
 * A whole line takes the fast path (one `JSON.parse`); otherwise an incremental scanner finds value
 * boundaries and keeps its place between pushes, so a value split across reads is scanned once.
 * Each push scans only its own text: a value in progress is kept as pieces and joined once, when it completes
 * (appending every read to one buffer would copy a long line again on every read: quadratic in its length).
 * A line that is not JSON becomes a `malformed` frame. Values spanning lines (pretty-printed JSON) are not supported.
 * A line or value longer than `maxFrameBytes` throws `frame-too-large`; a value deeper than `maxDepth`, `too-deep`.
 */
export function createNdjsonFramer(limits: FrameLimits = {}): Framer {
  const { maxFrameBytes, maxDepth } = resolveFrameLimits(limits);
  let state = State.BETWEEN;
  // the text of the value or line in progress that arrived in earlier pushes
  let pieces: string[] = [];
  let piecesLength = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;

  function run(text: string): WireFrame[] {
    const frames: WireFrame[] = [];
    const length = text.length;
    let start = 0; // where the value or line in progress begins in `text`
    let i = 0;
    const pending = (to: number) => pieces.join('') + text.slice(start, to);
    const finish = (frame: WireFrame) => {
      frames.push(frame);
      state = State.BETWEEN;
      pieces = [];
      piecesLength = 0;
    };
    const malformed = (to: number, reason: string) => finish({ type: 'malformed', text: pending(to).trim(), reason });
    while (i < length) {
      if (state === State.BETWEEN) {
        const code = text.charCodeAt(i);
        if (code === Char.SPACE || code === Char.NEWLINE || code === Char.CARRIAGE || code === Char.TAB) {
          i++;
          continue;
        }
        start = i;
        if (code === Char.OPEN_BRACE || code === Char.OPEN_BRACKET) {
          const newline = text.indexOf('\n', i);
          if (newline >= 0) {
            const frame = parseLimitedFrame(text.slice(i, newline), maxDepth);
            if (frame.type === 'value') {
              frames.push(frame);
              i = newline + 1;
              continue;
            }
          }
          state = State.VALUE;
          depth = 0;
          inString = false;
          escaped = false;
        } else state = State.GARBAGE;
      }
      if (state === State.GARBAGE) {
        const newline = text.indexOf('\n', i);
        if (newline < 0) break;
        malformed(newline, 'not a JSON value');
        i = newline + 1;
        continue;
      }
      // state === State.VALUE
      for (; i < length; i++) {
        const code = text.charCodeAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (code === Char.BACKSLASH) escaped = true;
          else if (code === Char.QUOTE) inString = false;
          else if (code === Char.NEWLINE) {
            malformed(i, 'unterminated string');
            i++;
            break;
          }
        } else if (code === Char.QUOTE) inString = true;
        else if (code === Char.OPEN_BRACE || code === Char.OPEN_BRACKET) depth++;
        else if (code === Char.CLOSE_BRACE || code === Char.CLOSE_BRACKET) {
          if (--depth === 0) {
            finish(parseLimitedFrame(pending(i + 1), maxDepth));
            i++;
            break;
          }
        } else if (code === Char.NEWLINE) {
          malformed(i, 'value cut off at end of line');
          i++;
          break;
        }
      }
    }
    if (state !== State.BETWEEN && start < length) {
      pieces.push(start === 0 ? text : text.slice(start));
      piecesLength += length - start;
      if (piecesLength > maxFrameBytes) throw frameTooLarge(maxFrameBytes);
    }
    return frames;
  }

  return {
    push: run,
    end() {
      const frames = run('\n');
      state = State.BETWEEN;
      pieces = [];
      piecesLength = 0;
      return frames;
    },
  };
}
