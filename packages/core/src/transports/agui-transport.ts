import { buildAguiRunInput, createAguiDecoder } from '../dialects/agui.js';
import { createSseFramer } from '../wire/sse.js';
import { streamTurn } from './http.js';
import type { HttpTransportOptions, Transport } from './transport.js';

/** Options for {@link aguiTransport}. */
export interface AguiTransportOptions extends HttpTransportOptions {
  /** The agent's endpoint, e.g. `http://localhost:8000/agent`. */
  url: string;
}

/**
 * An AG-UI 1.0 agent over HTTP + SSE: one `POST <url>` of `RunAgentInput` per turn (`Accept: text/event-stream`).
 * The thread id is the session id (generated on the first turn); the whole conversation is sent every run, with the
 * client's custom state as `state` and `resume` answering open interrupts by id.
 * AG-UI has no stop endpoint: `stop()` aborts the request, which is how an AG-UI run is cancelled.
 */
export function aguiTransport(options: AguiTransportOptions): Transport {
  return {
    name: 'agui',
    run(request, signal) {
      const body = buildAguiRunInput(request);
      return streamTurn(options.url, body, {
        ...options,
        accept: 'text/event-stream',
        signal,
        stream: request.stream,
        framer: createSseFramer({ ...request.stream, errorField: false }),
        decoder: createAguiDecoder({ threadId: body.threadId, messages: body.messages }),
      });
    },
  };
}
