/**
 * How deep a JSON text nests, measured on the raw bytes before anything parses or walks it: one pass, no
 * recursion, so a 4 KB `[[[[…]]]]` costs 4 KB of scanning and never reaches a recursive reader.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when arrays and objects in `json` nest more than `maxDepth` levels (`{}` and `[]` are depth 1, a
 * scalar 0). Brackets inside strings do not count. Malformed input is measured as far as it goes.
 */
export function exceedsJsonDepth(json: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
