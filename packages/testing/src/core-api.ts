// Everything this package takes from @agent-chat/core, in one place: only root names, so a move of the core's
// internals needs at most this file changed.
export {
  AgentChatError,
  agentFlowTransport,
  aguiTransport,
  aiSdkTransport,
  createAgentChat,
  genkitTransport,
  protocolTransport,
  protocols,
  tnsaiTransport,
} from '@agent-chat/core';
export type {
  AgentChat,
  AgentChatOptions,
  AgentInput,
  AgentResponse,
  Artifact,
  ChatMessage,
  ChatState,
  DecodedFrame,
  FinishReason,
  Message,
  Part,
  ProtocolDescriptor,
  ProtocolName,
  StopTarget,
  ToolRequestPart,
  Transport,
  TurnRequest,
} from '@agent-chat/core';
