import { isA2uiPart } from '@agent-chat/core/genui';
import type { Part } from '@agent-chat/core';
import { Suspense, type ReactNode } from 'react';
import { lazyPart } from '../util/lazy-part.js';
import type { MessagePartContext, RenderMessagePart } from '../message-list/message-row.js';
import type { A2uiOptions } from './a2ui-types.js';

export type { A2uiOptions, A2uiPartProps } from './a2ui-types.js';

/** Nothing until the renderer's chunk is there: the surface appears when it is. */
function Loading() {
  return <div className="acu-a2ui" data-state="loading" aria-busy="true" />;
}

const a2uiPartChunk = /* @__PURE__ */ lazyPart(() => import('./a2ui-part.js'), (module) => module.A2uiPart, Loading);
const A2uiPartChunk = a2uiPartChunk.Component;

/**
 * Renders A2UI (v0.9) surfaces an agent sends, whatever protocol carried them: `<MessageList renderPart={a2ui()} />`.
 * Each surface shows where the agent created it and follows its later updates; a message that cannot be shown is a
 * visible error of that part only. Button actions go back to the agent: the answer to the interrupt that names the
 * surface (`input.surfaceId`), else the next turn. The renderer (`@a2ui/react`) is a chunk of its own, loaded at the
 * first A2UI part shown.
 */
export function a2ui(options: A2uiOptions = {}): RenderMessagePart {
  return (part: Part, context: MessagePartContext): ReactNode | undefined => {
    if (!isA2uiPart(part)) return undefined;
    return (
      <Suspense fallback={<Loading />}>
        <A2uiPartChunk part={part} context={context} options={options} />
      </Suspense>
    );
  };
}

/** Starts loading the A2UI renderer's chunk (before the first surface arrives, e.g. on hover of a prompt that asks for one). */
export const preloadA2ui = (): Promise<void> => a2uiPartChunk.preload();

/** Several part renderers as one: the first that renders a part (returns something other than `undefined`) wins. */
export function renderParts(...renderers: readonly RenderMessagePart[]): RenderMessagePart {
  return (part, context) => {
    for (const render of renderers) {
      const node = render(part, context);
      if (node !== undefined) return node;
    }
    return undefined;
  };
}
