// The few thread-list strings the list's first page shows while the thread layout loads (`AgentChatView threads`):
// apart from the rest of the defaults, so that a view without threads ships only these.
export const THREADS_LABEL = 'Conversations';
export const NEW_CHAT_LABEL = 'New chat';
