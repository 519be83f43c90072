import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * Every user-visible string of the kit's components, in one place so an app can translate or reword them.
 * Components read them with {@link useLabels}; a `labels` prop on a component (or on `AgentChatView`) or a
 * {@link LabelsProvider} above it overrides any subset. Keys are grouped by the component that shows them.
 */
export interface AgentChatLabels {
  // Composer
  composerLabel: string;
  composerPlaceholder: string;
  composerWaitingPlaceholder: string;
  composerWaitingHint: string;
  send: string;
  stop: string;
  // Message list and rows
  conversation: string;
  roleUser: string;
  roleModel: string;
  roleTool: string;
  roleSystem: string;
  reasoning: string;
  reasoningActive: string;
  noMessages: string;
  loadEarlier: (count: number) => string;
  jumpToLatest: string;
  turnFailed: string;
  retryTurn: string;
  replyStopped: string;
  replyFailed: string;
  rowRenderError: string;
  // Message actions
  copy: string;
  copyMessage: string;
  copied: string;
  copyFailed: string;
  copyCode: string;
  // Thinking indicator
  thinking: string;
  reconnecting: string;
  // Interrupt dialog and inline approvals
  confirm: string;
  deny: string;
  // Artifacts
  artifacts: string;
  // Tool rows
  toolInput: string;
  toolResult: string;
  toolError: string;
  // Developer tools
  turnInspector: string;
  noTurnYet: string;
  turnNumber: (turn: number) => string;
}

/** The kit's English strings. */
export const defaultLabels: AgentChatLabels = {
  composerLabel: 'Message',
  composerPlaceholder: 'Message the agent…',
  composerWaitingPlaceholder: 'Answer the pending request first',
  composerWaitingHint: 'The agent is waiting for your answer to a request.',
  send: 'Send',
  stop: 'Stop',
  conversation: 'Conversation',
  roleUser: 'You',
  roleModel: 'Agent',
  roleTool: 'Tool',
  roleSystem: 'System',
  reasoning: 'Reasoning',
  reasoningActive: 'Thinking…',
  noMessages: 'No messages yet.',
  loadEarlier: (count) => `Show earlier messages (${count})`,
  jumpToLatest: 'Jump to latest',
  turnFailed: 'The turn failed.',
  retryTurn: 'Retry',
  replyStopped: 'Stopped: this reply is incomplete.',
  replyFailed: 'Failed: this reply is incomplete.',
  rowRenderError: 'This message could not be shown.',
  copy: 'Copy',
  copyMessage: 'Copy message',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  copyCode: 'Copy code',
  thinking: 'Thinking…',
  reconnecting: 'Reconnecting…',
  confirm: 'Confirm',
  deny: 'Deny',
  artifacts: 'Artifacts',
  toolInput: 'Input',
  toolResult: 'Result',
  toolError: 'Error',
  turnInspector: 'Turn inspector',
  noTurnYet: 'No turn yet',
  turnNumber: (turn) => `Turn ${turn}`,
};

const LabelsContext = createContext<AgentChatLabels>(defaultLabels);

/** Overrides some of the kit's strings for every component below it (nested providers merge). */
export function LabelsProvider({ labels, children }: { labels: Partial<AgentChatLabels>; children?: ReactNode }) {
  const outer = useContext(LabelsContext);
  const merged = useMemo(() => ({ ...outer, ...labels }), [outer, labels]);
  return <LabelsContext.Provider value={merged}>{children}</LabelsContext.Provider>;
}

/** The strings in effect here: the provider's, with a component's own `labels` prop on top. */
export function useLabels(own?: Partial<AgentChatLabels>): AgentChatLabels {
  const inherited = useContext(LabelsContext);
  return useMemo(() => (own ? { ...inherited, ...own } : inherited), [inherited, own]);
}
