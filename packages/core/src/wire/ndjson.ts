import { jsonFrame, type Framer, type WireFrame } from './frame.js';

const OPEN_BRACE = 123, CLOSE_BRACE = 125, OPEN_BRACKET = 91, CLOSE_BRACKET = 93;
const QUOTE = 34, BACKSLASH = 92, NEWLINE = 10, CARRIAGE = 13, SPACE = 32, TAB = 9;

const isBlank = (code: number) => code === SPACE || code === NEWLINE || code === CARRIAGE || code === TAB;

/**
 * Newline-delimited JSON that also accepts concatenated values (`{..}{..}`) with or without newlines.
 * A whole line takes the fast path (one `JSON.parse`); otherwise an incremental scanner finds value
 * boundaries and keeps its place between pushes, so a value split across reads is scanned once.
 * A line that is not JSON becomes a `malformed` frame. Values spanning lines (pretty-printed JSON) are not supported.
 */
export function createNdjsonFramer(): Framer {
  let buffer = '';
  let position = 0;
  // a value in progress at buffer[valueStart..position)
  let valueStart = -1;
  let depth = 0;
  let inString = false;
  let escaped = false;

  function malformed(frames: WireFrame[], from: number, to: number, reason: string): void {
    frames.push({ type: 'malformed', text: buffer.slice(from, to).trim(), reason });
  }

  /** Scans one value (or one garbage line) from `position`; false when it needs more input. */
  function scanOne(frames: WireFrame[]): boolean {
    if (valueStart < 0) {
      const code = buffer.charCodeAt(position);
      if (code !== OPEN_BRACE && code !== OPEN_BRACKET) {
        const end = buffer.indexOf('\n', position);
        if (end < 0) return false;
        malformed(frames, position, end, 'not a JSON value');
        position = end + 1;
        return true;
      }
      valueStart = position++;
      depth = 1;
      inString = false;
      escaped = false;
    }
    const length = buffer.length;
    while (position < length) {
      const code = buffer.charCodeAt(position++);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
        else if (code === NEWLINE) {
          malformed(frames, valueStart, position - 1, 'unterminated string');
          valueStart = -1;
          return true;
        }
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (--depth === 0) {
          frames.push(jsonFrame(buffer.slice(valueStart, position)));
          valueStart = -1;
          return true;
        }
      } else if (code === NEWLINE) {
        malformed(frames, valueStart, position - 1, 'value cut off at end of line');
        valueStart = -1;
        return true;
      }
    }
    return false;
  }

  function process(frames: WireFrame[]): void {
    while (position < buffer.length) {
      if (valueStart < 0) {
        if (isBlank(buffer.charCodeAt(position))) {
          position++;
          continue;
        }
        const newline = buffer.indexOf('\n', position);
        if (newline >= 0) {
          const frame = jsonFrame(buffer.slice(position, newline));
          if (frame.type === 'value') {
            frames.push(frame);
            position = newline + 1;
            continue;
          }
        }
      }
      if (!scanOne(frames)) break;
    }
    const keepFrom = valueStart >= 0 ? valueStart : position;
    if (keepFrom > 0) {
      buffer = buffer.slice(keepFrom);
      position -= keepFrom;
      if (valueStart >= 0) valueStart = 0;
    }
  }

  return {
    push(text) {
      const frames: WireFrame[] = [];
      buffer += text;
      process(frames);
      return frames;
    },
    end() {
      const frames: WireFrame[] = [];
      buffer += '\n';
      process(frames);
      buffer = '';
      position = 0;
      valueStart = -1;
      return frames;
    },
  };
}
