// model
export type { Metadata, Part, TextPart, ReasoningPart, MediaPart, ToolRequestPart, ToolResponsePart, DataPart, CustomPart, ToolRequest, ToolResponse, Media } from './model/part.js';
export { isTextPart, isReasoningPart, isToolRequestPart, isToolResponsePart, isMediaPart, isInterruptPart, textOf } from './model/part.js';
export type { Message, ChatMessage, MessageStatus, Role } from './model/message.js';
export { userMessage, toMessage, normalizeRole } from './model/message.js';
export type { FinishReason } from './model/finish-reason.js';
export { FINISH_REASONS, normalizeFinishReason } from './model/finish-reason.js';
export type { Artifact, SessionState, SnapshotInfo, SnapshotQuery, SnapshotStatus } from './model/session.js';
export { upsertArtifact } from './model/session.js';
export type { AgentChatErrorCode, AgentChatErrorOptions } from './model/error.js';
export { AgentChatError, isAgentChatError, toAgentChatError } from './model/error.js';
export type { AgentEvent, AgentEventType, DecodedFrame, JsonPatchOperation, MessageTarget } from './model/events.js';
export type { AgentChunk, AgentInput, AgentResponse, TurnEnd } from './model/chunk.js';
// wire
export type { WireFrame, Framer } from './wire/frame.js';
export { createSseFramer } from './wire/sse.js';
export { createNdjsonFramer } from './wire/ndjson.js';
export { readFrames } from './wire/read-frames.js';
// dialects
export type { FrameDecoder } from './dialects/decoder.js';
export { createSessionId } from './dialects/ids.js';
export { createGenkitDecoder, buildGenkitRequestBody, parseGenkitSnapshot } from './dialects/genkit.js';
export { createAgentFlowDecoder, buildAgentFlowRequestBody, type ResponseGranularity } from './dialects/agentflow.js';
export {
  createAguiDecoder, buildAguiRunInput, buildAguiResume, toAguiMessages, AGUI_PROTOCOL_VERSION,
  type AguiDecoderContext, type AguiTurnContext, type AguiRunAgentInput, type AguiMessage, type AguiResumeEntry,
  type AguiToolCall, type AguiContentPart, type AguiPartSource,
} from './dialects/agui.js';
export {
  createAiSdkDecoder, buildAiSdkRequestBody, toAiSdkUiMessages, approvalDecision, AI_SDK_ARTIFACT_PART, AI_SDK_STATE_PART, AI_SDK_STATE_PATCH_PART,
  type AiSdkDecoderOptions, type AiSdkRequestBody, type AiSdkTurnContext, type AiSdkUiMessage, type AiSdkUiPart,
} from './dialects/ai-sdk.js';
export {
  createTnsaiDecoder, buildTnsaiRequestBody, tnsaiFinishReason, type TnsaiChunk, type TnsaiChunkType, type TnsaiToolCall,
  type TnsaiHistoryEntry, type TnsaiRequestBody, type TnsaiTurnContext, type TnsaiDecoderOptions,
} from './dialects/tnsai.js';
// transports
export type { Transport, TurnRequest, TurnRerun, StopTarget, HeadersOption, HttpTransportOptions } from './transports/transport.js';
export { genkitTransport, type GenkitTransportOptions } from './transports/genkit-transport.js';
export { agentFlowTransport, type AgentFlowTransportOptions } from './transports/agentflow-transport.js';
export { aguiTransport, type AguiTransportOptions } from './transports/agui-transport.js';
export { aiSdkTransport, type AiSdkTransportOptions } from './transports/ai-sdk-transport.js';
export { tnsaiTransport, type TnsaiTransportOptions } from './transports/tnsai-transport.js';
export { scriptedTransport, type ScriptedTurn, type ScriptedTransport, type ScriptedTransportOptions } from './transports/scripted-transport.js';
// chat
export type { ChatState, ChatStatus } from './chat/chat-state.js';
export { initialChatState } from './chat/chat-state.js';
export { createChatStore, type ChatStore } from './chat/store.js';
export { reduceEvent } from './chat/reducer.js';
export { createTurnContext, type TurnContext } from './chat/turn-context.js';
export { applyCustomPatch } from './chat/apply-custom-patch.js';
export { createAgentChat, type AgentChat, type AgentChatOptions, type SendOptions, type ResetInit, type OperationOptions } from './chat/agent-chat.js';
export { exportChatTree, restoreChatTree, type ChatTreeRecord, type ChatTreeRecordNode, type ChatTreeRecordEnd } from './chat/chat-tree-record.js';
export { BranchTree, ROOT_ID, type SiblingPosition } from './chat/branch-tree.js';
