import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** AG-UI by name (`protocolTransport('agui', …)`): the transport module loads on first use. */
export const aguiProtocol = {
  name: 'agui',
  framing: 'sse',
  contentType: 'text/event-stream',
  factory: 'aguiTransport',
  traits: { snapshotReads: 'session' },
  snapshots: true,
  load: async (options) => (await import('./agui-transport.js')).aguiTransport(options),
} as const satisfies ProtocolDescriptor;
