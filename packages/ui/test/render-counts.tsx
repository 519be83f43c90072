import type { AgentChat } from '@agent-chat/core';
import { AgentChatProvider, useAgentChat } from '@agent-chat/react';
import { render } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';

/**
 * Renders `part` under a provider of `chat` beside a transcript that reads every store batch (`useAgentChat` without
 * throttle), and counts the renders of each: a part that subscribes to its own slice renders far less than the transcript.
 */
export function renderCounting(chat: AgentChat<unknown>, part: ReactNode): { part: number; transcript: number } {
  const counts = { part: 0, transcript: 0 };
  const onRender = () => void counts.part++;
  function Transcript() {
    // Reads `messages`: useAgentChat renders a component only for the state it reads.
    void useAgentChat({ chat, throttle: false }).messages;
    counts.transcript++;
    return null;
  }
  render(
    <AgentChatProvider chat={chat}>
      <Transcript />
      <Profiler id="part" onRender={onRender}>{part}</Profiler>
    </AgentChatProvider>,
  );
  return counts;
}
