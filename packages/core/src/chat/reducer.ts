import { current, isDraft, type Draft } from 'immer';
import { toMessage } from '../model/message.js';
import type { AgentEvent } from '../model/events.js';
import type { ChatState, RunningTurn } from './chat-state.js';
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
  switch (event.type) {
    case 'text-delta':
    case 'reasoning-delta':
    case 'part-add':
    case 'tool-request':
    case 'tool-response':
    case 'message-complete':
      reduceMessageEvent(draft, event, turn);
      return;
    case 'custom-patch':
    case 'custom-snapshot':
    case 'artifact-upsert':
    case 'artifacts-snapshot':
    case 'state-snapshot':
      reduceStateEvent(draft, event, turn);
      return;
    case 'turn-start':
    case 'session':
    case 'interrupt-request':
    case 'error':
    case 'turn-end':
      reduceTurnEvent(draft, event, turn);
      return;
    case 'connection':
      draft.connection = event.state;
      return;
    case 'stream-open':
      draft.runningTurn = runningTurnOf(draft, event.turnId, turn);
      return;
    default:
      return;
  }
}

/** The running turn a transport named: with the snapshot it continues from and the user message it answers. */
function runningTurnOf(draft: Draft<ChatState>, turnId: string, turn: TurnContext): RunningTurn {
  const asked = draft.messages[turn.firstMessageIndex - 1];
  const input = asked?.role === 'user' ? toMessage(isDraft(asked) ? current(asked) : asked) : undefined;
  return { turnId, snapshotId: draft.snapshotId, ...(input ? { input } : {}) };
}
