/** What {@link tapBody} reports: each read's text, and how the body ended. */
export interface BodyTap {
  onText(text: string): void;
  onEnd(end: 'complete' | 'broken' | 'stopped', error?: unknown): void;
}

/**
 * A copy of `body` that hands each read's text to `tap` as it passes (UTF-8 decoded in streaming mode, so a character
 * split across reads is reported whole, in the later read). The bytes go through untouched.
 */
export function tapBody(body: ReadableStream<Uint8Array>, tap: BodyTap): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // High-water mark 0: read only when the transport reads, so a stop leaves nothing recorded that it did not see.
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch (error) {
        const rest = decoder.decode();
        if (rest) tap.onText(rest);
        tap.onEnd('broken', error);
        controller.error(error);
        return;
      }
      if (read.done) {
        const rest = decoder.decode();
        if (rest) tap.onText(rest);
        tap.onEnd('complete');
        controller.close();
        return;
      }
      const text = decoder.decode(read.value, { stream: true });
      if (text) tap.onText(text);
      controller.enqueue(read.value);
    },
    async cancel(reason) {
      tap.onEnd('stopped');
      await reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
}
