// Everything this package takes from @agent-chat/core, in one place: only root names, so a move of the core's
// internals needs at most this file changed.
export {
  AgentChatError,
  isAgentChatError,
  agentFlowTransport,
  clientTools,
  resumable,
  versionTree,
  aguiTransport,
  aiSdkTransport,
  createAgentChat,
  genkitTransport,
  protocolTransport,
  tnsaiTransport,
} from '@agent-chat/core';
export { protocols } from '@agent-chat/core/binding';
export type {
  AgentChat,
  AgentChatOptions,
  AgentEvent,
  AgentInput,
  AgentResponse,
  Artifact,
  ChatMessage,
  ChatFeature,
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
