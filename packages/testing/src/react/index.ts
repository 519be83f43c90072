export { RecordingChat, viewFeatures, type RecordingChatProps } from './recording-chat.js';
export { withRecording, recordingLoader, recordingPlayed, type StoryContextLike, type WithRecordingOptions } from './with-recording.js';
export { replayArgTypes, replayGlobalTypes, replayControlsOf, REPLAY_FAULTS, type ReplayArgs, type ReplayControls, type ReplayFaultName } from './replay-controls.js';
