import { httpTransport, urlOption } from '../../transport/http-transport.js';
import type { HttpTransportOptions, Transport, TurnRequest } from '../../transport/transport.js';
import { createSessionId } from '../../util/ids.js';
import { createSseFramer } from '../../wire/sse.js';
import { createAiSdkDecoder } from './ai-sdk-decoder.js';
import { buildAiSdkRequestBody } from './ai-sdk-request.js';

/** Options for {@link aiSdkTransport}: the chat route as `url`. */
export interface AiSdkTransportOptions extends HttpTransportOptions {
  /** The chat route, e.g. `/api/chat` (what `DefaultChatTransport` calls `api`). */
  url: string;
}

/**
 * An AI SDK chat route speaking the UI message stream v1 (`ai` 5/6: `createUIMessageStreamResponse`,
 * `toUIMessageStreamResponse`). One POST per turn with `{id, messages, trigger, messageId?}`; the chat id is the
 * session id, generated on the first turn of a new chat. The protocol has no stop endpoint: `stop()` aborts the
 * request, which ends the route's stream (with `resumable`, the kit's agent server cancels it through
 * `POST <url>/turns/<id>/cancel`). `getSnapshot({sessionId})` loads the stored chat (`GET <url>/chats/<chatId>`, see
 * ai-sdk-load-chat.ts); a `{snapshotId}` query is `unsupported`. See ai-sdk-request.ts and ai-sdk-decoder.ts for the mapping.
 */
export function aiSdkTransport(options: AiSdkTransportOptions): Transport {
  const url = urlOption('aiSdkTransport', options.url);
  const transport = httpTransport({
    ...options,
    url,
    // Loading a stored chat is a chunk of its own (a turn's bundle does not carry it), imported on first use.
    getSnapshot: async (query, signal) => (await import('./ai-sdk-load-chat.js')).loadAiSdkChat(url, query, options, signal),
    name: 'ai-sdk',
    body: (request: TurnRequest) => buildAiSdkRequestBody(request, request.sessionId ?? createSessionId()),
    // The AI SDK frames errors as `error` parts: a stray `error:` field is not read.
    framer: (limits) => createSseFramer({ ...limits, errorField: false }),
    decoder: (request, body) => createAiSdkDecoder({ sessionId: body.id, history: request.history }),
  });
  return Object.assign(transport, { snapshotReads: 'session' as const });
}
