import type { HttpTransportOptions, Transport } from './transport.js';

/** Options of a transport built from plain data: the agent's URL and headers (what a server component can pass). */
export interface ProtocolTransportOptions extends HttpTransportOptions {
  /** The agent's URL (AgentFlow: the server's address; AI SDK: the chat route). */
  url: string;
}

/** What the chat reads from a transport before its first request (see `Transport`). */
export type TransportTraits = Pick<Transport, 'echoesToolAnswers' | 'snapshotReads' | 'reruns'>;

/**
 * One wire protocol, described by its folder (`protocols/<name>/<name>-protocol.ts`) for whatever handles protocols by
 * name — `protocolTransport`, `@agent-chat/testing` (record and replay), the configs and the size report — so that none
 * of them names a protocol: a new protocol is its folder plus one line in `protocols/protocol-list.ts`.
 */
export interface ProtocolDescriptor<Name extends string = string> {
  /** Its name, as its transport's `name` and a recording's `protocol`. */
  readonly name: Name;
  /** How its response bodies are framed: server-sent events, or newline-delimited JSON. */
  readonly framing: 'sse' | 'ndjson';
  /** The `Content-Type` of its response bodies. */
  readonly contentType: string;
  /** The name its transport factory is exported by (from `@agent-chat/core/<name>`), e.g. `genkitTransport`. */
  readonly factory: string;
  readonly traits: TransportTraits;
  /** The transport reads snapshots (`getSnapshot`). */
  readonly snapshots: boolean;
  /** Builds its transport from `{ url, headers, fetch }`, importing the transport module on first use (a chunk of its own). */
  load(options: ProtocolTransportOptions): Promise<Transport>;
}
