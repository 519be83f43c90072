import type { Draft } from 'immer';
import { AgentChatError, isAgentChatError } from '../../model/error.js';
import type { AgentEvent } from '../../model/events.js';
import { upsertArtifact, type Artifact } from '../../model/session.js';
import { loadedPatcher } from './patcher.js';
import type { ChatState } from './chat-state.js';
import type { TurnContext } from '../turn/turn-context.js';

/** Records an error of this turn; the turn goes on, and ends in status 'error'. */
export function recordError(draft: Draft<ChatState>, turn: TurnContext, error: AgentChatError): void {
  if (!turn.errors.includes(error)) turn.errors.push(error);
  draft.error = error as Draft<AgentChatError>;
}

/** Custom state (JSON patches and snapshots), artifacts, and client-managed session state; other events are left alone. */
export function reduceStateEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): void {
  switch (event.type) {
    case 'custom-patch':
      try {
        // Loaded by the turn before the frames that carry a patch (run-turn.ts): the reducer itself is synchronous.
        const patcher = loadedPatcher();
        if (!patcher) throw new AgentChatError('patch-failed', 'The custom-state patcher is not loaded.');
        // The agent's state only: the store shows it once the read's events are reduced (run-turn.ts, applyFrames), not
        // after each patch. A patch that changes nothing (a `test`, a value written again) returns the state itself, and
        // what the store shows (the agent's state with the pending local writes on top) stays as it is.
        turn.custom = patcher.applyCustomPatch(turn.custom, event.patch, turn.maxDepth);
      } catch (error) {
        recordError(draft, turn, isAgentChatError(error) ? error : new AgentChatError('patch-failed', String(error)));
      }
      return;
    case 'custom-snapshot':
      turn.custom = event.custom;
      draft.custom = event.custom as Draft<unknown>;
      return;
    case 'artifact-upsert':
      upsertArtifact(draft.artifacts as Artifact[], event.artifact);
      upsertArtifact(turn.artifacts, event.artifact);
      return;
    case 'artifacts-snapshot':
      draft.artifacts = event.artifacts as Draft<Artifact>[];
      turn.artifacts = event.artifacts;
      return;
    case 'state-snapshot':
      turn.state = event.state;
      turn.custom = event.state.custom;
      draft.custom = event.state.custom as Draft<unknown>;
      draft.artifacts = event.state.artifacts as Draft<Artifact>[];
      if (event.state.sessionId) draft.sessionId = event.state.sessionId;
      return;
  }
}
