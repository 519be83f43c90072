import type { ProtocolDescriptor } from '../../transport/protocol-descriptor.js';

/** AgentFlow by name (`protocolTransport('agentflow', …)`): the transport module loads on first use. */
export const agentFlowProtocol = {
  name: 'agentflow',
  framing: 'ndjson',
  contentType: 'application/x-ndjson',
  factory: 'agentFlowTransport',
  traits: { reruns: 'start', echoesToolAnswers: true },
  snapshots: false,
  load: async (options) => (await import('./agentflow-transport.js')).agentFlowTransport(options),
} as const satisfies ProtocolDescriptor;
