// AgentFlow graphs over NDJSON: the request body, the stream decoder, and the transport made of them.
export { agentFlowTransport, type AgentFlowTransportOptions, type AgentFlowTransportSettings } from './agentflow-transport.js';
export { createAgentFlowDecoder } from './agentflow-decoder.js';
export { buildAgentFlowRequestBody, type ResponseGranularity, type AgentFlowTurnContext } from './agentflow-request.js';
