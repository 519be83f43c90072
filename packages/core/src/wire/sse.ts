import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import { jsonFrame, type Framer, type WireFrame } from './frame.js';

const TEXT_SENTINELS = new Set(['[DONE]']);

/**
 * Server-sent events framing via eventsource-parser. Each event's `data` is parsed as JSON.
 * A line with the non-standard field `error:` (Genkit's Express handler) becomes a frame with `field: 'error'`.
 */
export function createSseFramer(): Framer {
  let frames: WireFrame[] = [];
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      const extra: { event?: string; id?: string } = {};
      if (message.event !== undefined) extra.event = message.event;
      if (message.id !== undefined) extra.id = message.id;
      if (TEXT_SENTINELS.has(message.data)) {
        frames.push({ type: 'text', text: message.data, ...extra });
        return;
      }
      if (message.data === '') return; // keep-alive or an event with no data
      frames.push(jsonFrame(message.data, extra));
    },
    onError(error: ParseError) {
      if (error.type === 'unknown-field' && error.field !== undefined && error.value !== undefined) {
        frames.push(jsonFrame(error.value, { field: error.field, event: error.field }));
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
