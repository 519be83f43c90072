import { protocols as coreProtocols, type ProtocolDescriptor } from './core-api.js';

/**
 * Protocols of your own (their `ProtocolDescriptor`s) that a call records, parses or replays beside the core's: given
 * per call (`recordTransport(…, { protocols })`, `replayTransport(…, { protocols })`, `parseRecording(…, { protocols })`),
 * never kept in a module-wide registry.
 */
export interface ProtocolsOption {
  /** Descriptors besides the core's protocols: recordings name them by `name`, bodies use their framing. */
  protocols?: readonly ProtocolDescriptor[] | undefined;
}

/** The descriptor of a recordable protocol by name: the core's, then those given. */
export function protocolDescriptor(name: string, protocols: readonly ProtocolDescriptor[] = []): ProtocolDescriptor | undefined {
  return coreProtocols.find((protocol) => protocol.name === name) ?? protocols.find((protocol) => protocol.name === name);
}

/** The names of every recordable protocol: the core's, then those given. */
export function recordableProtocols(protocols: readonly ProtocolDescriptor[] = []): string[] {
  return [...new Set([...coreProtocols, ...protocols].map((protocol) => protocol.name))];
}
