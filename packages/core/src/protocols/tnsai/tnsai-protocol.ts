import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** TnsAI by name (`protocolTransport('tnsai', …)`): the transport module loads on first use. */
export const tnsaiProtocol = {
  name: 'tnsai',
  framing: 'ndjson',
  contentType: 'application/x-ndjson',
  factory: 'tnsaiTransport',
  traits: {},
  snapshots: false,
  load: async (options) => (await import('./tnsai-transport.js')).tnsaiTransport(options),
} as const satisfies ProtocolDescriptor;
