import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** TnsAI by name (`protocolTransport('tnsai', …)`): the transport module loads on first use. */
export const tnsaiProtocol: ProtocolDescriptor = {
  name: 'tnsai',
  traits: {},
  snapshots: false,
  load: async (options) => (await import('./tnsai-transport.js')).tnsaiTransport(options),
};
