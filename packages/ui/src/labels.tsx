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
  attachFiles: string;
  attachments: string;
  removeAttachment: (name: string) => string;
  dropFilesHere: string;
  fileSize: (bytes: number) => string;
  attachmentTooLarge: (name: string, maxSize: string) => string;
  attachmentWrongType: (name: string) => string;
  tooManyAttachments: (maxFiles: number) => string;
  attachmentFailed: (name: string) => string;
  // Message list and rows
  conversation: string;
  roleUser: string;
  roleModel: string;
  roleTool: string;
  roleSystem: string;
  reasoning: string;
  reasoningActive: string;
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

/** A byte count as people read it: 512 B, 14 KB, 2.4 MB (powers of 1024, as file dialogs show them). */
function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 ** 2 ? [bytes / 1024, 'KB'] : [bytes / 1024 ** 2, 'MB'];
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} ${unit}`;
}

/** The kit's English strings. */
export const defaultLabels: AgentChatLabels = {
  composerLabel: 'Message',
  composerPlaceholder: 'Message the agent…',
  composerWaitingPlaceholder: 'Answer the pending request first',
  composerWaitingHint: 'The agent is waiting for your answer to a request.',
  send: 'Send',
  stop: 'Stop',
  attachFiles: 'Attach files',
  attachments: 'Attachments',
  removeAttachment: (name) => `Remove ${name}`,
  dropFilesHere: 'Drop files to attach them',
  fileSize: formatFileSize,
  attachmentTooLarge: (name, maxSize) => `${name} is too large: files can be up to ${maxSize}.`,
  attachmentWrongType: (name) => `${name} cannot be attached: this type of file is not supported.`,
  tooManyAttachments: (maxFiles) => `You can attach up to ${maxFiles} files to one message.`,
  attachmentFailed: (name) => `${name} could not be attached. Try again.`,
  conversation: 'Conversation',
  roleUser: 'You',
  roleModel: 'Agent',
  roleTool: 'Tool',
  roleSystem: 'System',
  reasoning: 'Reasoning',
  reasoningActive: 'Thinking…',
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
