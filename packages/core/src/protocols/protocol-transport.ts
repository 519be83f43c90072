import { AgentChatError } from '../model/error.js';
import type { ProtocolDescriptor, ProtocolTransportOptions } from '../transport/protocol-descriptor.js';
import type { Transport } from '../transport/transport.js';
import { protocolNamed, protocolNames, type ProtocolName } from './protocol-list.js';

export { protocolNames, type ProtocolName } from './protocol-list.js';

/**
 * A transport from plain data — a protocol's name (or its descriptor) and its URL (and headers) — for a view a server
 * component renders.
 * Creating it is pure: the protocol's transport module is imported on first use (the first turn waits for it), so an
 * app bundles only the protocol it talks.
 */
export function protocolTransport(protocol: ProtocolName | ProtocolDescriptor, options: ProtocolTransportOptions): Transport {
  const descriptor: ProtocolDescriptor | undefined = typeof protocol === 'string' ? protocolNamed(protocol) : protocol;
  const name = typeof protocol === 'string' ? protocol : protocol.name;
  if (!descriptor) throw new AgentChatError('unsupported', `Unknown protocol "${String(name)}": use one of ${protocolNames.join(', ')}.`);
  let loading: Promise<Transport> | undefined;
  const load = () => (loading ??= descriptor.load(options));
  const transport: Transport = {
    name: descriptor.name,
    ...descriptor.traits,
    async *run(request, signal) {
      yield* (await load()).run(request, signal);
    },
    async stop(target) {
      await (await load()).stop?.(target);
    },
  };
  if (descriptor.snapshots) {
    transport.getSnapshot = async (query, signal) => {
      const loaded = await load();
      if (!loaded.getSnapshot) throw new AgentChatError('unsupported', `The ${descriptor.name} transport cannot read snapshots.`);
      return loaded.getSnapshot(query, signal);
    };
  }
  if (options.resumable) {
    transport.reattach = async function* (turnId, request, signal) {
      const loaded = await load();
      if (!loaded.reattach) throw new AgentChatError('unsupported', `The ${descriptor.name} transport cannot reattach.`);
      yield* loaded.reattach(turnId, request, signal);
    };
  }
  return transport;
}
