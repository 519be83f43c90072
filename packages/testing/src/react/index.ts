export { renderRecording, type RenderRecordingOptions, type RenderedRecording } from './render-recording.js';
export { RecordingChat, type RecordingChatProps } from './recording-chat.js';
export { withRecording, recordingLoader } from './with-recording.js';
export { agentChatMatchers, type AgentChatMatchers, type ChatLike } from '../matchers.js';
