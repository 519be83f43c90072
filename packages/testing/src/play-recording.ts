import { createAgentChat, type AgentChat, type AgentChatOptions, type AgentResponse, type Transport } from './core-api.js';
import { replayTransport, type ReplayTransport, type ReplayTransportOptions } from './replay-transport.js';

/** A transport for a chat that has not started playing yet: any turn sent before the replay is given ends at once. */
export function idleTransport(name = 'idle'): Transport {
  return { name, async *run() {} };
}

/** Options of {@link playRecording}: replay options, and the chat's own (all but its transport). */
export interface PlayRecordingOptions<S> extends ReplayTransportOptions {
  chat?: Omit<AgentChatOptions<S>, 'transport'>;
  /** Play on this chat (its transport is replaced by the replay) instead of a new one. */
  into?: AgentChat<S>;
  /** Play only the recorded turns before this index ("play up to turn N"); the rest are left for the story or test. */
  upTo?: number;
  /** A pause between turns, in ms (not scaled by `speed`): time to read each answer before the next question. */
  pauseMs?: number;
  /** Stops playing: no further turn is sent once it aborts (the running one is the chat's to stop). */
  signal?: AbortSignal;
}

/** A chat after a recording was played into it, and each turn's response. */
export interface PlayedRecording<S> {
  chat: AgentChat<S>;
  responses: AgentResponse<S>[];
  /** The replay the chat plays through (it stays the chat's transport: later turns are matched with the recording too). */
  transport: ReplayTransport;
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Sends every recorded turn's input (or those before `upTo`, with `pauseMs` between them) (of a `Recording`, or the parsed JSON of a recording file: it is checked) to a chat over {@link replayTransport}, one after the other, and resolves when the
 * last has ended. A turn that was stopped live is stopped again once its frames are delivered.
 */
export async function playRecording<S = unknown>(recording: unknown, options: PlayRecordingOptions<S> = {}): Promise<PlayedRecording<S>> {
  let chat: AgentChat<S> | undefined;
  const transport = replayTransport(recording, {
    ...options,
    onTurnDelivered(index, turn) {
      options.onTurnDelivered?.(index, turn);
      if (turn.end === 'stopped') void chat?.stop();
    },
  });
  if (options.into) {
    chat = options.into;
    chat.configure({ transport });
  } else {
    chat = createAgentChat<S>({ ...options.chat, transport });
  }
  const responses: AgentResponse<S>[] = [];
  const turns = transport.recording.turns.slice(0, options.upTo ?? undefined);
  for (const [index, turn] of turns.entries()) {
    if (options.signal?.aborted) break;
    if (index > 0 && options.pauseMs) await pause(options.pauseMs, options.signal);
    if (options.signal?.aborted) break;
    responses.push(await chat.send(turn.request.input));
  }
  return { chat, responses, transport };
}
