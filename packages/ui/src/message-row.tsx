import type { AnyAgentChat } from './any-agent-chat.js';
import {
  isMediaPart, isReasoningPart, isTextPart, isToolRequestPart, isToolResponsePart,
  type ChatMessage, type MessageStatus, type Part, type Role,
} from '@agent-chat/core';
import { Fragment, memo, type ComponentType, type ReactNode } from 'react';
import { formatValue } from './format-value.js';
import { Markdown } from './markdown.js';
import { MediaView } from './media-view.js';
import type { MessageActionsProps } from './message-actions.js';
import { ToolActivity } from './tool-activity.js';
import { renderToolCall } from './tool-call-row.js';
import { RowErrorBoundary } from './row-error-boundary.js';
import { PAIRED, type RowToolLinks } from './tool-links.js';
import { useToolRegistry, type ToolRegistryValue } from './tool-registry.js';

/** Where a part sits, for a custom part renderer. */
export interface MessagePartContext {
  message: ChatMessage;
  index: number;
}

/** Renders one part; return `undefined` for the default rendering. Keep it stable (module scope or `useCallback`). */
export type RenderMessagePart = (part: Part, context: MessagePartContext) => ReactNode | undefined;

/** The actions component of every row and its chat (one stable object per list). */
export interface RowActions {
  component: ComponentType<MessageActionsProps>;
  chat: AnyAgentChat;
}

/** Default names of each role, shown above its messages. */
export const ROLE_LABELS: Record<Role, string> = { user: 'You', model: 'Agent', tool: 'Tool', system: 'System' };

// Only a stopped or failed reply has a note: it is incomplete.
const STATUS_NOTES: Partial<Record<MessageStatus, string>> = { aborted: 'Stopped: this reply is incomplete.', failed: 'Failed: this reply is incomplete.' };

interface MessageRowProps {
  message: ChatMessage;
  links: RowToolLinks;
  roleLabel: string;
  renderPart: RenderMessagePart | undefined;
  /** Copy, regenerate, edit, versions and retry; none when undefined. */
  actions?: RowActions | undefined;
  canRetry?: boolean;
}

function renderDefault(message: ChatMessage, part: Part, index: number, links: RowToolLinks, registry: ToolRegistryValue | null): ReactNode {
  if (isTextPart(part)) {
    if (message.role === 'user') return <p className="acu-message__text" data-state="plain">{part.text}</p>;
    return <Markdown className="acu-message__text" data-state="markdown" text={part.text} />;
  }
  if (isReasoningPart(part)) {
    const thinking = message.status === 'streaming' && index === message.content.length - 1;
    return (
      <details className="acu-reasoning" data-state={thinking ? 'streaming' : 'done'}>
        <summary className="acu-reasoning__summary">{thinking ? 'Thinking…' : 'Reasoning'}</summary>
        <div className="acu-reasoning__text">{part.reasoning}</div>
      </details>
    );
  }
  if (isMediaPart(part)) return <MediaView className="acu-message__media" media={part.media} name={typeof part.metadata?.filename === 'string' ? part.metadata.filename : undefined} />;
  const link = links.entries[index];
  if (isToolRequestPart(part)) {
    return renderToolCall(message, part, index, link && link !== PAIRED ? link : undefined, links, registry);
  }
  if (isToolResponsePart(part)) return link === PAIRED ? null : <ToolActivity response={part.toolResponse} state="done" />;
  if ('data' in part) return <pre className="acu-data">{formatValue(part.data)}</pre>;
  return null;
}

/**
 * One message. Memoized: it re-renders only when its message or its tool links change, not on other rows' tokens.
 * Exported for bench/react/rows-worker.mjs, which counts its renders (not part of the package's entry).
 */
const MessageRow = memo(function MessageRow({ message, links, roleLabel, renderPart, actions, canRetry = false }: MessageRowProps) {
  const parts: ReactNode[] = [];
  const registry = useToolRegistry();
  message.content.forEach((part, index) => {
    const custom = renderPart?.(part, { message, index });
    const node = custom === undefined ? renderDefault(message, part, index, links, registry) : custom;
    if (node !== null && node !== false) parts.push(<Fragment key={index}>{node}</Fragment>);
  });
  const streaming = message.status === 'streaming';
  if (parts.length === 0 && message.status === 'done') return null;
  const note = STATUS_NOTES[message.status];
  return (
    <article
      className="acu-message"
      data-role={message.role}
      data-state={message.status}
      data-message-id={message.id}
      aria-live={streaming ? 'polite' : undefined}
      aria-busy={(streaming && parts.length === 0) || undefined}
    >
      <div className="acu-message__author" data-state={message.status}>{roleLabel}</div>
      <div className="acu-message__body" data-state={message.status}>{parts}</div>
      {note ? <p className="acu-message__status" data-state={message.status}>{note}</p> : null}
      {actions ? <actions.component message={message} chat={actions.chat} canRetry={canRetry} /> : null}
    </article>
  );
});

/** Rows per block: a commit re-creates the elements of the changed block only, not of the whole history in view. */
export const BLOCK_SIZE = 25;

interface RowBlockProps {
  messages: readonly ChatMessage[];
  from: number;
  to: number;
  links: ReadonlyMap<string, RowToolLinks>;
  labels: Record<Role, string>;
  renderPart: RenderMessagePart | undefined;
  actions?: RowActions | undefined;
  /** The row that offers Retry (the failed or stopped end of the conversation). */
  retryId?: string | undefined;
}

function sameRows(previous: RowBlockProps, next: RowBlockProps): boolean {
  if (previous.actions !== next.actions || previous.retryId !== next.retryId) return false;
  if (previous.from !== next.from || previous.to !== next.to || previous.labels !== next.labels || previous.renderPart !== next.renderPart) return false;
  for (let index = next.from; index < next.to; index++) {
    const message = next.messages[index]!;
    if (previous.messages[index] !== message || previous.links.get(message.id) !== next.links.get(message.id)) return false;
  }
  return true;
}

/** A run of memoized rows: it re-renders only when one of its own messages (or their tool links) changed. */
export const RowBlock = memo(function RowBlock({ messages, from, to, links, labels, renderPart, actions, retryId }: RowBlockProps) {
  const rows = [];
  for (let index = from; index < to; index++) {
    const message = messages[index]!;
    rows.push(
      <RowErrorBoundary key={message.id} message={message} messageId={message.id}>
        <MessageRow message={message} links={links.get(message.id)!} roleLabel={labels[message.role]} renderPart={renderPart}
          actions={actions} canRetry={message.id === retryId} />
      </RowErrorBoundary>,
    );
  }
  return rows;
}, sameRows);
