import type { Draft } from 'immer';
import type { AgentEvent } from '../../model/events.js';
import type { ChatMessage, MessageTiming } from '../../model/message.js';
import type { ChatState } from './chat-state.js';
import type { TurnContext } from '../turn/turn-context.js';

/** The kit's measurement of a turn that ends at `turn.now`; tokens per second only where the protocol gave the output tokens. */
function timingOf(turn: TurnContext): MessageTiming {
  const timing: MessageTiming = { durationMs: Math.max(0, turn.now - turn.startedAt) };
  const reasoningMs = turn.reasoningMs ?? (turn.reasoningAt === undefined ? undefined : turn.now - turn.reasoningAt);
  if (reasoningMs !== undefined) timing.reasoningMs = Math.max(0, reasoningMs);
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
    case 'reasoning-delta':
      if (event.text === '') return;
      turn.firstTokenAt ??= turn.now;
      turn.reasoningAt ??= turn.now;
      return;
    case 'text-delta': {
      if (event.text === '') return;
      turn.firstTokenAt ??= turn.now;
      if (turn.reasoningAt === undefined || turn.reasoningMs !== undefined) return;
      // The answer starts: how long the model thought is known now, and shown while the answer streams.
      turn.reasoningMs = Math.max(0, turn.now - turn.reasoningAt);
      const message = lastModelMessage(draft, turn);
      if (message) message.timing = { ...message.timing, reasoningMs: turn.reasoningMs };
      return;
    }
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
