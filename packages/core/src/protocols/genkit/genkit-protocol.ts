import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** Genkit by name (`protocolTransport('genkit', …)`): the transport module loads on first use. */
export const genkitProtocol = {
  name: 'genkit',
  framing: 'sse',
  contentType: 'text/event-stream',
  factory: 'genkitTransport',
  traits: { echoesToolAnswers: true },
  snapshots: true,
  load: async (options) => (await import('./genkit-transport.js')).genkitTransport(options),
} as const satisfies ProtocolDescriptor;
