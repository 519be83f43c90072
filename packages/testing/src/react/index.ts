export { RecordingChat, type RecordingChatProps } from './recording-chat.js';
export { withRecording, recordingLoader } from './with-recording.js';
