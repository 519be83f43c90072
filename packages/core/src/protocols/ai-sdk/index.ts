// The AI SDK's UI message stream v1: chat route requests and the stream, one concern per ai-sdk-*.ts file.
export type { AiSdkUiMessage, AiSdkUiPart } from './ai-sdk-ui-messages.js';
export { toAiSdkUiMessages } from './ai-sdk-ui-messages.js';
export { approvalDecision } from './ai-sdk-approval.js';
export { buildAiSdkRequestBody, type AiSdkRequestBody, type AiSdkTurnContext } from './ai-sdk-request.js';
export { AI_SDK_A2UI_PART } from './ai-sdk-a2ui.js';
export { AI_SDK_ARTIFACT_PART, AI_SDK_STATE_PART, AI_SDK_STATE_PATCH_PART, AI_SDK_SUGGESTIONS_PART, createAiSdkDecoder, type AiSdkDecoderOptions } from './ai-sdk-decoder.js';
export { aiSdkTransport, type AiSdkTransportOptions } from './ai-sdk-transport.js';
