import type { Message } from '@agent-chat/core';

/** The conversation the server renders before the browser takes over (in an app: loaded from your store). */
export const WELCOME: Message[] = [
  { role: 'user', content: [{ text: 'What can you do?' }] },
  {
    role: 'model',
    content: [{ text: 'I keep a **task list**: say “add Buy milk”, “complete 1”, “report” or “clear”.' }],
  },
];
