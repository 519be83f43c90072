import type { ChatMessage, Role } from '@agent-chat/core';
import { memo } from 'react';
import { MessageRow, type RenderMessagePart } from './message-row.js';
import type { RowToolLinks } from './tool-links.js';

/** Rows per block: a commit re-creates the elements of the changed block only, not of the whole history in view. */
export const BLOCK_SIZE = 25;

interface RowBlockProps {
  messages: readonly ChatMessage[];
  from: number;
  to: number;
  links: ReadonlyMap<string, RowToolLinks>;
  labels: Record<Role, string>;
  renderPart: RenderMessagePart | undefined;
}

function sameRows(previous: RowBlockProps, next: RowBlockProps): boolean {
  if (previous.from !== next.from || previous.to !== next.to || previous.labels !== next.labels || previous.renderPart !== next.renderPart) return false;
  for (let index = next.from; index < next.to; index++) {
    const message = next.messages[index]!;
    if (previous.messages[index] !== message || previous.links.get(message.id) !== next.links.get(message.id)) return false;
  }
  return true;
}

/** A run of memoized rows: it re-renders only when one of its own messages (or their tool links) changed. */
export const RowBlock = memo(function RowBlock({ messages, from, to, links, labels, renderPart }: RowBlockProps) {
  const rows = [];
  for (let index = from; index < to; index++) {
    const message = messages[index]!;
    rows.push(
      <MessageRow key={message.id} message={message} links={links.get(message.id)!} roleLabel={labels[message.role]} renderPart={renderPart} />,
    );
  }
  return <>{rows}</>;
}, sameRows);
