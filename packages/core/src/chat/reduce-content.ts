import type { Draft } from 'immer';
import type { AgentEvent } from '../model/events.js';
import type { ChatMessage, MessageTiming } from '../model/message.js';
import type { ChatState } from './chat-state.js';
import type { TurnContext } from './turn-context.js';

/** The kit's measurement of a turn that ends at `turn.now`; tokens per second only where the protocol gave the output tokens. */
function timingOf(turn: TurnContext): MessageTiming {
  const timing: MessageTiming = { durationMs: Math.max(0, turn.now - turn.startedAt) };
  if (turn.firstTokenAt === undefined) return timing;
  timing.firstTokenMs = Math.max(0, turn.firstTokenAt - turn.startedAt);
  const streamingMs = turn.now - turn.firstTokenAt;
  const outputTokens = turn.usage?.outputTokens;
  if (outputTokens !== undefined && streamingMs > 0) timing.tokensPerSecond = Math.round((outputTokens * 10_000) / streamingMs) / 10;
  return timing;
}

/** The turn's last model message, which its usage and timing describe. */
function lastModelMessage(draft: Draft<ChatState>, turn: TurnContext): Draft<ChatMessage> | undefined {
  for (let index = draft.messages.length - 1; index >= turn.firstMessageIndex; index--) {
    const message = draft.messages[index]!;
    if (message.role === 'model') return message;
  }
  return undefined;
}

/** Usage, timing and suggestions: what the turn says about its answer; other events are left alone. */
export function reduceContentEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): void {
  switch (event.type) {
    case 'text-delta':
    case 'reasoning-delta':
      if (turn.firstTokenAt === undefined && event.text !== '') turn.firstTokenAt = turn.now;
      return;
    case 'usage':
      turn.usage = event.usage;
      return;
    case 'suggestions':
      draft.suggestions = event.suggestions;
      return;
    case 'turn-end': {
      const message = lastModelMessage(draft, turn);
      if (!message) return;
      if (turn.usage) message.usage = turn.usage;
      message.timing = timingOf(turn);
      return;
    }
  }
}
