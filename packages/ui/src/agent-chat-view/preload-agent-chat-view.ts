import { markdownPart } from '../markdown/lazy-markdown.js';
import { virtualRowsPart } from '../message-list/message-rows.js';
import { mediaViewPart, messageSourcesPart, messageUsagePart } from '../message-list/row-parts.js';
import { subAgentViewPart } from '../tools/lazy-sub-agent-view.js';
import { toolActivityPart } from '../tools/lazy-tool-activity.js';
import { artifactPanelPart, interruptDialogPart, messageActionsPart } from './view-parts.js';

/**
 * Loads every part `AgentChatView` loads on demand (Markdown, the virtualiser, tool rows, sub-agent runs, media, sources,
 * the usage line, message actions, the artifact panel, the interrupt dialog), e.g. on a link's hover, or on a server before `renderToString` so its HTML has them all.
 * The view loads what it shows by itself; this only makes it sooner. Resolves when all are there.
 */
export async function preloadAgentChatView(): Promise<void> {
  await Promise.all([markdownPart, virtualRowsPart, toolActivityPart, subAgentViewPart, mediaViewPart, messageSourcesPart, messageUsagePart, messageActionsPart, artifactPanelPart, interruptDialogPart].map((part) => part.preload()));
}
