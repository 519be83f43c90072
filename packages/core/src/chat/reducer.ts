import type { Draft } from 'immer';
import type { AgentEvent } from '../model/events.js';
import type { ChatState } from './chat-state.js';
import { reduceMessageEvent } from './reduce-messages.js';
import { reduceStateEvent } from './reduce-state.js';
import { reduceTurnEvent } from './reduce-turn.js';
import type { TurnContext } from './turn-context.js';

/**
 * Reduces one normalized event into the draft. Knows nothing of dialects. Events after the turn end are ignored;
 * unknown event types are ignored too (a newer dialect never breaks an older reducer).
 */
export function reduceEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): void {
  if (turn.ended) return;
  // Each part reduces its own event types and ignores the rest.
  if (event.type === 'connection') draft.connection = event.state;
  reduceMessageEvent(draft, event, turn);
  reduceStateEvent(draft, event, turn);
  reduceTurnEvent(draft, event, turn);
}
