import type { Framer, WireFrame } from './frame.js';

/**
 * Reads a byte stream and yields, per network read, the frames it completed.
 * UTF-8 is decoded in streaming mode, so a character split across reads is kept whole.
 * Pulls only as fast as the consumer iterates; leaving the loop early cancels the body and releases the reader, and so
 * does a framer that throws (a frame over its limits). `onRead` is called on every read, before framing.
 */
export async function* readFrames(
  body: ReadableStream<Uint8Array>,
  framer: Framer,
  options: { onRead?: (() => void) | undefined } = {},
): AsyncGenerator<WireFrame[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (let done = false; !done; ) {
      const read = await reader.read();
      done = read.done;
      options.onRead?.();
      // The end of the body flushes what the decoder and the framer still hold.
      let frames = framer.push(decoder.decode(read.value, { stream: !done }));
      if (done) frames = frames.concat(framer.end());
      if (frames.length > 0) yield frames;
    }
  } finally {
    // Cancelling a body that ended does nothing; one left early is released.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
