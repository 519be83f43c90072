// `@agent-chat/ui/queue`: the message queue's parts (`Queue.Root`, `Queue.Item`, `Queue.Text`, `Queue.Remove`,
// `Queue.MoveUp`, `Queue.MoveDown`, `Queue.SendNow`), in an entry of their own so that apps without a queue do not ship them.
export * as Queue from './queue/parts.js';
export { useQueueItems, type QueueLabels, type RootProps as QueueRootProps, type ItemProps as QueueItemProps } from './queue/parts.js';
