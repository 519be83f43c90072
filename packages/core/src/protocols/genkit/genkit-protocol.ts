import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** Genkit by name (`protocolTransport('genkit', …)`): the transport module loads on first use. */
export const genkitProtocol: ProtocolDescriptor = {
  name: 'genkit',
  traits: { echoesToolAnswers: true },
  snapshots: true,
  load: async (options) => (await import('./genkit-transport.js')).genkitTransport(options),
};
