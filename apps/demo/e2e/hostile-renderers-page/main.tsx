/// <reference types="vite/client" />
// A page where the browser suite streams hostile content into AgentChatView with math and diagrams on, one turn at a
// time (`window.hostile.turn(events)`), and reads what it fetched and ran (its main-thread tasks come from a trace).
import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { AgentChatView } from '@agent-chat/ui';
import '@agent-chat/ui/styles.css';
import { createRoot } from 'react-dom/client';
// Mermaid's one-file build, served by the page: the diagram renderer hands its text to the network-less box.
import mermaidScript from 'mermaid/dist/mermaid.min.js?url';

localStorage.setItem('token', 'secret-token');

// The next turn's events, handed over by the suite; each event is its own network read.
let next: AgentEvent[] = [];
const take = () => {
  const events = next;
  next = [];
  return events;
};
const transport = scriptedTransport([take], { loop: true, delayMs: 0 });

const chat = createAgentChat({ transport });
const loadMath = () => import('@agent-chat/ui/math').then((module) => module.mathRenderer);
const loadDiagrams = () => import('@agent-chat/ui/diagrams').then((module) => module.createDiagramRenderer({ script: mermaidScript }));

declare global {
  interface Window {
    hostile: { turn(events: AgentEvent[]): Promise<void> };
  }
}
window.hostile = {
  async turn(events) {
    next = events;
    await chat.send('next');
  },
};

createRoot(document.getElementById('root')!).render(<AgentChatView chat={chat} artifacts="always" mathRenderer={loadMath} diagramRenderer={loadDiagrams} />);
document.body.setAttribute('data-ready', '');
