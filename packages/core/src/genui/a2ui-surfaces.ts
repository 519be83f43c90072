// The surfaces a conversation's A2UI parts build: created, updated incrementally, deleted; bounded.
import type { Part } from '../model/part.js';
import { exceedsDepth } from '../util/depth.js';
import { writePointer } from './a2ui-data-model.js';
import { isRecord } from '../util/guards.js';
import { a2uiActionOf, readA2uiAction, type A2uiActionMessage } from './a2ui-binding.js';
import { A2UI_VERSION, isA2uiPart, isGenUiError, readA2uiMessage, surfaceIdOf, type A2uiComponent, type A2uiServerMessage } from './a2ui-messages.js';
import { genUiError, type GenUiError } from './genui-error.js';

/** Bounds on what an agent may send: past them a surface shows a typed error instead. */
export interface A2uiLimits {
  /** Components one surface may hold (default 1,000). */
  maxComponents?: number;
  /** Levels of nesting from the root component, and of the data model (default 32). */
  maxDepth?: number;
}

/** The defaults of {@link A2uiLimits}. */
export const A2UI_LIMITS = { maxComponents: 1000, maxDepth: 32 } as const;

/** One surface as its messages so far made it. */
export interface A2uiSurface {
  surfaceId: string;
  catalogId: string;
  theme?: Record<string, unknown>;
  /** True when the client sends the data model with every action (`sendDataModel`). */
  sendDataModel: boolean;
  /** The part that created it (where it shows: an older part that created a surface of the same id, since deleted, shows nothing). */
  origin: Part;
  /** The messages applied to it since it was created, in order, as read (a renderer replays them). */
  messages: readonly A2uiServerMessage[];
  components: ReadonlyMap<string, A2uiComponent>;
  dataModel: unknown;
  /** True after `deleteSurface`. */
  deleted: boolean;
  /** Set when a message for this surface could not be applied: the surface shows it. */
  error?: GenUiError;
}

/** Where each A2UI part of a list of parts went: the surface it opened (shown there), or its own error. */
export interface A2uiFold {
  surfaces: ReadonlyMap<string, A2uiSurface>;
  /** Per part (by its object identity): the id of the surface it created, or the error of a part that names none. */
  placements: ReadonlyMap<Part, { surfaceId: string } | { error: GenUiError }>;
}

/**
 * Folds A2UI parts in order (a conversation's messages, oldest first) into surfaces. Pure: the same parts give the same
 * surfaces. A bad message marks its surface with a typed error (or, naming none, its own part) and changes nothing else.
 */
export function foldA2ui(parts: Iterable<Part>, limits: A2uiLimits = {}): A2uiFold {
  const maxComponents = limits.maxComponents ?? A2UI_LIMITS.maxComponents;
  const maxDepth = limits.maxDepth ?? A2UI_LIMITS.maxDepth;
  const surfaces = new Map<string, A2uiSurface>();
  const placements = new Map<Part, { surfaceId: string } | { error: GenUiError }>();
  for (const part of parts) {
    if (!isA2uiPart(part)) continue;
    // A user's `action` in the user's turns: the values it submitted are the surface's (a restored or replayed
    // conversation shows the form as it was sent, not as the agent first drew it).
    const action = a2uiActionOf(part);
    if (action) {
      submitted(surfaces, action, maxDepth);
      continue;
    }
    // Other client-to-server messages (a client `error`) draw nothing.
    if (isClientMessage(part.custom.a2ui)) continue;
    const message = readA2uiMessage(part.custom.a2ui, maxComponents);
    if (isGenUiError(message)) {
      const surface = message.surfaceId === undefined ? undefined : surfaces.get(message.surfaceId);
      if (surface) surfaces.set(surface.surfaceId, { ...surface, error: message });
      else placements.set(part, { error: message });
      continue;
    }
    const surfaceId = surfaceIdOf(message);
    const surface = surfaces.get(surfaceId);
    if ('createSurface' in message) {
      const { catalogId, theme, sendDataModel } = message.createSurface;
      // Recreating a live surface is allowed only after it was deleted (its id and catalog are fixed until then).
      if (surface && !surface.deleted) continue;
      // `messages` is this fold's own array: appended to in place (copying it per message would cost O(n²)).
      surfaces.set(surfaceId, { surfaceId, catalogId, ...(theme ? { theme } : {}), sendDataModel: sendDataModel === true, origin: part, messages: [message], components: new Map(), dataModel: {}, deleted: false });
      placements.set(part, { surfaceId });
      continue;
    }
    if (!surface || surface.deleted) {
      placements.set(part, { error: genUiError('unknown-surface', `No surface ${JSON.stringify(surfaceId)} was created before this update.`, surfaceId) });
      continue;
    }
    if (!surface.error) (surface.messages as A2uiServerMessage[]).push(message);
    if ('deleteSurface' in message) {
      surfaces.set(surfaceId, { ...surface, deleted: true });
    } else if ('updateComponents' in message) {
      const components = new Map(surface.components);
      for (const component of message.updateComponents.components) components.set(component.id, component);
      surfaces.set(surfaceId, components.size > maxComponents
        ? { ...surface, error: genUiError('too-large', `A surface may hold at most ${maxComponents} components.`, surfaceId) }
        : { ...surface, components });
    } else {
      const { path = '/', value } = message.updateDataModel;
      if (exceedsDepth(value, maxDepth)) {
        surfaces.set(surfaceId, { ...surface, error: genUiError('too-deep', `The data model may nest at most ${maxDepth} levels.`, surfaceId) });
        continue;
      }
      surfaces.set(surfaceId, { ...surface, dataModel: writePointer(surface.dataModel, path, value, !('value' in message.updateDataModel)) });
    }
  }
  return { surfaces, placements };
}

