/**
 * What the turn tests share: `genkitRoutes` on node:http over an offline agent whose model echoes, or tells a long story
 * word by word (stopping when its turn is cancelled), and a reader of a turn's SSE frames that can disconnect midway.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { genkit } from 'genkit/beta';
import { currentTurn, genkitRoutes, memorySessionStore, withClientState, type GenkitRoutes } from '../genkit/index.js';
import { toNodeListener } from '../http/node-adapter.js';
import type { ResumableTurns } from './resumable-turns.js';
import type { UserOption } from '../access/user.js';
import { EventSchema } from '@ag-ui/core/schemas';

/** The story: 400 words, one chunk each. */
export const STORY_TEXT = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
export const STORY_PROMPT = 'tell me a long story';

function stopped(): Error {
  const error = new Error('The turn was stopped.');
  error.name = 'AbortError';
  return error;
}

/** An agent that echoes ("You said: <text>.") or, for {@link STORY_PROMPT}, tells the story at `wordDelayMs` a word. */
export function storyAgent(store: ReturnType<typeof memorySessionStore>, wordDelayMs: number) {
  const ai = genkit({});
  const model = ai.defineModel({ apiVersion: 'v2', name: 'test/story', supports: { multiturn: true } }, async (request, { sendChunk }) => {
    const signal = currentTurn()?.signal;
    const last = request.messages.filter((message) => message.role === 'user').at(-1);
    const asked = (last?.content ?? []).map((part) => part.text ?? '').join('');
    const text = asked === STORY_PROMPT ? STORY_TEXT : `You said: ${asked}.`;
    for (const word of text.split(/(?<= )/)) {
      if (signal?.aborted) throw stopped();
      sendChunk({ content: [{ text: word }] });
      if (asked === STORY_PROMPT) await new Promise((resolve) => setTimeout(resolve, wordDelayMs));
    }
    if (signal?.aborted) throw stopped();
    return { message: { role: 'model', content: [{ text }] }, finishReason: 'stop' };
  });
  return ai.defineAgent({ name: 'storyAgent', model, store: withClientState(store) });
}

export interface RoutesServer {
  /** `http://127.0.0.1:<port>/api` */
  base: string;
  routes: GenkitRoutes;
  close(): Promise<void>;
}

/**
 * `genkitRoutes` over {@link storyAgent} on a free port (`turns`: the routes' own, default in memory; `user`: one user
 * unless a hook is given).
 */
export async function startStoryServer(wordDelayMs = 10, turns?: ResumableTurns, user: UserOption = 'anonymous'): Promise<RoutesServer> {
  const store = memorySessionStore();
  const routes = genkitRoutes({ agent: storyAgent(store, wordDelayMs), store: withClientState(store), user, ...(turns && { turns }) });
  const server = createServer(toNodeListener(routes));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    routes,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await routes.turns.dispose();
    },
  };
}

/** One frame as the server writes it: `id: <seq>` (when sent), then `data: …` or Genkit's `error: …`. */
export interface ReadFrame {
  id: number | undefined;
  field: 'data' | 'error';
  value: string;
}

/** Reads a response's frames; with `stopAfter`, disconnects (aborts `controller`) once that many were read. */
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
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const frame: Partial<ReadFrame> = {};
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon);
          const text = line.slice(colon + 1).replace(/^ /, '');
          if (name === 'id') frame.id = Number(text);
          else if (name === 'data' || name === 'error') Object.assign(frame, { field: name, value: text });
        }
        if (frame.field) frames.push(frame as ReadFrame);
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

/** The model text a Genkit turn's frames stream, and its result's text. */
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

/** The UI message chunks of an AI SDK stream (`[DONE]` left out). */
export function aiSdkChunks(frames: ReadFrame[]): Array<{ type: string; delta?: string } & Record<string, unknown>> {
  return frames.filter((frame) => frame.value !== '[DONE]').map((frame) => JSON.parse(frame.value) as { type: string; delta?: string });
}

/** The text of an AI SDK UI message stream. */
export const aiSdkText = (frames: ReadFrame[]) =>
  aiSdkChunks(frames).filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('');

/** The ids of the frames, which must be consecutive from `from`. */
export const idsOf = (frames: ReadFrame[]) => frames.map((frame) => frame.id);
export const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);
