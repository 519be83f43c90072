import type { ChatMessage } from '@agent-chat/core';
import { memo, useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { MessageRow, shows, type RowPlaces, type RowShared } from './message-row.js';
import { MessageListRow } from './message-list-row.js';
import { createMessageRowSource, MessageRowContext, type MessageRowComponentProps, type MessageRowValue } from './message-context.js';
import { RowErrorBoundary } from './row-error-boundary.js';
import { speakerOf, type RowGroup } from './row-groups.js';
import type { RowToolLinks } from '../tools/tool-links.js';

/** The kit's row: the feed's article around the row's content. */
function DefaultRow({ children }: MessageRowComponentProps) {
  return <MessageListRow>{children}</MessageListRow>;
}

/** What one row needs: its messages in the list's window, their links and places, and the list's shared state. */
export interface RowGroupProps {
  messages: readonly ChatMessage[];
  group: RowGroup;
  links: ReadonlyMap<string, RowToolLinks>;
  places: RowPlaces;
  shared: RowShared;
  /** The message that offers Retry (the failed or stopped end of the conversation). */
  retryId: string | undefined;
  /** The failed end of the conversation and why it failed: that message shows the turn's one error notice. */
  failure: { id: string; reason: string } | undefined;
  /** The row is the conversation's last, and a turn runs. */
  isLast: boolean;
  active: boolean;
  /** Its place in the whole conversation (1-based), for a feed's screen-reader users (the list sets `aria-setsize`). */
  posinset?: number | undefined;
}

/** The row's messages, tool links and places are the same: a memoized row skips its render. */
export function sameGroup(previous: RowGroupProps, next: RowGroupProps): boolean {
  if (previous.shared !== next.shared || previous.isLast !== next.isLast || previous.posinset !== next.posinset) return false;
  // A turn starting or ending changes only the last row (whether its answer is finished).
  if (next.isLast && previous.active !== next.active) return false;
  const { from, to } = next.group;
  if (previous.group.from !== from || previous.group.to !== to) return false;
  for (let index = from; index < to; index++) {
    const message = next.messages[index]!;
    const id = message.id;
    if (previous.messages[index] !== message || previous.links.get(id) !== next.links.get(id)) return false;
    if (previous.places.ends.get(id) !== next.places.ends.get(id) || previous.places.answers.get(id) !== next.places.answers.get(id)) return false;
    if ((previous.retryId === id) !== (next.retryId === id)) return false;
    if ((previous.failure?.id === id ? previous.failure.reason : undefined) !== (next.failure?.id === id ? next.failure.reason : undefined)) return false;
  }
  return true;
}

/**
 * One row of the feed, one `article`: a user's or a system message, or a whole answer (its tool calls and results,
 * reasoning and text, in the DOM as on screen) under one heading. The app's row component for its role, else the
 * kit's; each message inside is memoized, so a streaming token re-renders the row's frame and its one growing message.
 */
export const RowGroupSlot = memo(function RowGroupSlot(props: RowGroupProps) {
  const { messages, group, links } = props;
  const row = messages.slice(group.from, group.to);
  // Nothing to show yet (a tool result shown on its call's card, an answer with no parts): no article.
  return row.some((message) => shows(message, links)) ? <RowArticle {...props} row={row} /> : null;
}, sameGroup);

function RowArticle({ row, links, places, shared, retryId, failure, isLast, active, posinset }: RowGroupProps & { row: readonly ChatMessage[] }) {
  const headingId = useId();
  const first = row[0]!;
  const last = row[row.length - 1]!;
  const role = speakerOf(first.role);
  const isWaiting = row.some((message) => links.get(message.id)?.waiting === true);
  const versions = places.ends.get(last.id) ?? first;
  const value: MessageRowValue = {
    messages: row, message: last, role, status: last.status, isWaiting, isLast, posinset, headingId,
    isFinishedAnswer: role === 'model' && last.status === 'done' && !isWaiting && !(isLast && active),
    siblings: versions.siblings,
  };
  const { components } = shared;
  const Row = (role === 'user' ? components.UserMessage : role === 'model' ? components.AssistantMessage : components.SystemMessage) ?? DefaultRow;
  const content: ReactNode[] = [
    <h2 key="heading" id={headingId} className="acu-message__author" data-state={last.status}>{shared.names[role]}</h2>,
  ];
  for (const message of row) {
    content.push(
      <RowErrorBoundary key={message.id} message={message} messageId={message.id} text={shared.renderError} inline>
        <MessageRow message={message} links={links.get(message.id)!} renderPart={shared.renderPart} actions={shared.actions}
          canRetry={message.id === retryId} end={places.ends.get(message.id)} answer={places.answers.get(message.id)}
          failure={failure?.id === message.id ? failure.reason : undefined} />
      </RowErrorBoundary>,
    );
  }
  // One source per row, set as the row renders (its subtree reads the new value in this render); readers the render
  // skips (memoized) hear of it after the commit.
  const [source] = useState(() => createMessageRowSource(value));
  source.set(value);
  useLayoutEffect(() => source.notify());
  return (
    <MessageRowContext.Provider value={source}>
      <RowErrorBoundary message={last} messageId={first.id} text={shared.renderError}>
        <Row>{content}</Row>
      </RowErrorBoundary>
    </MessageRowContext.Provider>
  );
}

/** Rows per block: a commit re-creates the elements of the changed block only, not of the whole history in view. */
export const BLOCK_SIZE = 25;

interface RowBlockProps extends Omit<RowGroupProps, 'group' | 'isLast' | 'posinset'> {
  groups: readonly RowGroup[];
  /** The block's rows are `groups[from]` up to, not including, `groups[to]`. */
  from: number;
  to: number;
}

function sameBlock(previous: RowBlockProps, next: RowBlockProps): boolean {
  if (previous.from !== next.from || previous.to !== next.to) return false;
  for (let index = next.from; index < next.to; index++) {
    const group = next.groups[index]!;
    const before = previous.groups[index];
    if (!before || before.key !== group.key) return false;
    const was = { ...previous, group: before, isLast: index === previous.groups.length - 1 };
    if (!sameGroup(was, { ...next, group, isLast: index === next.groups.length - 1 })) return false;
  }
  return true;
}

/** A run of memoized rows, each in a row element: it re-renders only when one of its own rows changed. */
export const RowBlock = memo(function RowBlock({ groups, from, to, ...rest }: RowBlockProps) {
  const rows = [];
  for (let index = from; index < to; index++) {
    const group = groups[index]!;
    rows.push(
      <div key={group.key} className="acu-message-list__row">
        <RowGroupSlot {...rest} group={group} isLast={index === groups.length - 1} />
      </div>,
    );
  }
  return rows;
}, sameBlock);
