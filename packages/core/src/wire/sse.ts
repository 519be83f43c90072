import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import { jsonFrame, type Framer, type WireFrame } from './frame.js';

/**
 * Server-sent events framing via eventsource-parser. Each event's `data` is parsed as JSON (`[DONE]` is a text frame).
 * A line with the non-standard field `error:` (Genkit's Express handler) becomes a frame with `field: 'error'`.
 */
export function createSseFramer(): Framer {
  let frames: WireFrame[] = [];
  const parser = createParser({
    onEvent({ data, event, id }: EventSourceMessage) {
      if (data === '') return; // keep-alive or an event with no data
      const frame: WireFrame = data === '[DONE]' ? { type: 'text', text: data } : jsonFrame(data);
      if (event !== undefined) frame.event = event;
      if (id !== undefined && frame.type !== 'malformed') frame.id = id;
      frames.push(frame);
    },
    onError({ type, field, value }: ParseError) {
      if (type === 'unknown-field' && field !== undefined && value !== undefined) {
        const frame = jsonFrame(value);
        frame.event = field;
        if (frame.type === 'value') frame.field = field;
        frames.push(frame);
      }
    },
  });
  const drain = (): WireFrame[] => {
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
        return [];
      }
      parser.feed(partialLine + text.slice(0, lastBreak + 1));
      partialLine = text.slice(lastBreak + 1);
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
