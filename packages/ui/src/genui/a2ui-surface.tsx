// One A2UI surface drawn by the A2UI project's own React renderer (`@a2ui/react` over `@a2ui/web_core`'s message
// processor), fed the messages the kit's model accepted; this file is only the bridge to the chat.
import {
  a2uiActionMessage, a2uiInterruptFor, checkA2uiTree, genUiError, type A2uiActionMessage, type A2uiServerMessage, type A2uiSurface,
  type GenUiError,
} from '@agent-chat/core/genui';
import { A2uiSurface as A2uiReactSurface, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import { MessageProcessor, type A2uiClientAction, type Catalog } from '@a2ui/web_core/v0_9';
import { Component, useState, type ReactNode } from 'react';
import type { AgentChat } from '@agent-chat/core';
import type { ToolRegistryValue } from '../tools/tool-registry.js';
import type { A2uiOptions } from './a2ui-types.js';
import { A2uiError } from './a2ui-error.js';
import { catalogFor } from './a2ui-catalog.js';

interface A2uiSurfaceViewProps {
  surface: A2uiSurface;
  options: A2uiOptions;
  chat: AgentChat;
  answer: ToolRegistryValue['answer'];
  /** A turn runs: the surface's controls wait (an action now would start another). */
  busy: boolean;
}

/** The processor of one surface and how many of its messages it has applied; rebuilt when its history is another. */
interface Processed {
  processor: MessageProcessor<ReactComponentImplementation>;
  catalog: Catalog<ReactComponentImplementation>;
  first: A2uiServerMessage | undefined;
  fed: number;
  error: GenUiError | undefined;
  onAction: (action: A2uiClientAction) => void;
}

/** The first component types the catalog does not have, as an error (the surface is not drawn half). */
function unknownComponents(surface: A2uiSurface, catalog: Catalog<ReactComponentImplementation>): GenUiError | undefined {
  const unknown = new Set<string>();
  for (const component of surface.components.values()) if (!catalog.components.has(component.component)) unknown.add(component.component);
  if (unknown.size === 0) return undefined;
  const names = [...unknown].slice(0, 3).map((name) => JSON.stringify(name.slice(0, 40))).join(', ');
  return genUiError('unknown-component', `The app's catalog has no component ${names}${unknown.size > 3 ? ` (and ${unknown.size - 3} more)` : ''}.`, surface.surfaceId);
}

function feed(processed: Processed, messages: readonly A2uiServerMessage[]): void {
  for (; processed.fed < messages.length && !processed.error; processed.fed++) {
    try {
      // A copy: the store's values are frozen, and the processor's data model writes into what it was given.
      processed.processor.processMessages([structuredClone(messages[processed.fed]!)] as Parameters<MessageProcessor<ReactComponentImplementation>['processMessages']>[0]);
    } catch (error) {
      processed.error = genUiError('malformed', error instanceof Error ? error.message : String(error), surfaceIdOf(messages[0]));
    }
  }
}

const surfaceIdOf = (message: A2uiServerMessage | undefined) => (message && 'createSurface' in message ? message.createSurface.surfaceId : undefined);

/** Keeps a render error inside its surface. */
class SurfaceBoundary extends Component<{ surfaceId: string; children: ReactNode }, { error: GenUiError | null }> {
  override state: { error: GenUiError | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: genUiError('malformed', error instanceof Error ? error.message : String(error)) };
  }
  override render() {
    return this.state.error ? <A2uiError error={{ ...this.state.error, surfaceId: this.props.surfaceId }} /> : this.props.children;
  }
}

/** Sends an action: the answer to the interrupt that names the surface, else the next turn. */
function sendAction(chat: AgentChat, answer: ToolRegistryValue['answer'], message: A2uiActionMessage): void {
  const interrupt = a2uiInterruptFor(message.action.surfaceId, chat.getState().interrupts);
  if (interrupt) {
    const { name, ref } = interrupt.toolRequest;
    answer({ toolCallId: ref ?? name, name, ref }, message);
    return;
  }
  void chat.send({ message: a2uiActionMessage(message) }).catch(() => {}); // a failed turn shows in the list
}

/** One surface, incrementally: each new message of it goes to its processor once; a bad one is a visible error. */
export function A2uiSurfaceView({ surface, options, chat, answer, busy }: A2uiSurfaceViewProps) {
  const catalog = catalogFor(options.components);
  const [box] = useState<{ current: Processed | null }>(() => ({ current: null }));
  /* eslint-disable react-hooks/immutability -- the processor is an external store fed once per message (a count makes a second render, as StrictMode's, feed nothing) */
  let processed = box.current;
  const first = surface.messages[0];
  if (!processed || processed.catalog !== catalog || processed.first !== first || surface.messages.length < processed.fed) {
    const fresh: Processed = { processor: undefined!, catalog, first, fed: 0, error: undefined, onAction: () => {} };
    fresh.processor = new MessageProcessor([catalog], (action) => fresh.onAction(action));
    processed = box.current = fresh;
  }
  processed.onAction = (action) => {
    sendAction(chat, answer, {
      version: 'v0.9',
      action: { name: action.name, surfaceId: action.surfaceId, sourceComponentId: action.sourceComponentId, timestamp: action.timestamp, context: action.context },
      ...(surface.sendDataModel ? { dataModel: processed.processor.model.getSurface(surface.surfaceId)?.dataModel.get('/') } : {}),
    });
  };
  const error = surface.error ?? checkA2uiTree(surface, options) ?? unknownComponents(surface, catalog);
  if (!error) feed(processed, surface.messages);
  /* eslint-enable react-hooks/immutability */
  const shown = error ?? processed.error;
  if (shown) return <A2uiError error={shown} />;
  const model = processed.processor.model.getSurface(surface.surfaceId);
  if (!model) return null;
  return (
    <div className="acu-a2ui" data-state={busy ? 'busy' : 'ready'} data-surface-id={surface.surfaceId}>
      <fieldset className="acu-a2ui__controls" disabled={busy}>
        <SurfaceBoundary surfaceId={surface.surfaceId}>
          <A2uiReactSurface surface={model} />
        </SurfaceBoundary>
      </fieldset>
    </div>
  );
}
