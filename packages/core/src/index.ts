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
export type { FrameDecoder } from './protocols/decoder-helpers.js';
export { createSessionId } from './util/ids.js';
export { createGenkitDecoder, buildGenkitRequestBody, parseGenkitSnapshot } from './protocols/genkit/genkit-decoder.js';
export { createAgentFlowDecoder, buildAgentFlowRequestBody, type ResponseGranularity } from './protocols/agentflow/agentflow-decoder.js';
export {
  createAguiDecoder, buildAguiRunInput, buildAguiResume, toAguiMessages, AGUI_PROTOCOL_VERSION,
  type AguiDecoderContext, type AguiTurnContext, type AguiRunAgentInput, type AguiMessage, type AguiResumeEntry,
  type AguiToolCall, type AguiContentPart, type AguiPartSource,
} from './protocols/agui/index.js';
export {
  createAiSdkDecoder, buildAiSdkRequestBody, toAiSdkUiMessages, approvalDecision, AI_SDK_ARTIFACT_PART, AI_SDK_STATE_PART, AI_SDK_STATE_PATCH_PART,
  type AiSdkDecoderOptions, type AiSdkRequestBody, type AiSdkTurnContext, type AiSdkUiMessage, type AiSdkUiPart,
} from './protocols/ai-sdk/index.js';
export {
  createTnsaiDecoder, buildTnsaiRequestBody, tnsaiFinishReason, type TnsaiChunk, type TnsaiChunkType, type TnsaiToolCall,
  type TnsaiHistoryEntry, type TnsaiRequestBody, type TnsaiTurnContext, type TnsaiDecoderOptions,
} from './protocols/tnsai/tnsai-decoder.js';
// transports
export type { Transport, TurnRequest, StopTarget, HeadersOption, HttpTransportOptions } from './transport/transport.js';
export { genkitTransport, type GenkitTransportOptions } from './protocols/genkit/genkit-transport.js';
export { agentFlowTransport, type AgentFlowTransportOptions } from './protocols/agentflow/agentflow-transport.js';
export { aguiTransport, type AguiTransportOptions } from './protocols/agui/agui-transport.js';
export { aiSdkTransport, type AiSdkTransportOptions } from './protocols/ai-sdk/ai-sdk-transport.js';
export { tnsaiTransport, type TnsaiTransportOptions } from './protocols/tnsai/tnsai-transport.js';
export { scriptedTransport, type ScriptedTurn, type ScriptedTransport, type ScriptedTransportOptions } from './transport/scripted-transport.js';
// chat
export type { ChatState, ChatStatus } from './chat/chat-state.js';
export { initialChatState } from './chat/chat-state.js';
export { createChatStore, type ChatStore } from './chat/store.js';
export { reduceEvent } from './chat/reducer.js';
export { createTurnContext, type TurnContext } from './chat/turn-context.js';
export { applyCustomPatch } from './chat/apply-custom-patch.js';
export { createAgentChat, type AgentChat, type AgentChatOptions, type SendOptions, type ResetInit } from './chat/agent-chat.js';
