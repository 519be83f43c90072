import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import type { Framer, WireFrame } from './frame.js';
import { frameTooLarge, parseLimitedFrame, resolveFrameLimits, type FrameLimits } from './limits.js';

/** Options of {@link createSseFramer}. */
export interface SseFramerOptions extends FrameLimits {
  /**
   * Read the non-standard `error:` field (Genkit's Express handler) as a frame with `field: 'error'`. Default true;
   * the AG-UI and AI SDK transports turn it off. Every other unknown field is ignored, as the SSE standard says.
   */
  errorField?: boolean | undefined;
}

/**
 * Server-sent events framing via eventsource-parser. Each event's `data` is parsed as JSON (`[DONE]` is a text frame).
 * An event or line longer than `maxFrameBytes` throws `frame-too-large`; a value deeper than `maxDepth`, `too-deep`.
 */
export function createSseFramer(options: SseFramerOptions = {}): Framer {
  const { maxFrameBytes, maxDepth } = resolveFrameLimits(options);
  const errorField = options.errorField ?? true;
  let frames: WireFrame[] = [];
  let overflowed = false;
  const parser = createParser({
    maxBufferSize: maxFrameBytes,
    onEvent({ data, event, id }: EventSourceMessage) {
      if (data === '') return; // keep-alive or an event with no data
      const frame: WireFrame = data === '[DONE]' ? { type: 'text', text: data } : parseLimitedFrame(data, maxDepth);
      if (event !== undefined) frame.event = event;
      if (id !== undefined && frame.type !== 'malformed') frame.id = id;
      frames.push(frame);
    },
    onError({ type, field, value }: ParseError) {
      if (type === 'max-buffer-size-exceeded') overflowed = true;
      else if (type === 'unknown-field' && errorField && field === 'error' && value !== undefined) {
        const frame = parseLimitedFrame(value, maxDepth);
        frame.event = field;
        if (frame.type === 'value') frame.field = field;
        frames.push(frame);
      }
    },
  });
  const drain = (): WireFrame[] => {
    if (overflowed) throw frameTooLarge(maxFrameBytes);
    const out = frames;
    frames = [];
    return out;
  };
  // Whole lines only: eventsource-parser drops an unknown-field line (Genkit's `error:`) that arrives in pieces.
  let partialLine = '';
  return {
    push(text) {
      const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
      if (lastBreak < 0) {
        partialLine += text;
        if (partialLine.length > maxFrameBytes) throw frameTooLarge(maxFrameBytes);
        return [];
      }
      parser.feed(partialLine + text.slice(0, lastBreak + 1));
      partialLine = text.slice(lastBreak + 1);
      if (partialLine.length > maxFrameBytes) throw frameTooLarge(maxFrameBytes);
      return drain();
    },
    end() {
      // A last event without its blank line is still delivered: no data is dropped at the end of a body.
      parser.feed(`${partialLine}\n\n`);
      partialLine = '';
      return drain();
    },
  };
}
