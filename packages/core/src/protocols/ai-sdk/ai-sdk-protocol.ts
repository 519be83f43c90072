import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** The AI SDK's UI message stream by name (`protocolTransport('ai-sdk', …)`): the transport module loads on first use. */
export const aiSdkProtocol = {
  name: 'ai-sdk',
  framing: 'sse',
  contentType: 'text/event-stream',
  factory: 'aiSdkTransport',
  traits: { snapshotReads: 'session' },
  snapshots: true,
  load: async (options) => (await import('./ai-sdk-transport.js')).aiSdkTransport(options),
} as const satisfies ProtocolDescriptor;
