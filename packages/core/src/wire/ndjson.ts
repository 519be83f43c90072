import { jsonFrame, type Framer, type WireFrame } from './frame.js';

const OPEN_BRACE = 123, CLOSE_BRACE = 125, OPEN_BRACKET = 91, CLOSE_BRACKET = 93;
const QUOTE = 34, BACKSLASH = 92, NEWLINE = 10, CARRIAGE = 13, SPACE = 32, TAB = 9;

const isBlank = (code: number) => code === SPACE || code === NEWLINE || code === CARRIAGE || code === TAB;

/**
 * Newline-delimited JSON that also accepts concatenated values (`{..}{..}`) with or without newlines.
 * A whole line takes the fast path (one `JSON.parse`); otherwise an incremental scanner finds value
 * boundaries and keeps its place between pushes, so a value split across reads is scanned once.
 * Each push scans only its own text: a value in progress is kept as pieces and joined once, when it completes
 * (appending every read to one buffer would copy a long line again on every read: quadratic in its length).
 * A line that is not JSON becomes a `malformed` frame. Values spanning lines (pretty-printed JSON) are not supported.
 */
export function createNdjsonFramer(): Framer {
  // between values, inside a value (scanning), or inside a line that is not JSON (waiting for its newline)
  let state: 'between' | 'value' | 'garbage' = 'between';
  // the text of the value or line in progress that arrived in earlier pushes
  let pieces: string[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;

  function run(text: string, frames: WireFrame[]): void {
    const length = text.length;
    let start = 0; // where the value or line in progress begins in `text`
    let i = 0;
    const pending = (to: number) => (pieces.length > 0 ? pieces.join('') + text.slice(start, to) : text.slice(start, to));
    const finish = (frame: WireFrame) => {
      frames.push(frame);
      state = 'between';
      pieces = [];
    };
    while (i < length) {
      if (state === 'between') {
        const code = text.charCodeAt(i);
        if (isBlank(code)) {
          i++;
          continue;
        }
        start = i;
        if (code === OPEN_BRACE || code === OPEN_BRACKET) {
          const newline = text.indexOf('\n', i);
          if (newline >= 0) {
            const frame = jsonFrame(text.slice(i, newline));
            if (frame.type === 'value') {
              frames.push(frame);
              i = newline + 1;
              continue;
            }
          }
          state = 'value';
          depth = 0;
          inString = false;
          escaped = false;
        } else state = 'garbage';
      }
      if (state === 'garbage') {
        const newline = text.indexOf('\n', i);
        if (newline < 0) break;
        finish({ type: 'malformed', text: pending(newline).trim(), reason: 'not a JSON value' });
        i = newline + 1;
        continue;
      }
      // state === 'value'
      for (; i < length; i++) {
        const code = text.charCodeAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) inString = false;
          else if (code === NEWLINE) {
            finish({ type: 'malformed', text: pending(i).trim(), reason: 'unterminated string' });
            i++;
            break;
          }
        } else if (code === QUOTE) inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
        else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          if (--depth === 0) {
            finish(jsonFrame(pending(i + 1)));
            i++;
            break;
          }
        } else if (code === NEWLINE) {
          finish({ type: 'malformed', text: pending(i).trim(), reason: 'value cut off at end of line' });
          i++;
          break;
        }
      }
    }
    if (state !== 'between' && start < length) pieces.push(start === 0 ? text : text.slice(start));
  }

  return {
    push(text) {
      const frames: WireFrame[] = [];
      run(text, frames);
      return frames;
    },
    end() {
      const frames: WireFrame[] = [];
      run('\n', frames);
      state = 'between';
      pieces = [];
      return frames;
    },
  };
}
