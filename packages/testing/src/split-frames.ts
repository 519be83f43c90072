const FRAME_END = { sse: /\r\n\r\n|\n\n|\r\r/g, ndjson: /\n/g } as const;

/**
 * Cuts a read's text after every frame end (an SSE event's blank line, an NDJSON newline), so that a recording's
 * frames are the protocol's frames wherever the server wrote several in one read. The pieces join back to `text`.
 */
export function splitAtFrameEnds(text: string, framing: 'sse' | 'ndjson'): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const match of text.matchAll(FRAME_END[framing])) {
    const end = match.index + match[0].length;
    pieces.push(text.slice(from, end));
    from = end;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}
