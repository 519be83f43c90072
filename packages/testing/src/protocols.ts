import { protocols, type ProtocolDescriptor } from './core-api.js';

// Protocols registered besides the core's (a protocol of an app's own, or a test's).
const registered = new Map<string, ProtocolDescriptor>();

/**
 * Makes a protocol of your own (its `ProtocolDescriptor`) recordable and replayable, beside the core's protocols:
 * recordings name it by `name`, its bodies are split by its `framing` and replayed with its `contentType`. Returns
 * the undo.
 */
export function registerProtocol(descriptor: ProtocolDescriptor): () => void {
  registered.set(descriptor.name, descriptor);
  return () => void (registered.get(descriptor.name) === descriptor && registered.delete(descriptor.name));
}

/** The descriptor of a recordable protocol by name: the core's, then the registered ones. */
export function protocolDescriptor(name: string): ProtocolDescriptor | undefined {
  return protocols.find((protocol) => protocol.name === name) ?? registered.get(name);
}

/** The names of every recordable protocol. */
export function recordableProtocols(): string[] {
  return [...protocols.map((protocol) => protocol.name), ...registered.keys()];
}
