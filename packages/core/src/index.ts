// @agent-chat/core: what an app imports. Protocol internals (decoders, request builders) are in the subpath exports
// @agent-chat/core/genkit, /agentflow, /agui, /ai-sdk, /tnsai; framers and decoder helpers in @agent-chat/core/wire;
// what bindings build on (the option table, the protocol list, a chat's store) in @agent-chat/core/binding.
// chat
export { createAgentChat, type AgentChat, type AgentChatOptions, type SendOptions, type ResetInit, type RestoreQuery, type OperationOptions, type CustomUpdate } from './chat/agent-chat.js';
export type { FeedbackEvent } from './chat/chat-options.js';
export type { AgentChatOptionKey, LiveChatOptionKey } from './chat/chat-option-keys.js';
export type { ChatState, ChatStatus, ClientToolCall, RunningTurn, DetachedRun } from './chat/state/chat-state.js';
export {
  DEFAULT_MAX_TOOL_ROUNDS, toolCallIdOf,
  type ClientTool, type ClientTools, type ClientToolContext, type ToolDeclaration, type ToolResult,
} from './model/tools.js';
// opt-in chat features: createAgentChat({ transport, features: [versionTree(), clientTools(), resumable(), subAgents()] })
export type { ChatFeature, ChatFeatureName } from './chat/chat-features.js';
export { versionTree } from './chat/tree/version-tree.js';
export { clientTools } from './chat/tools/client-tools.js';
export { resumable } from './chat/resumable/reattach-running-turn.js';
export { subAgents } from './chat/sub-agents/sub-agents.js';
// transports
export { genkitTransport, type GenkitTransportOptions } from './protocols/genkit/genkit-transport.js';
export { agentFlowTransport, type AgentFlowTransportOptions, type AgentFlowTransportSettings } from './protocols/agentflow/agentflow-transport.js';
export { aguiTransport, type AguiTransportOptions } from './protocols/agui/agui-transport.js';
export { aiSdkTransport, type AiSdkTransportOptions } from './protocols/ai-sdk/ai-sdk-transport.js';
export { tnsaiTransport, type TnsaiTransportOptions } from './protocols/tnsai/tnsai-transport.js';
export { protocolTransport, type ProtocolName } from './protocols/protocol-transport.js';
export type { ProtocolTransportOptions, ProtocolDescriptor, TransportTraits } from './transport/protocol-descriptor.js';
export { scriptedTransport, type ScriptedTurn, type ScriptedTransport, type ScriptedTransportOptions } from './transport/scripted-transport.js';
export { httpTransport, type HttpTransportConfig } from './transport/http-transport.js';
export type { ResumableOptions } from './transport/resumable-options.js';
export type { Transport, TurnRequest, TurnRerun, StopTarget, FrameDecoder, HeadersOption, HttpTransportOptions } from './transport/transport.js';
// model
export type { Metadata, Part, TextPart, ReasoningPart, MediaPart, ToolRequestPart, ToolResponsePart, DataPart, CustomPart, SourcePart, Source, ToolRequest, ToolResponse, Media } from './model/part.js';
export { isTextPart, isReasoningPart, isToolRequestPart, isToolResponsePart, isMediaPart, isSourcePart, isInterruptPart, textOf } from './model/part.js';
export { isDeniedResponse } from './model/tool-outcome.js';
export type { Message, ChatMessage, MessageStatus, Role, MessageUsage, MessageTiming, MessageFeedback } from './model/message.js';
export type { FinishReason } from './model/finish-reason.js';
export type { Artifact, SessionState, SessionStateInit, SnapshotInfo, SnapshotQuery, SnapshotStatus } from './model/session.js';
export type { AgentEvent, AgentEventType, DecodedFrame, JsonPatchOperation, MessageTarget, RunTarget, ConnectionState } from './model/events.js';
export type { SubAgentRun, SubAgentStatus } from './model/sub-agent.js';
export type { AgentChunk, AgentInput, AgentResponse, TurnEnd } from './model/chunk.js';
export type { AgentContextEntry, AgentContextOption } from './model/context.js';
export type { WireFrame, Framer } from './wire/frame.js';
export { AgentChatError, isAgentChatError, type AgentChatErrorCode, type AgentChatErrorOptions } from './model/error.js';
export type { TurnDeadlineOptions, TurnLimitOptions } from './chat/turn/deadlines.js';
export type { DetachedPollOptions } from './chat/resumable/detached-poll-types.js';
export { persistChatTree, type ChatTreeStorage, type PersistChatTreeOptions, type PersistedChatTree } from './chat/tree/persist-chat-tree.js';
export { exportChatTree, restoreChatTree, type ChatTreeRecord, type ChatTreeRecordNode, type ChatTreeRecordEnd } from './chat/tree/chat-tree-record.js';
export type { SiblingPosition } from './chat/tree/branch-tree.js';
