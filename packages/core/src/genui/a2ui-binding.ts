// A2UI v0.9 dynamic values (literal, `{path}`, `{call: 'string_format'}`) and the client-to-server `action`.
import type { Message } from '../model/message.js';
import { isToolRequestPart, type Part, type ToolRequestPart } from '../model/part.js';
import { isRecord } from '../util/guards.js';
import { readPointer } from './a2ui-data-model.js';
import { A2UI_VERSION, a2uiPart } from './a2ui-messages.js';

/**
 * The absolute pointer a binding path names: absolute paths as they are, relative ones under `scope` (the item of a
 * templated list, e.g. `/items/2`).
 */
export function absolutePath(path: string, scope = ''): string {
  if (path.startsWith('/')) return path;
  return `${scope.replace(/\/$/, '')}/${path}`;
}

const INTERPOLATION = /\\?\$\{([^}]*)\}/g;

/** The value of a dynamic property against a data model: a literal, a `{path}`, or `string_format` interpolation. */
export function resolveA2uiValue(value: unknown, dataModel: unknown, scope = ''): unknown {
  if (!isRecord(value)) return value;
  if (typeof value.path === 'string') return readPointer(dataModel, absolutePath(value.path, scope));
  if (value.call === 'string_format' && isRecord(value.args) && typeof value.args.value === 'string') {
    return value.args.value.replace(INTERPOLATION, (match: string, expression: string) => {
      if (match.startsWith('\\')) return match.slice(1);
      // Only data-model paths: client functions (`now()`) have no portable meaning here and stay empty.
      if (expression.includes('(')) return '';
      const resolved = readPointer(dataModel, absolutePath(expression.trim(), scope));
      return resolved === undefined || resolved === null ? '' : typeof resolved === 'object' ? JSON.stringify(resolved) : String(resolved);
    });
  }
  return value;
}

/** A dynamic value as text (`''` when unset). */
export function a2uiText(value: unknown, dataModel: unknown, scope = ''): string {
  const resolved = resolveA2uiValue(value, dataModel, scope);
  if (resolved === undefined || resolved === null) return '';
  return typeof resolved === 'object' ? JSON.stringify(resolved) : String(resolved);
}

/** A2UI v0.9's client-to-server `action` message. */
export interface A2uiActionMessage {
  version: typeof A2UI_VERSION;
  action: { name: string; surfaceId: string; sourceComponentId: string; timestamp: string; context: Record<string, unknown> };
  /** The surface's data model, when it asked for it (`sendDataModel`). */
  dataModel?: unknown;
}

/** What a component's `action` property names: `{name, context?}` (v0.9's server event). */
export interface A2uiActionSpec {
  name: string;
  context?: Record<string, unknown>;
}

/** Reads a component's `action` property (`{name, context?}` or v0.9's `{event: {name, context?}}`). */
export function readA2uiAction(value: unknown): A2uiActionSpec | undefined {
  const spec = isRecord(value) && isRecord(value.event) ? value.event : value;
  if (!isRecord(spec) || typeof spec.name !== 'string') return undefined;
  return { name: spec.name, ...(isRecord(spec.context) ? { context: spec.context } : {}) };
}

/**
 * The `action` message a user's click sends: the context's dynamic values resolved against the data model now.
 * `timestamp` is the caller's (an ISO 8601 string), so the function stays pure.
 */
export function a2uiAction(
  spec: A2uiActionSpec,
  at: { surfaceId: string; sourceComponentId: string; dataModel: unknown; sendDataModel?: boolean; scope?: string },
  timestamp: string,
): A2uiActionMessage {
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec.context ?? {})) context[key] = resolveA2uiValue(value, at.dataModel, at.scope);
  return {
    version: A2UI_VERSION,
    action: { name: spec.name, surfaceId: at.surfaceId, sourceComponentId: at.sourceComponentId, timestamp, context },
    ...(at.sendDataModel ? { dataModel: at.dataModel } : {}),
  };
}

/** The parts of a user message that sends an action as the next turn: a line of text, then the action itself. */
export function a2uiActionParts(message: A2uiActionMessage): Part[] {
  return [{ text: `[${message.action.name}] ${JSON.stringify(message.action.context)}` }, a2uiPart(message)];
}

/** The user message that sends an action as the next turn. */
export function a2uiActionMessage(message: A2uiActionMessage): Message {
  return { role: 'user', content: a2uiActionParts(message) };
}

/** The action a part carries, if it carries one (an agent reading the user's turn). */
export function a2uiActionOf(part: Part): A2uiActionMessage | undefined {
  const custom = (part as { custom?: unknown }).custom;
  const message = isRecord(custom) ? custom.a2ui : undefined;
  if (!isRecord(message) || message.version !== A2UI_VERSION || !isRecord(message.action)) return undefined;
  const { name, surfaceId, sourceComponentId, timestamp, context } = message.action;
  if (typeof name !== 'string' || typeof surfaceId !== 'string' || !isRecord(context)) return undefined;
  return {
    version: A2UI_VERSION,
    action: { name, surfaceId, sourceComponentId: typeof sourceComponentId === 'string' ? sourceComponentId : '', timestamp: typeof timestamp === 'string' ? timestamp : '', context },
    ...('dataModel' in message ? { dataModel: message.dataModel } : {}),
  };
}

/**
 * The pending interrupt a surface's actions answer: a tool request whose input names the surface (`{surfaceId}`).
 * Without one, an action goes to the agent as the next turn.
 */
export function a2uiInterruptFor(surfaceId: string, interrupts: readonly Part[]): ToolRequestPart | undefined {
  for (const part of interrupts) {
    if (isToolRequestPart(part) && isRecord(part.toolRequest.input) && part.toolRequest.input.surfaceId === surfaceId) return part;
  }
  return undefined;
}
