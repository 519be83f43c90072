/** Shared by the resume tests: reading a turn's SSE frames (some, then disconnecting), and each protocol's text. */
import { EventSchema } from '@ag-ui/core/schemas';
import { STORY_TEXT } from '../agent/scripted-replies.js';

export { STORY_TEXT };

/** One frame as the server writes it: `id: <seq>` (when sent), then `data: …` or Genkit's `error: …`. */
export interface ReadFrame {
  id: number | undefined;
  field: 'data' | 'error';
  value: string;
}

function parseFrame(block: string): ReadFrame | undefined {
  let id: number | undefined;
  let field: ReadFrame['field'] | undefined;
  let value = '';
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const text = line.slice(colon + 1).replace(/^ /, '');
    if (name === 'id') id = Number(text);
    else if (name === 'data' || name === 'error') {
      field = name;
      value = value === '' ? text : `${value}\n${text}`;
    }
  }
  return field ? { id, field, value } : undefined;
}

/**
 * Reads a response's frames; with `stopAfter`, disconnects (aborts `controller`) once that many were read, as a
 * reloading page or a dropped connection would.
 */
export async function readFrames(response: Response, options: { stopAfter?: number; controller?: AbortController } = {}): Promise<ReadFrame[]> {
  const frames: ReadFrame[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += value;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const frame = parseFrame(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
        if (frame) frames.push(frame);
        if (options.stopAfter !== undefined && frames.length >= options.stopAfter) {
          options.controller?.abort();
          await reader.cancel().catch(() => {});
          return frames;
        }
      }
    }
  } catch (error) {
    if (!options.controller?.signal.aborted) throw error;
  }
  return frames;
}

/** The model text a Genkit turn's frames carry, and the text of its result's message. */
export function genkitText(frames: ReadFrame[]): { streamed: string; result: string | undefined } {
  let streamed = '';
  let result: string | undefined;
  for (const frame of frames) {
    if (frame.field !== 'data') continue;
    const value = JSON.parse(frame.value) as { message?: { modelChunk?: { role?: string; content?: Array<{ text?: string }> } }; result?: { message?: { content?: Array<{ text?: string }> } } };
    const chunk = value.message?.modelChunk;
    if (chunk?.role === 'model') streamed += (chunk.content ?? []).map((part) => part.text ?? '').join('');
    if (value.result) result = (value.result.message?.content ?? []).map((part) => part.text ?? '').join('');
  }
  return { streamed, result };
}

/** The AG-UI events of the frames, each checked against @ag-ui/core's EventSchema (throws on an invalid one). */
export function aguiEvents(frames: ReadFrame[]): Array<{ type: string; delta?: string } & Record<string, unknown>> {
  return frames.map((frame) => EventSchema.parse(JSON.parse(frame.value)) as { type: string; delta?: string });
}

export const aguiText = (frames: ReadFrame[]) =>
  aguiEvents(frames).filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => event.delta).join('');

/** The UI message chunks of an AI SDK stream (`[DONE]` left out) and their text. */
export function aiSdkChunks(frames: ReadFrame[]): Array<{ type: string; delta?: string } & Record<string, unknown>> {
  return frames.filter((frame) => frame.value !== '[DONE]').map((frame) => JSON.parse(frame.value) as { type: string; delta?: string });
}

export const aiSdkText = (frames: ReadFrame[]) =>
  aiSdkChunks(frames).filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('');

/** The ids of the frames, which must be consecutive from `from`. */
export const idsOf = (frames: ReadFrame[]) => frames.map((frame) => frame.id);
export const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);
