/**
 * One decoded frame's value as its protocol's framing carries it: an SSE `data:` event or an NDJSON line. A string is
 * a text frame (`[DONE]`, or a frame that did not parse) and goes as it is; anything else as JSON.
 */
export function encodeFrame(raw: unknown, framing: 'sse' | 'ndjson'): string {
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  if (framing === 'ndjson') return `${text}\n`;
  return `${text.split(/\r\n|\r|\n/).map((line) => `data: ${line}`).join('\n')}\n\n`;
}
