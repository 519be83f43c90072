import type { Draft } from 'immer';
import { AgentChatError } from '../../model/error.js';
import type { AgentEvent } from '../../model/events.js';
import type { MessageStatus } from '../../model/message.js';
import { isInterruptPart, type ToolRequestPart } from '../../model/part.js';
import type { ChatState } from './chat-state.js';
import { recordError } from './reduce-state.js';
import type { TurnContext } from '../turn/turn-context.js';

function addInterrupts(into: ToolRequestPart[], parts: readonly ToolRequestPart[]): void {
  for (const part of parts) {
    const ref = part.toolRequest.ref;
    const duplicate = into.some((known) => known.toolRequest.name === part.toolRequest.name && known.toolRequest.ref === ref);
    if (!duplicate) into.push(part);
  }
}

/** Turn lifecycle: start, session identity, interrupts, errors, and the turn end that settles everything; other events are left alone. */
export function reduceTurnEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): void {
  switch (event.type) {
    case 'turn-start':
      if (event.sessionId) draft.sessionId = event.sessionId;
      return;
    case 'session':
      if (event.sessionId) draft.sessionId = event.sessionId;
      if (event.snapshotId) draft.snapshotId = event.snapshotId;
      return;
    case 'interrupt-request':
      addInterrupts(turn.interrupts, event.parts);
      return;
    case 'error':
      recordError(draft, turn, event.error);
      return;
    case 'turn-end': {
      turn.ended = event;
      const { finishReason } = event;
      // A turn that ends while its stream is being reattached ends that attempt: the connection is given up.
      if (draft.connection === 'reconnecting') draft.connection = 'closed';
      if (draft.runningTurn) draft.runningTurn = undefined;
      draft.finishReason = finishReason;
      draft.turnEnd = { finishReason, ...(event.snapshotId ? { snapshotId: event.snapshotId } : {}) };
      // A failed or aborted snapshot holds the last-good state but Genkit resumes only completed ones:
      // the next turn continues from the last good snapshot.
      if (event.snapshotId && finishReason !== 'failed' && finishReason !== 'aborted') draft.snapshotId = event.snapshotId;
      if (event.sessionId) draft.sessionId = event.sessionId;
      if (event.error) recordError(draft, turn, event.error);
      if (finishReason === 'failed' && turn.errors.length === 0) {
        recordError(draft, turn, new AgentChatError('server-error', 'The turn failed.'));
      }
      const settled: MessageStatus = finishReason === 'aborted' ? 'aborted' : finishReason === 'failed' ? 'failed' : 'done';
      const interrupts: ToolRequestPart[] = [];
      for (let index = turn.firstMessageIndex; index < draft.messages.length; index++) {
        const message = draft.messages[index]!;
        if (message.status === 'streaming') message.status = settled;
        if (finishReason === 'interrupted') addInterrupts(interrupts, (message.content as ToolRequestPart[]).filter(isInterruptPart));
      }
      if (finishReason === 'interrupted') addInterrupts(interrupts, turn.interrupts);
      draft.interrupts = interrupts as Draft<ToolRequestPart>[];
      const error = turn.errors[turn.errors.length - 1] ?? null;
      draft.error = error as Draft<AgentChatError> | null;
      draft.status = error ? 'error' : 'ready';
      return;
    }
  }
}
