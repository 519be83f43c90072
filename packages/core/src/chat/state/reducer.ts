import { current, isDraft, type Draft } from 'immer';
import { toMessage } from '../../model/message.js';
import type { AgentEvent, RunTarget } from '../../model/events.js';
import type { ChatState, RunningTurn } from './chat-state.js';
import { reduceContentEvent } from './reduce-content.js';
import { reduceMessageEvent } from './reduce-messages.js';
import { reduceStateEvent } from './reduce-state.js';
import { reduceTurnEvent } from './reduce-turn.js';
import type { TurnContext } from '../turn/turn-context.js';

/**
 * Reduces one normalized event into the draft. Knows nothing of dialects. Events after the turn end are ignored;
 * unknown event types are ignored too (a newer dialect never breaks an older reducer).
 */
export function reduceEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): void {
  if (turn.ended) return;
  // A sub-agent's event is the subAgents() feature's (dropped without it); the feature also settles runs at the end.
  if (turn.subAgents ? turn.subAgents.reduce(draft, event, turn) : (event as RunTarget).within) return;
  // Each part reduces its own event types and ignores the rest.
  if (event.type === 'connection') draft.connection = event.state;
  else if (event.type === 'stream-open') draft.runningTurn = runningTurnOf(draft, event.turnId, turn);
  reduceMessageEvent(draft, event, turn);
  reduceStateEvent(draft, event, turn);
  reduceContentEvent(draft, event, turn);
  reduceTurnEvent(draft, event, turn);
}

/** The running turn a transport named: with the snapshot it continues from and the user message it answers. */
function runningTurnOf(draft: Draft<ChatState>, turnId: string, turn: TurnContext): RunningTurn {
  const asked = draft.messages[turn.firstMessageIndex - 1];
  const input = asked?.role === 'user' ? toMessage(isDraft(asked) ? current(asked) : asked) : undefined;
  return { turnId, snapshotId: draft.snapshotId, ...(input ? { input } : {}) };
}
