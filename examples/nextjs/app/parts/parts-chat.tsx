'use client';
import { genkitTransport, versionTree } from '@agent-chat/core';
import { AgentChatProvider, useAgentChat } from '@agent-chat/react';
import { ArtifactPanel, Composer, InterruptConfirmDialog, MessageActions, MessageList, ThinkingIndicator } from '@agent-chat/ui';

const transport = genkitTransport({ url: '/api/agent' });
// MessageActions regenerates, edits and shows versions: the chat keeps its version tree.
const features = [versionTree()];

/** The same chat composed from the parts: a provider, the list, the indicator, the composer, the dialog. */
export function PartsChat() {
  const { chat, artifacts } = useAgentChat({ transport, features });
  return (
    <AgentChatProvider chat={chat}>
      <div className="parts">
        <MessageList.Root messageActions={MessageActions.Root} empty="Say “add Buy milk”." />
        <ThinkingIndicator />
        <Composer.Root placeholder="Ask the agent…" />
      </div>
      {artifacts.length > 0 ? <ArtifactPanel /> : null}
      <InterruptConfirmDialog />
    </AgentChatProvider>
  );
}
