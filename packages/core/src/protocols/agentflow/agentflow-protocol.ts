import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** AgentFlow by name (`protocolTransport('agentflow', …)`): the transport module loads on first use. */
export const agentFlowProtocol: ProtocolDescriptor = {
  name: 'agentflow',
  traits: { reruns: 'start', echoesToolAnswers: true },
  snapshots: false,
  load: async (options) => (await import('./agentflow-transport.js')).agentFlowTransport(options),
};
