import type { HttpTransportOptions, Transport } from './transport.js';

/** Options of a transport built from plain data: the agent's URL and headers (what a server component can pass). */
export interface ProtocolTransportOptions extends HttpTransportOptions {
  /** The agent's URL (AgentFlow: the server's address; AI SDK: the chat route). */
  url: string;
}

/** What the chat reads from a transport before its first request (see `Transport`). */
export type TransportTraits = Pick<Transport, 'echoesToolAnswers' | 'snapshotReads' | 'reruns'>;

/** A protocol known by name: its traits now, its transport module loaded on first use. */
export interface ProtocolDescriptor {
  readonly name: string;
  readonly traits: TransportTraits;
  /** The transport reads snapshots (`getSnapshot`). */
  readonly snapshots: boolean;
  /** Imports the protocol's transport module and builds the transport. */
  load(options: ProtocolTransportOptions): Promise<Transport>;
}
