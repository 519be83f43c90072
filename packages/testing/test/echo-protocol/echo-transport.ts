// A sixth protocol for tests only, built from the public API as an app's own protocol would be: one POST per turn with
// `{ text }`, answered by NDJSON lines `{"delta":"…"}` and a last `{"done":true}`.
import { httpTransport, type HttpTransportOptions, type Transport } from '@agent-chat/core';
import { createNdjsonFramer, endTurn } from '@agent-chat/core/wire';

/** Options of {@link echoTransport}. */
export interface EchoTransportOptions extends HttpTransportOptions {
  url: string;
}

/** The echo protocol's transport. */
export function echoTransport(options: EchoTransportOptions): Transport {
  return httpTransport({
    ...options,
    name: 'echo',
    accept: 'application/x-ndjson',
    body: (request) => ({ text: 'message' in request.input ? request.input.message?.content.map((part) => ('text' in part ? part.text : '')).join('') : '' }),
    framer: createNdjsonFramer,
    decoder: () => {
      let ended = false;
      return {
        decode(frame) {
          if (frame.type !== 'value') return [];
          const value = frame.value as { delta?: string; done?: boolean };
          if (value.done) {
            ended = true;
            return endTurn('stop');
          }
          return typeof value.delta === 'string' ? [{ type: 'text-delta', text: value.delta, messageKey: 'echo' }] : [];
        },
        end: () => (ended ? [] : endTurn('unknown')),
      };
    },
  });
}
