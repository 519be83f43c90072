import { textOf, type AgentChat, type ChatMessage } from '@agent-chat/core';
import { createContext } from 'react';
import { usePartContext } from '../parts/part-context.js';
import { warnOnce } from '../util/warn-once.js';

/**
 * The operations of a chat that message actions use; `hasFeature` (every `AgentChat` has it) hides the version parts
 * of a chat made without `versionTree()`.
 */
export type MessageActionsChat = Pick<AgentChat<unknown>, 'getState' | 'edit' | 'regenerate' | 'retry' | 'switchBranch' | 'setFeedback'> &
  Partial<Pick<AgentChat<unknown>, 'hasFeature'>>;

/** What the parts of one message's actions share: the message, its chat, and what applies to it. */
export interface MessageActionsContextValue {
  message: ChatMessage;
  chat: MessageActionsChat;
  /** The row is the failed or stopped end of the conversation: Retry applies, Regenerate and Feedback do not. */
  canRetry: boolean;
  /** The message whose alternatives BranchPicker shows. */
  versions: ChatMessage;
  /** The message's own text. */
  text: string;
  /** What Copy copies: the text of the whole answer. */
  copyText: string;
  /** Opens the inline editor (Edit). */
  startEditing: () => void;
}

/** The actions' shared state, provided by `MessageActions`. */
export const MessageActionsContext = createContext<MessageActionsContextValue | null>(null);

/** The enclosing `MessageActions`'s state, for its parts. */
export const useMessageActionsContext = (part: string): MessageActionsContextValue => usePartContext(MessageActionsContext, 'MessageActions', part);

/** The text an answer's Copy copies: each message's text parts, the messages joined with a blank line. */
export function answerText(message: ChatMessage, answer: readonly ChatMessage[] | undefined): string {
  if (!answer || answer.length <= 1) return textOf(message.content);
  return answer.map((each) => textOf(each.content).trim()).filter((text) => text !== '').join('\n\n');
}

/**
 * The chat has the version tree (regenerate, edit, retry, switchBranch): without it their parts do not show, and say
 * so once in development, naming the feature.
 */
function hasTree(context: MessageActionsContextValue, part: string): boolean {
  if (context.chat.hasFeature?.('versionTree') !== false) return true;
  warnOnce(`versionTree:${part}`, `MessageActions.${part} needs the chat's versionTree() feature (createAgentChat({ features: [versionTree()] })); without it, it renders nothing.`);
  return false;
}

/** Which default parts apply to a message (the default composition renders nothing when none does). */
export const appliesTo = {
  copy: (context: MessageActionsContextValue) => context.copyText !== '',
  // The version tree is asked last: a part says it is missing only where it would otherwise show.
  edit: (context: MessageActionsContextValue) => context.message.role === 'user' && hasTree(context, 'Edit'),
  regenerate: (context: MessageActionsContextValue) => context.message.role === 'model' && context.text !== '' && !context.canRetry && hasTree(context, 'Regenerate'),
  feedback: (context: MessageActionsContextValue) => context.message.role === 'model' && context.text !== '' && !context.canRetry,
  retry: (context: MessageActionsContextValue) => context.canRetry && hasTree(context, 'Retry'),
  branchPicker: (context: MessageActionsContextValue) => (context.versions.siblings?.count ?? 0) > 1 && hasTree(context, 'BranchPicker'),
};
