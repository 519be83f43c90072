import { buildAiSdkRequestBody, createAiSdkDecoder } from '../dialects/ai-sdk.js';
import { createSessionId } from '../dialects/ids.js';
import { createSseFramer } from '../wire/sse.js';
import { streamTurn } from './http.js';
import type { HttpTransportOptions, Transport } from './transport.js';

/** Options for {@link aiSdkTransport}. */
export interface AiSdkTransportOptions extends HttpTransportOptions {
  /** The chat route, e.g. `/api/chat` (what `DefaultChatTransport` calls `api`). */
  api: string;
}

/**
 * An AI SDK chat route speaking the UI message stream v1 (`ai` 5/6: `createUIMessageStreamResponse`,
 * `toUIMessageStreamResponse`). One POST per turn with `{id, messages, trigger, messageId?}`; the chat id is the
 * session id, generated on the first turn of a new chat. The protocol has no stop endpoint: `stop()` aborts the
 * request, which ends the route's stream. See dialects/ai-sdk-request.ts and
 * dialects/ai-sdk-decoder.ts for the mapping.
 */
export function aiSdkTransport(options: AiSdkTransportOptions): Transport {
  return {
    name: 'ai-sdk',
    run(request, signal) {
      const chatId = request.sessionId ?? createSessionId();
      const body = buildAiSdkRequestBody(request, chatId);
      return streamTurn(options.api, body, {
        ...options,
        accept: 'text/event-stream',
        signal,
        stream: request.stream,
        framer: createSseFramer({ ...request.stream, errorField: false }),
        decoder: createAiSdkDecoder({ sessionId: chatId, history: request.history }),
      });
    },
  };
}
