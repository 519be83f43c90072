import { clientTools, createAgentChat, resumable, subAgents, versionTree, type AgentChat, type AgentChatOptions, type ClientTools } from '@agent-chat/core';
import type { TaskState } from '@agent-chat/agent-server';

/** What the browser answers to getLocalTime. */
export interface LocalTime {
  time: string;
  timeZone: string;
}

/** The user's local time (hours and minutes, in their locale) and time zone, read in the browser. */
export function readLocalTime(now = new Date()): LocalTime {
  return {
    time: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(now),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** The tools this browser runs for the agent: it asks for `getLocalTime` when the user asks for the time. */
export const DEMO_CLIENT_TOOLS: ClientTools = {
  getLocalTime: {
    description: "The user's local time and time zone, read in their browser.",
    inputSchema: { type: 'object', properties: {} },
    execute: () => readLocalTime(),
  },
};

/** Where a demo chat starts and what it reports: everything but the features and tools, which every demo chat shares. */
export type DemoChatOptions = Omit<AgentChatOptions<TaskState>, 'features' | 'tools'>;

/**
 * Every chat the demo makes — the single chat (`/chat`) and each thread of the conversations page — is made here: the
 * version tree, the browser's tools, resumable turns and sub-agent runs, so that no page can leave one out.
 */
export function createDemoChat(options: DemoChatOptions): AgentChat<TaskState> {
  return createAgentChat<TaskState>({ ...options, features: [versionTree(), clientTools(), resumable(), subAgents()], tools: DEMO_CLIENT_TOOLS });
}
