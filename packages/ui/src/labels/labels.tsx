import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ToolCallStatus } from '../context/tool-call-status.js';
import type { ThreadListLabels } from './thread-list-labels.js';

/**
 * Every user-visible string of the kit's components, in one place so an app can translate or reword them.
 * Components read them with {@link useLabels}; a `labels` prop on a component (or on `AgentChatView`) or a
 * {@link LabelsProvider} above it overrides any subset. Keys are grouped by the component that shows them.
 */
export interface AgentChatLabels extends Partial<ThreadListLabels> {
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
  /** The button around an image thumbnail in a message, e.g. "Open photo.png full size". */
  openImage: (name: string) => string;
  /** Closes the full-size image. */
  closeImage: string;
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
  noMessages: string;
  loadEarlier: (count: number) => string;
  jumpToLatest: string;
  turnFailed: string;
  retryTurn: string;
  replyStopped: string;
  replyFailed: string;
  rowRenderError: string;
  /** A conversation the server answers 404 or 401 for (unknown, deleted, another user's, or signed out). */
  conversationUnavailable: string;
  startNewChat: string;
  // Message actions
  copy: string;
  copyMessage: string;
  copied: string;
  copyFailed: string;
  copyCode: string;
  /** The accessible name of a drawn diagram (a ```mermaid block). */
  diagram: string;
  /** Under a diagram or table too large to draw, shown as its source instead. */
  tooLargeToDraw: string;
  messageActions: string;
  edit: string;
  editMessage: string;
  saveEdit: string;
  cancelEdit: string;
  regenerate: string;
  regenerateAnswer: string;
  retry: string;
  previousVersion: string;
  nextVersion: string;
  versionOf: (index: number, count: number) => string;
  // Thinking indicator
  thinking: string;
  reconnecting: string;
  runningTool: (tool: string) => string;
  /** A detached run, by its snapshot's status (`state.detached`). */
  detachedPending: string;
  detachedAborting: string;
  detachedCompleted: string;
  detachedFailed: string;
  detachedAborted: string;
  detachedExpired: string;
  // Interrupt dialog and inline approvals
  confirm: string;
  deny: string;
  /** The dialog's description for one pending interrupt. */
  interruptDescription: string;
  /** The dialog's description for several. */
  interruptsDescription: (count: number) => string;
  /** The disclosure around an interrupt's raw input. */
  interruptDetails: string;
  /** The text field's label when the agent gives none. */
  interruptAnswer: string;
  /** Shown when Confirm is pressed with the text field empty. */
  interruptAnswerMissing: string;
  /** Shown when Escape or a click outside tries to close the dialog. */
  interruptWaiting: (deny: string, confirm: string) => string;
  // Artifacts
  artifacts: string;
  artifactsEmpty: string;
  untitledArtifact: (index: number) => string;
  artifactUpdated: (name: string, version: number) => string;
  artifactVersion: (version: number) => string;
  artifactUpdatedBadge: string;
  download: string;
  // Tool rows
  toolInput: string;
  toolResult: string;
  toolError: string;
  toolNoDetails: string;
  toolStatus: Record<ToolCallStatus, string>;
  /** On a question whose answer did not reach the agent (the turn that carried it failed): why, and what to do. */
  answerFailed: (reason: string) => string;
  answerTool: (tool: string) => string;
  // Answer content: reasoning, sources, usage, feedback, suggestions
  /** The reasoning's summary once the answer started: "Thought for 12 s". */
  reasoningDuration: (seconds: number) => string;
  /** The list of an answer's sources. */
  sources: string;
  /** A citation marker's accessible name: "Source 2: Trams of Lisbon". */
  citation: (number: number, title: string) => string;
  usageFirstToken: (ms: number) => string;
  usageDuration: (ms: number) => string;
  usageRate: (tokensPerSecond: number) => string;
  usageTokens: (input: number | undefined, output: number | undefined, total: number | undefined) => string;
  rateGood: string;
  rateBad: string;
  feedbackComment: string;
  feedbackCommentPlaceholder: string;
  sendFeedback: string;
  feedbackThanks: string;
  /** The group of suggested prompts (follow-ups, or starters before the first message). */
  suggestions: string;
  // Developer tools
  turnInspector: string;
  noTurnYet: string;
  turnNumber: (turn: number) => string;
  inspectorEvents: (panel: string) => string;
}

