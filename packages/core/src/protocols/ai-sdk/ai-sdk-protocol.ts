import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** The AI SDK's UI message stream by name (`protocolTransport('ai-sdk', …)`): the transport module loads on first use. */
export const aiSdkProtocol: ProtocolDescriptor = {
  name: 'ai-sdk',
  traits: { snapshotReads: 'session' },
  snapshots: true,
  load: async (options) => (await import('./ai-sdk-transport.js')).aiSdkTransport(options),
};
