import type { Framer, WireFrame } from './frame.js';

/**
 * Reads a byte stream and yields, per network read, the frames it completed.
 * UTF-8 is decoded in streaming mode, so a character split across reads is kept whole.
 * Pulls only as fast as the consumer iterates; leaving the loop early cancels the body and releases the reader, and so
 * does a framer that throws (a frame over its limits). `onRead` is called on every read, before framing.
 * `signal` ends the read at once, even when the body itself ignores the abort (a custom fetch, a body that only
 * ever sends bytes no frame ends in): without it such a turn would never notice `stop()`.
 */
export async function* readFrames(
  body: ReadableStream<Uint8Array>,
  framer: Framer,
  options: { onRead?: (() => void) | undefined; signal?: AbortSignal | undefined } = {},
): AsyncGenerator<WireFrame[]> {
  const { signal } = options;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // Cancelling settles a pending read, which then throws the abort below instead of flushing a cut frame.
  const cancel = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (let done = false; !done; ) {
      signal?.throwIfAborted();
      const read = await reader.read();
      signal?.throwIfAborted();
      done = read.done;
      options.onRead?.();
      // The end of the body flushes what the decoder and the framer still hold.
      let frames = framer.push(decoder.decode(read.value, { stream: !done }));
      if (done) frames = frames.concat(framer.end());
      if (frames.length > 0) yield frames;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    // Cancelling a body that ended does nothing; one left early is released.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
