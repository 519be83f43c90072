import type { ChatMessage } from '@agent-chat/core';
import { createContext } from 'react';
import { useLabels } from '../labels/labels.js';

/** Whether rows show the compact usage and timing footer (`AgentChatView`'s and `MessageList`'s `showUsage`). */
export const ShowUsageContext = createContext(false);

/** Tokens and timing of an answer in one short line ("1.2 s to first token · 3.4 s · 42 tok/s · 120 in / 350 out"). */
export function MessageUsage({ message }: { message: ChatMessage }) {
  const labels = useLabels();
  const { usage, timing } = message;
  if (message.status === 'streaming' || (!usage && !timing)) return null;
  const items: string[] = [];
  if (timing?.firstTokenMs !== undefined) items.push(labels.usageFirstToken(timing.firstTokenMs));
  if (timing?.durationMs !== undefined) items.push(labels.usageDuration(timing.durationMs));
  if (timing?.tokensPerSecond !== undefined) items.push(labels.usageRate(timing.tokensPerSecond));
  if (usage && (usage.inputTokens !== undefined || usage.outputTokens !== undefined || usage.totalTokens !== undefined)) {
    items.push(labels.usageTokens(usage.inputTokens, usage.outputTokens, usage.totalTokens));
  }
  if (items.length === 0) return null;
  return <p className="acu-message-usage">{items.join(' · ')}</p>;
}
