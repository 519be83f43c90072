// AG-UI 1.0: requests (RunAgentInput) and the event stream, one concern per agui-*.ts file.
export type { AguiContentPart, AguiMessage, AguiPartSource, AguiResumeEntry, AguiRunAgentInput, AguiToolCall } from './agui-wire-types.js';
export { aguiMessageIdOf, toAguiMessages } from './agui-messages.js';
export { AGUI_PROTOCOL_VERSION, aguiInterruptIdOf, buildAguiResume, buildAguiRunInput, type AguiTurnContext } from './agui-request.js';
export { createAguiDecoder, type AguiDecoderContext } from './agui-decoder.js';
export { aguiTransport, type AguiTransportOptions } from './agui-transport.js';
export { AGUI_A2UI_ACTIVITY, AGUI_A2UI_EVENT } from './agui-a2ui.js';
export { loadActivityPatcher, loadedActivityPatcher, type ActivityPatcher } from './agui-activity-patcher.js';
