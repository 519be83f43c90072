/**
 * @agent-chat/server/genkit: the protocol handlers for a Genkit agent, as Web `Request → Response` handlers on
 * `resumableTurns`: the Genkit agent route, an AG-UI route (with `connect` restore) and an AI SDK chat route (with
 * `chats/<id>` restore and resume), with fork points, client tools and interrupts.
 */
export { genkitRoutes, type GenkitAgentLike, type GenkitRoutes, type GenkitRoutesOptions } from './genkit-routes.js';
export { genkitAgentHandler, GENKIT_STREAM_HEADERS, GENKIT_STREAM_ID_HEADER, type GenkitAgentHandlerOptions } from './genkit-route.js';
export { aguiHandler, aguiTurns, type AguiHandlerOptions } from './agui/agui-route.js';
export { RUNNING_TURN_HEADER, toAguiMessages } from './agui/agui-connect.js';
export { AGUI_STREAM_HEADERS, toAguiInterrupt, artifactActivity } from './agui/agui-events.js';
export { aiSdkHandler, type AiSdkHandlerOptions } from './ai-sdk/ai-sdk-route.js';
export { AI_SDK_STREAM_HEADERS, ARTIFACT_PART, toUIMessages } from './ai-sdk/ai-sdk-chat.js';
export { BranchIndex, findForkPoint, forkSnapshotId, type ForkPoint, type StartStore, type TurnSignature } from './fork-point.js';
export {
  createChunkTranslator,
  interruptIdOf,
  isInterruptPart,
  lastCompletedSnapshot,
  openInterrupts,
  runGenkitTurn,
  type BridgeEvent,
  type BridgeSource,
  type BridgeTurnEnd,
  type BridgeUsage,
  type GenkitFinishReason,
  type GenkitTurnInput,
} from './bridge.js';
export { forwardSubAgent, createSubAgentSink, keptRun, askedBy, routeSubAgentAnswers, type KeptRun, type SubAgentQuestion, type SubAgentCall, type SubAgentWire, type SubAgentWireStatus } from './sub-agent.js';
export { memorySessionStore, MemorySessionStore, type DeletableSessionStore } from './memory-session-store.js';
export type { AccessOptions } from './session-access.js';
export { readSessionHistory, type SessionHistory } from './session-history.js';
export { applyClientState, clientContextOf, clientPatchOf, withClientState, MAX_CLIENT_PATCH_OPERATIONS, MAX_CONTEXT_ENTRIES } from './client-state.js';
export { DEFAULT_MAX_SESSION_BYTES, sessionCapMessage, sessionSizeRefusal, type SessionLookup, type SessionSizeCap } from './session-size.js';
export {
  checkId,
  currentTurn,
  genkitErrorOf,
  isClientToolInterrupt,
  runInTurn,
  type ClientStateWrite,
  type RunnableAction,
  type SubAgentSink,
  type SnapshotReader,
  type TurnContext,
} from './runtime.js';
