import type { AgentChatError } from '../../model/error.js';
import { toTurnFailure } from '../../model/failure.js';
import type { TurnContext } from './turn-context.js';

/**
 * Runs one store update of a turn; when it throws (a reducer bug, or a value too deep for immer), the store is
 * unchanged — immer commits nothing — so the turn context is put back as it was and the typed failure is returned,
 * for the turn to end `failed` with it.
 */
export function reduceGuarded(turn: TurnContext, update: () => void): AgentChatError | null {
  // Copies of what the reducer mutates in place: a few small collections per network read.
  const saved: TurnContext = {
    ...turn,
    messageIndexByKey: new Map(turn.messageIndexByKey),
    lastIndexByRole: { ...turn.lastIndexByRole },
    artifacts: turn.artifacts.slice(),
    interrupts: turn.interrupts.slice(),
    errors: turn.errors.slice(),
  };
  try {
    update();
    return null;
  } catch (error) {
    Object.assign(turn, saved);
    return toTurnFailure(error, 'Reducing a frame failed');
  }
}
