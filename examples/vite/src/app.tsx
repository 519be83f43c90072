import { genkitTransport } from '@agent-chat/core';
import { AgentChatView } from '@agent-chat/ui';
import '@agent-chat/ui/styles.css';

export const App = () => <AgentChatView transport={genkitTransport({ url: '/api/agent' })} />;