/**
 * Writes into its surface the values an action sent: its whole data model when it carries one (`sendDataModel`), else
 * each context value the button binds to an absolute path. Each write is an `updateDataModel` of the surface's messages
 * (a renderer replays them), so the live surface, which holds those values already, does not change.
 */
function submitted(surfaces: Map<string, A2uiSurface>, { action, ...message }: A2uiActionMessage, maxDepth: number): void {
  const surface = surfaces.get(action.surfaceId);
  if (!surface || surface.deleted || surface.error) return;
  const writes: Array<{ path: string; value: unknown }> = [];
  if ('dataModel' in message) writes.push({ path: '/', value: message.dataModel });
  else {
    const spec = readA2uiAction(surface.components.get(action.sourceComponentId)?.action);
    for (const [key, binding] of Object.entries(spec?.context ?? {})) {
      const path = isRecord(binding) && typeof binding.path === 'string' ? binding.path : undefined;
      if (path?.startsWith('/') && key in action.context) writes.push({ path, value: action.context[key] });
    }
  }
  let { dataModel } = surface;
  for (const { path, value } of writes) {
    if (exceedsDepth(value, maxDepth)) return;
    (surface.messages as A2uiServerMessage[]).push({ version: A2UI_VERSION, updateDataModel: { surfaceId: action.surfaceId, path, value } });
    dataModel = writePointer(dataModel, path, value, false);
  }
  surfaces.set(action.surfaceId, { ...surface, dataModel });
}

function isClientMessage(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ('action' in value || 'error' in value) && !('createSurface' in value || 'updateComponents' in value || 'updateDataModel' in value || 'deleteSurface' in value);
}

/** The ids of the components a component refers to as children (`child`, `children`, templates, tabs, modal parts). */
export function childIdsOf(component: A2uiComponent): string[] {
  const ids: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string') ids.push(value);
  };
  add(component.child);
  add(component.trigger);
  add(component.content);
  const { children, tabs } = component;
  if (Array.isArray(children)) children.forEach(add);
  else if (children !== null && typeof children === 'object') add((children as { componentId?: unknown }).componentId);
  if (Array.isArray(tabs)) for (const tab of tabs) if (tab !== null && typeof tab === 'object') add((tab as { child?: unknown }).child);
  return ids;
}

/**
 * Checks the tree under `root` before it is drawn: a cycle or a path deeper than `maxDepth` is a typed error (a renderer
 * recursing into either would never end or overflow the stack). Missing children are fine: they may still come.
 */
export function checkA2uiTree(surface: A2uiSurface, limits: A2uiLimits = {}): GenUiError | undefined {
  const maxDepth = limits.maxDepth ?? A2UI_LIMITS.maxDepth;
  const root = surface.components.get('root');
  if (!root) return undefined;
  // Iterative depth-first walk; `onPath` holds the ids of the current path (a repeat on it is a cycle).
  const stack: { component: A2uiComponent; depth: number; next: string[] }[] = [{ component: root, depth: 1, next: childIdsOf(root) }];
  const onPath = new Set<string>(['root']);
  // A component shared by many parents is drawn once per parent: bound what the whole tree expands to.
  const maxDrawn = (limits.maxComponents ?? A2UI_LIMITS.maxComponents) * 4;
  let drawn = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const childId = top.next.pop();
    if (childId === undefined) {
      onPath.delete(top.component.id);
      stack.pop();
      continue;
    }
    if (onPath.has(childId)) return genUiError('malformed', `Component ${JSON.stringify(childId)} contains itself.`, surface.surfaceId);
    const child = surface.components.get(childId);
    if (!child) continue;
    if (top.depth + 1 > maxDepth) return genUiError('too-deep', `A surface may nest at most ${maxDepth} components deep.`, surface.surfaceId);
    if (++drawn > maxDrawn) return genUiError('too-large', `A surface may draw at most ${maxDrawn} components.`, surface.surfaceId);
    onPath.add(childId);
    stack.push({ component: child, depth: top.depth + 1, next: childIdsOf(child) });
  }
  return undefined;
}
