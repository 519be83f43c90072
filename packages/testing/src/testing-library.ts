export { renderRecording, type RenderRecordingOptions, type RenderedRecording } from './react/render-recording.js';
export { agentChatMatchers, type AgentChatMatchers, type ChatLike } from './matchers.js';
