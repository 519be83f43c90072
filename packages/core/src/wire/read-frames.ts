import type { Framer, WireFrame } from './frame.js';

/**
 * Reads a byte stream and yields, per network read, the frames it completed.
 * UTF-8 is decoded in streaming mode, so a character split across reads is kept whole.
 * Pulls only as fast as the consumer iterates; leaving the loop early cancels the body and releases the reader.
 */
export async function* readFrames(body: ReadableStream<Uint8Array>, framer: Framer): AsyncGenerator<WireFrame[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const frames = framer.push(decoder.decode(value, { stream: true }));
      if (frames.length > 0) yield frames;
    }
    finished = true;
    const tail = framer.push(decoder.decode());
    const rest = framer.end();
    if (tail.length + rest.length > 0) yield tail.concat(rest);
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
