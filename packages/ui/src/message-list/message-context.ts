import type { ChatMessage, MessageStatus } from '@agent-chat/core';
import { createContext, useContext, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { ToolRenderProps } from '../tools/tool-registry.js';

/** What one row of a `MessageList` is, for the parts inside it (`useMessage()`). */
export interface MessageRowValue {
  /** The row's messages: one for a user's or a system message; every message of an answer (tool calls, results, text), in order. */
  messages: readonly ChatMessage[];
  /** The row's last message (an answer's latest): its status is the row's. */
  message: ChatMessage;
  /** Who wrote the row: `'model'` for an answer (its tool messages included). */
  role: 'user' | 'model' | 'system';
  status: MessageStatus;
  /** An answer that is complete: its last message done, no interrupt of it waiting, its turn over. */
  isFinishedAnswer: boolean;
  /** An interrupt (or a client tool) of this row waits for the user's answer. */
  isWaiting: boolean;
  /** The row's alternatives (`‹ 2 / 3 ›`) where there are some: of the message whose versions its switcher shows. */
  siblings: { index: number; count: number } | undefined;
  /** The row is the conversation's last. */
  isLast: boolean;
  /** The row's place in the whole conversation (1-based) where the list knows it (a virtualised list), for the feed. */
  posinset: number | undefined;
  /** The id of the row's heading (the author's name): `MessageList.Row` is labelled by it. */
  headingId: string;
}

/**
 * A row's value as a small store. The provider's value never changes identity: a streaming token gives the row a new
 * value at every commit, and a changed context value makes React search every fiber below its provider (the whole
 * growing answer) for readers. Readers subscribe instead; those the row's render reaches read the new value in it.
 */
export interface MessageRowSource {
  get(): MessageRowValue;
  subscribe(listener: () => void): () => void;
}

/** A row's source: `set` during the row's render (what its subtree reads), `notify` after the commit. */
export function createMessageRowSource(value: MessageRowValue): MessageRowSource & { set(value: MessageRowValue): void; notify(): void } {
  const listeners = new Set<() => void>();
  let current = value;
  return {
    get: () => current,
    set(next) {
      current = next;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}

/** The row being rendered; null outside a `MessageList` row. */
export const MessageRowContext = createContext<MessageRowSource | null>(null);

const NO_SOURCE: MessageRowSource['subscribe'] = () => () => {};

/** The row around the caller, or null outside a `MessageList` row. */
export function useMessageRow(): MessageRowValue | null {
  const source = useContext(MessageRowContext);
  return useSyncExternalStore(source?.subscribe ?? NO_SOURCE, () => source?.get() ?? null, () => source?.get() ?? null);
}

/**
 * The message row around the caller: its messages, role, status, whether it is a finished answer, its versions. For an
 * app's own parts (a Share action that shows only on finished answers, an avatar, a timestamp) and row components.
 * Throws outside a `MessageList` row.
 */
export function useMessage(): MessageRowValue {
  const value = useMessageRow();
  if (!value) throw new Error('useMessage() must be called inside a MessageList row (a row component, a part, an actions component)');
  return value;
}

/** The props of a row component of your own (`MessageList`'s `components`). */
export interface MessageRowComponentProps {
  /**
   * The kit's content of the row: the author's name (its heading), then each message's parts, sources and usage, then
   * the answer's note and actions. Render it inside `<MessageList.Row>` (the feed's `article`), with your own around it.
   */
  children: ReactNode;
}

/**
 * Components of your own for the list's rows, each defaulting to the kit's. A row component renders
 * `<MessageList.Row>` (the `article`) around its `children`; `useMessage()` tells it which row it is. Keep the object stable.
 */
export interface MessageListComponents {
  /** A user's message. */
  UserMessage?: ComponentType<MessageRowComponentProps>;
  /** One answer: all of its messages (tool calls and results, reasoning, text), one article. */
  AssistantMessage?: ComponentType<MessageRowComponentProps>;
  /** A system message. */
  SystemMessage?: ComponentType<MessageRowComponentProps>;
  /** A tool call no `tools` renderer is registered for (default: the kit's tool card). */
  ToolCall?: ComponentType<ToolRenderProps>;
  /** An interrupt (a question of the agent to the user) no `tools` renderer is registered for (default: the kit's prompt in a tool card). */
  Interrupt?: ComponentType<ToolRenderProps>;
}