/** A byte count as people read it: 512 B, 14 KB, 2.4 MB (powers of 1024, as file dialogs show them). */
function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 ** 2 ? [bytes / 1024, 'KB'] : [bytes / 1024 ** 2, 'MB'];
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} ${unit}`;
}

/** A duration as people read it: 850 ms, 1.2 s, 14 s. */
function formatSeconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds)} s`;
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
  openImage: (name) => `Open ${name} full size`,
  closeImage: 'Close',
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
  noMessages: 'No messages yet.',
  loadEarlier: (count) => `Show earlier messages (${count})`,
  jumpToLatest: 'Jump to latest',
  turnFailed: 'The turn failed.',
  retryTurn: 'Retry',
  replyStopped: 'Stopped: this reply is incomplete.',
  replyFailed: 'Failed: this reply is incomplete.',
  rowRenderError: 'This message could not be shown.',
  conversationUnavailable: 'This conversation is not available.',
  startNewChat: 'Start a new chat',
  copy: 'Copy',
  copyMessage: 'Copy message',
  copied: 'Copied',
  copyFailed: 'Copy failed',
  copyCode: 'Copy code',
  diagram: 'Diagram',
  tooLargeToDraw: 'Too large to draw: shown as source.',
  messageActions: 'Message actions',
  edit: 'Edit',
  editMessage: 'Edit message',
  saveEdit: 'Send',
  cancelEdit: 'Cancel',
  regenerate: 'Regenerate',
  regenerateAnswer: 'Regenerate answer',
  retry: 'Retry',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  versionOf: (index, count) => `Version ${index} of ${count}`,
  thinking: 'Thinking…',
  reconnecting: 'Reconnecting…',
  runningTool: (tool) => `Running ${tool}…`,
  detachedPending: 'Running in the background…',
  detachedAborting: 'Stopping the background run…',
  detachedCompleted: 'Finished in the background',
  detachedFailed: 'The background run failed',
  detachedAborted: 'Background run stopped',
  detachedExpired: 'The background run stopped responding',
  confirm: 'Confirm',
  deny: 'Deny',
  interruptDescription: 'The agent paused and is waiting for your answer.',
  interruptsDescription: (count) => `The agent paused for ${count} answers.`,
  interruptDetails: 'Details',
  interruptAnswer: 'Your answer',
  interruptAnswerMissing: 'Type an answer, or choose Deny.',
  interruptWaiting: (deny, confirm) => `The agent is waiting. Choose ${deny} or ${confirm} to continue.`,
  artifacts: 'Artifacts',
  artifactsEmpty: 'No artifacts yet.',
  untitledArtifact: (index) => `Untitled ${index}`,
  artifactUpdated: (name, version) => `${name} updated (version ${version})`,
  artifactVersion: (version) => `v${version}`,
  artifactUpdatedBadge: 'Updated',
  download: 'Download',
  toolInput: 'Input',
  toolResult: 'Result',
  toolError: 'Error',
  toolNoDetails: 'No input or result.',
  answerFailed: (reason) => `Your answer did not reach the agent (${reason}). Answer again, or Retry.`,
  toolStatus: {
    'input-streaming': 'preparing',
    running: 'running',
    waiting: 'waiting for input',
    'awaiting-answer': 'waiting for your answer',
    done: 'done',
    error: 'failed',
    denied: 'denied',
    cancelled: 'no result',
  },
  answerTool: (tool) => `Answer ${tool}`,
  reasoningDuration: (seconds) => `Thought for ${seconds} s`,
  sources: 'Sources',
  citation: (number, title) => (title ? `Source ${number}: ${title}` : `Source ${number}`),
  usageFirstToken: (ms) => `${formatSeconds(ms)} to first token`,
  usageDuration: (ms) => `${formatSeconds(ms)} in all`,
  usageRate: (rate) => `${Math.round(rate)} tokens/s`,
  usageTokens: (input, output, total) =>
    input !== undefined || output !== undefined ? `${input ?? '?'} in / ${output ?? '?'} out tokens` : `${total} tokens`,
  rateGood: 'Good answer',
  rateBad: 'Bad answer',
  feedbackComment: 'What was wrong?',
  feedbackCommentPlaceholder: 'Optional: tell us more',
  sendFeedback: 'Send feedback',
  feedbackThanks: 'Thanks for your feedback',
  suggestions: 'Suggestions',
  turnInspector: 'Turn inspector',
  noTurnYet: 'No turn yet',
  turnNumber: (turn) => `Turn ${turn}`,
  inspectorEvents: (panel) => `${panel} events`,
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
