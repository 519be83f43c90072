// The options of `a2ui()` and the props of its lazily loaded part (shared by the eager and the lazy side).
import type { A2uiLimits } from '@agent-chat/core/genui';
import type { Part } from '@agent-chat/core';
import type { MessagePartContext } from '../message-list/message-row.js';
import type { A2uiCatalogComponents } from './a2ui-catalog.js';

/** What `a2ui()` takes: the app's components for the catalog, and bounds on what an agent may send. */
export interface A2uiOptions extends A2uiLimits {
  /**
   * The app's own components, by the name agents use (`component: 'Rating'`), each made with `@a2ui/react`'s
   * `createComponentImplementation` (typed props, two-way bindings, actions) or `createBinderlessComponentImplementation`.
   * They join the kit's default catalog (the A2UI basic catalog, styled like the kit); a name of the basic catalog is replaced.
   */
  components?: A2uiCatalogComponents;
}

/** Props of the lazily loaded view of one A2UI part. */
export interface A2uiPartProps {
  part: Part;
  context: MessagePartContext;
  options: A2uiOptions;
}

