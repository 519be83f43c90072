export { renderRecording, type RenderRecordingOptions, type RenderedRecording } from './react/render-recording.js';
export { agentChatMatchers, type AgentChatMatchers, type ChatLike, type ChatStateSource } from './matchers.js';
