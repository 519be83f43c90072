export {
  RECORDING_PROTOCOLS, parseRecording, isRecordingProtocol,
  type Recording, type RecordedTurn, type RecordedFrame, type RecordedEnd, type RecordingProtocol,
} from './recording.js';
export { protocolDescriptor, recordableProtocols, type ProtocolsOption } from './protocols.js';
export { recordTransport, type RecordingTransport, type RecordTransportOptions, type TransportFactory } from './record-transport.js';
export { replayTransport, replayMismatchOf, type ReplayTransport, type ReplayTransportOptions, type ReplayMismatch } from './replay-transport.js';
export { requestShape, sameRequest, type RequestShape } from './request-shape.js';
export type { ReplayFault, ReplayFaultKind } from './faults.js';
export { playRecording, type PlayRecordingOptions, type PlayedRecording } from './play-recording.js';
export { chatOutcome, type ChatOutcome, type ChatOutcomeOptions } from './chat-outcome.js';
export { assistantText } from './assistant-text.js';
export { memoryStorage, type MemoryStorage } from './memory-storage.js';
export { fakeFrameClock, fedTransport, FRAME_CLOCK_TIMERS, type FakeTimers, type FrameClock, type FedTransport } from './frame-clock.js';
