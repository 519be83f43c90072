// The lazily loaded side of `a2ui()`: one A2UI part of a message, drawn from the whole conversation's surfaces.
import { foldA2ui, type A2uiFold, type A2uiLimits } from '@agent-chat/core/genui';
import type { ChatMessage } from '@agent-chat/core';
import { useAgentChatSelector } from '@agent-chat/react';
import { useToolRegistry } from '../tools/tool-registry.js';
import type { A2uiPartProps } from './a2ui-types.js';
import { A2uiError } from './a2ui-error.js';
import { A2uiSurfaceView } from './a2ui-surface.js';

// One fold per conversation state (messages array) and bounds: every A2UI part of a list shares it.
const folds = new WeakMap<readonly ChatMessage[], { limits: A2uiLimits; fold: A2uiFold }>();

function foldOf(messages: readonly ChatMessage[], limits: A2uiLimits): A2uiFold {
  const cached = folds.get(messages);
  if (cached && cached.limits.maxComponents === limits.maxComponents && cached.limits.maxDepth === limits.maxDepth) return cached.fold;
  const fold = foldA2ui(messages.flatMap((message) => message.content), limits);
  folds.set(messages, { limits, fold });
  return fold;
}

/** One A2UI part: the surface it created (with every later update), its own error, or nothing (an update shown at its surface). */
export function A2uiPart({ part, options }: A2uiPartProps) {
  const registry = useToolRegistry();
  if (!registry) throw new Error('a2ui() renders inside a MessageList (its renderPart).');
  const chat = registry.chat();
  const messages = useAgentChatSelector(chat, (state) => state.messages);
  const busy = useAgentChatSelector(chat, (state) => state.status === 'submitted' || state.status === 'streaming');
  const fold = foldOf(messages, { ...(options.maxComponents !== undefined ? { maxComponents: options.maxComponents } : {}), ...(options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {}) });
  const placement = fold.placements.get(part);
  if (!placement) return null;
  if ('error' in placement) return <A2uiError error={placement.error} />;
  const surface = fold.surfaces.get(placement.surfaceId);
  if (!surface || surface.origin !== part || surface.deleted) return null;
  return <A2uiSurfaceView surface={surface} options={options} chat={chat} answer={registry.answer} busy={busy} />;
}
