import { buildAiSdkRequestBody, createAiSdkDecoder } from '../dialects/ai-sdk.js';
import { createSseFramer } from '../wire/sse.js';
import { streamTurn } from './http.js';
import type { HttpTransportOptions, Transport } from './transport.js';

/** Options for {@link aiSdkTransport}. */
export interface AiSdkTransportOptions extends HttpTransportOptions {
  /** The chat route, e.g. `/api/chat` (what `DefaultChatTransport` calls `api`). */
  api: string;
}

/** A new random id: `crypto.randomUUID` where there is one (not in insecure browser contexts), else a random string. */
export function createSessionId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  let id = Date.now().toString(36);
  while (id.length < 32) id += Math.random().toString(36).slice(2);
  return id.slice(0, 32);
}

/**
 * An AI SDK chat route speaking the UI message stream v1 (`ai` 5/6: `createUIMessageStreamResponse`,
 * `toUIMessageStreamResponse`). One POST per turn with `{id, messages, trigger, messageId?}`; the chat id is the
 * session id, generated on the first turn of a new chat. The protocol has no stop endpoint: `stop()` aborts the
 * request, which ends the route's stream. See dialects/ai-sdk.ts for the mapping.
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
        framer: createSseFramer(),
        decoder: createAiSdkDecoder({ sessionId: chatId, history: request.history }),
      });
    },
  };
}
