import { httpTransport } from '../../transport/http-transport.js';
import type { HttpTransportOptions, Transport } from '../../transport/transport.js';
import { createSseFramer } from '../../wire/sse.js';
import { loadActivityPatcher, loadedActivityPatcher } from './agui-activity-patcher.js';
import { createAguiDecoder } from './agui-decoder.js';
import { buildAguiRunInput } from './agui-request.js';

/** Options for {@link aguiTransport}. */
export interface AguiTransportOptions extends HttpTransportOptions {
  /** The agent's endpoint, e.g. `http://localhost:8000/agent`. */
  url: string;
}

/**
 * An AG-UI 1.0 agent over HTTP + SSE: one `POST <url>` of `RunAgentInput` per turn (`Accept: text/event-stream`).
 * The thread id is the session id (generated on the first turn); the whole conversation is sent every run, with the
 * client's custom state as `state` and `resume` answering open interrupts by id.
 * AG-UI has no stop endpoint: `stop()` aborts the request, which is how an AG-UI run is cancelled (with `resumable`,
 * the kit's agent server cancels it through `POST <url>/turns/<id>/cancel`). `getSnapshot({sessionId})` restores a
 * thread through `POST <url>/connect` (see agui-connect.ts); a `{snapshotId}` query is `unsupported`.
 */
export function aguiTransport(options: AguiTransportOptions): Transport {
  // The activity patcher (a chunk of its own, for ACTIVITY_DELTA) loads beside each request; the response is handed on
  // once it is here, so no frame is decoded before it (a failed load is not the request's: deltas then fail alone).
  const fetchAfterPatcher: typeof fetch = async (input, init) => {
    const [response] = await Promise.all([(options.fetch ?? globalThis.fetch)(input, init), loadActivityPatcher()]);
    return response;
  };
  const withPatcher = { ...options, fetch: fetchAfterPatcher };
  const transport = httpTransport({
    ...withPatcher,
    name: 'agui',
    body: buildAguiRunInput,
    // AG-UI frames errors as RUN_ERROR events: a stray `error:` field is not read.
    framer: (limits) => createSseFramer({ ...limits, errorField: false }),
    decoder: (_request, body) => createAguiDecoder({ threadId: body.threadId, messages: body.messages, activityPatcher: loadedActivityPatcher }),
    // Restoring a thread is a chunk of its own (a turn's bundle does not carry it), imported on first use.
    getSnapshot: async (query, signal) => (await import('./agui-connect.js')).connectAguiThread(options.url, query, withPatcher, signal),
  });
  return Object.assign(transport, { snapshotReads: 'session' as const });
}
