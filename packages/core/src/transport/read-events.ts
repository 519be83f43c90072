import type { AgentEvent } from '../model/events.js';
import type { Framer } from '../wire/frame.js';
import { readFrames } from '../wire/read-frames.js';
import type { FrameDecoder } from './transport.js';

/** Reads a whole response body into the events its frames decode to (a stream that carries a stored conversation). */
export async function readEvents(response: Response, framer: Framer, decoder: FrameDecoder, signal?: AbortSignal): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  if (!response.body) return events;
  for await (const frames of readFrames(response.body, framer, { signal })) {
    for (const frame of frames) events.push(...decoder.decode(frame));
  }
  events.push(...decoder.end());
  return events;
}
