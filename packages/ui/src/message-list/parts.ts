// MessageList: the conversation as parts, one name each (`import { MessageList } from '@agent-chat/ui'`,
// `<MessageList.Root>`). Only re-exports: a server component can import the namespace and dot into it.
/** The list and its state; `data-state` `empty` | `idle` | `streaming` | `error`. */
export { MessageList as Root, type MessageListProps as RootProps } from './message-list.js';
/** A row's `article` for the row components of your own (`components`); `data-state` the message's status. */
export { MessageListRow as Row, type MessageListRowProps as RowProps } from './message-list-row.js';
