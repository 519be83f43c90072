// ThreadList: the conversations as parts (`import { ThreadList } from '@agent-chat/ui'`, `<ThreadList.Root threads={…}>`).
// Only re-exports: a server component can import the namespace and dot into it.
/** The list of conversations; `data-state` its status: `loading` | `ready` | `error`. */
export { ThreadList as Root, type ThreadListProps as RootProps } from './thread-list.js';
