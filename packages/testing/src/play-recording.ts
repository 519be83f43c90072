import { createAgentChat, type AgentChat, type AgentChatOptions, type AgentResponse, type Transport } from './core-api.js';
import { replayTransport, type ReplayTransportOptions } from './replay-transport.js';

/** A transport for a chat that has not started playing yet: any turn sent before the replay is given ends at once. */
export function idleTransport(name = 'idle'): Transport {
  return { name, async *run() {} };
}

/** Options of {@link playRecording}: replay options, and the chat's own (all but its transport). */
export interface PlayRecordingOptions<S> extends ReplayTransportOptions {
  chat?: Omit<AgentChatOptions<S>, 'transport'>;
  /** Play on this chat (its transport is replaced by the replay) instead of a new one. */
  into?: AgentChat<S>;
}

/** A chat after a recording was played into it, and each turn's response. */
export interface PlayedRecording<S> {
  chat: AgentChat<S>;
  responses: AgentResponse<S>[];
}

/**
 * Sends every recorded turn's input (of a `Recording`, or the parsed JSON of a recording file: it is checked) to a chat over {@link replayTransport}, one after the other, and resolves when the
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
  for (const turn of transport.recording.turns) {
    responses.push(await chat.send(turn.request.input));
  }
  return { chat, responses };
}
