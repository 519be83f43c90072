/// <reference types="vite/client" />
import { a2ui, mcpApps } from '@agent-chat/ui/genui';
import { DEMO_TOOL_CARDS } from './demo-tools.js';
import { Suggestions } from './suggestions.js';
import mermaidScript from 'mermaid/dist/mermaid.min.js?url';

/** Images and text files up to 512 kB: a `data:` URL is a third larger, and AG-UI and the AI SDK resend the history. */
const DEMO_ATTACHMENTS = { maxFileSize: 512 * 1024 };
// The code highlighter, KaTeX (with its CSS and fonts) and Mermaid: chunks of their own, loaded at the first finished
// code block, formula and diagram.
const loadHighlighter = () => import('@agent-chat/ui/highlighter').then((module) => module.highlighter);
const loadMath = () => import('@agent-chat/ui/math').then((module) => module.mathRenderer);
// Mermaid draws in a network-less box, from its one-file build served with the page.
const loadDiagrams = () => import('@agent-chat/ui/diagrams').then((module) => module.createDiagramRenderer({ script: mermaidScript }));

/**
 * What every page of the demo gives its `AgentChatView` (the single chat and the conversations): the tool cards, the
 * suggestions of an empty conversation, the attachments, the lazy renderers, the usage line. The artifacts show in the page's own side panel.
 */
export const DEMO_VIEW = {
  artifacts: 'never',
  placeholder: 'Message the task assistant',
  // The task chart is an MCP App (a sandboxed frame); "book a table" answers with an A2UI form. Both renderers load
  // at their first use.
  tools: { ...DEMO_TOOL_CARDS, chartTasks: mcpApps() },
  renderPart: a2ui(),
  empty: <Suggestions />,
  // Inline (data: URL) files travel in the JSON body, which the agent server caps at 1 MiB.
  attachments: DEMO_ATTACHMENTS,
  codeHighlighter: loadHighlighter,
  mathRenderer: loadMath,
  diagramRenderer: loadDiagrams,
  showUsage: true,
} as const;
