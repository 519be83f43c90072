import { genkitTransport } from '@agent-chat/core';
import { DEFAULT_BASE, ROUTES, routePath } from '@agent-chat/core/contract';
import { AgentChatView } from '@agent-chat/ui';
import '@agent-chat/ui/styles.css';

// The kit's agent server keeps each user's conversations apart by `x-agent-user`, its stand-in for auth: an app sends
// its signed-in user there (or, better, checks its own session on the server). Its Genkit route is `/api/agent`.
const transport = genkitTransport({ url: routePath(DEFAULT_BASE, ROUTES.genkit), headers: { 'x-agent-user': 'vite-example' } });

export const App = () => <AgentChatView transport={transport} />;
