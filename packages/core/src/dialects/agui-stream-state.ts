import type { AgentEvent } from '../model/events.js';
import type { Message, Role } from '../model/message.js';
import { isReasoningPart, type Part } from '../model/part.js';
import { parseArguments } from './agui-content.js';
import type { AguiMessage } from './agui-wire-types.js';
import { appendText } from './decoder.js';

/** What the decoder keeps of each message it streamed: a mirror of the store's content, for `message-complete`. */
export interface AguiEntry {
  role: Role;
  content: Part[];
  /** The AG-UI id the message is sent back with (the text message's, for a reasoning + text message). */
  messageId?: string;
  /** Changed since the last message-complete. */
  dirty: boolean;
}

/** A tool call this run streamed: its argument text so far, and the message it belongs to. */
export interface AguiCall {
  name: string;
  args: string;
  key: string;
  input?: unknown;
}

/** The messages one AG-UI run streamed, mirrored so that each can be completed whole. */
export interface AguiStreamState {
  /** Ids of the messages the request sent: the server already has them. */
  knownIds: Set<string>;
  /** The tool calls the request sent, by call id: names for results of calls from earlier runs. */
  knownCalls: Map<string, { name: string; input: unknown }>;
  entries: Map<string, AguiEntry>;
  /** AG-UI message id → message key (a reasoning message and the assistant message after it share one key). */
  keyById: Map<string, string>;
  textRoles: Map<string, Role>;
  /** Text messages left out: the server's echo of a user message the client already shows. */
  skipped: Set<string>;
  calls: Map<string, AguiCall>;
  /** The model message this run last streamed into: tool calls without a parent go there. */
  currentModelKey: string | undefined;
}

/** An empty mirror that knows the messages (and their tool calls) the request sent. */
export function createAguiStreamState(sent: readonly AguiMessage[]): AguiStreamState {
  const knownIds = new Set<string>();
  const knownCalls = new Map<string, { name: string; input: unknown }>();
  for (const message of sent) {
    knownIds.add(message.id);
    if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) knownCalls.set(call.id, { name: call.function.name, input: parseArguments(call.function.arguments) });
    }
  }
  return { knownIds, knownCalls, entries: new Map(), keyById: new Map(), textRoles: new Map(), skipped: new Set(), calls: new Map(), currentModelKey: undefined };
}

/** The mirrored message under `key`, created empty with `role` when there is none. */
export function entryFor(state: AguiStreamState, key: string, role: Role): AguiEntry {
  let entry = state.entries.get(key);
  if (!entry) {
    entry = { role, content: [], dirty: false };
    state.entries.set(key, entry);
  }
  return entry;
}

/** True when `key` is a model message holding only reasoning so far: the assistant message that follows joins it. */
export function reasoningOnly(state: AguiStreamState, key: string | undefined): key is string {
  const entry = key === undefined ? undefined : state.entries.get(key);
  return !!entry && entry.role === 'model' && entry.messageId === undefined && entry.content.every(isReasoningPart);
}

/** A message-complete for the message under `key`, when it changed since the last one. */
export function complete(state: AguiStreamState, key: string | undefined, events: AgentEvent[]): void {
  const entry = key === undefined ? undefined : state.entries.get(key);
  if (!entry || !entry.dirty || entry.content.length === 0) return;
  entry.dirty = false;
  // Copies: the store freezes what it is given, and the mirror keeps appending to its own parts.
  const message: Message = { role: entry.role, content: entry.content.map((part) => ({ ...part })) };
  if (entry.messageId !== undefined) message.metadata = { agui: { messageId: entry.messageId } };
  events.push({ type: 'message-complete', message, messageKey: key! });
}

/** A message-complete for every message that changed. */
export function completeAll(state: AguiStreamState, events: AgentEvent[]): void {
  for (const key of state.entries.keys()) complete(state, key, events);
}

/** Opens text message `id`; a model message directly after a reasoning-only one shares its key. */
export function startText(state: AguiStreamState, id: string, role: Role): void {
  if (state.textRoles.has(id) || state.skipped.has(id)) return;
  if (role === 'user' && state.knownIds.has(id)) {
    state.skipped.add(id); // the server echoes a message the client already shows
    return;
  }
  state.textRoles.set(id, role);
  let key = state.keyById.get(id);
  if (key === undefined) {
    key = role === 'model' && reasoningOnly(state, state.currentModelKey) ? state.currentModelKey : id;
    state.keyById.set(id, key);
  }
  const entry = entryFor(state, key, role);
  entry.messageId = id;
  if (role === 'model') state.currentModelKey = key;
}

/** A text-delta into message `id` (opened as a model message if it was not). */
export function textDelta(state: AguiStreamState, id: string, delta: unknown, source: unknown, events: AgentEvent[]): void {
  if (typeof delta !== 'string' || delta === '' || state.skipped.has(id)) return;
  if (!state.textRoles.has(id)) startText(state, id, 'model');
  if (state.skipped.has(id)) return;
  const role = state.textRoles.get(id)!;
  const key = state.keyById.get(id)!;
  const entry = entryFor(state, key, role);
  appendText(entry.content, delta, 'text');
  entry.dirty = true;
  events.push({ type: 'text-delta', text: delta, role, messageKey: key, source });
}

/** Opens reasoning message `id`, joining a reasoning-only model message just before it. */
export function startReasoning(state: AguiStreamState, id: string): void {
  if (state.keyById.has(id)) return;
  const key = reasoningOnly(state, state.currentModelKey) ? state.currentModelKey : id;
  state.keyById.set(id, key);
  entryFor(state, key, 'model');
  state.currentModelKey = key;
}

/** A reasoning-delta into reasoning message `id`. */
export function reasoningDelta(state: AguiStreamState, id: string, delta: unknown, source: unknown, events: AgentEvent[]): void {
  if (typeof delta !== 'string' || delta === '') return;
  startReasoning(state, id);
  const key = state.keyById.get(id)!;
  const entry = entryFor(state, key, 'model');
  appendText(entry.content, delta, 'reasoning');
  entry.dirty = true;
  events.push({ type: 'reasoning-delta', text: delta, role: 'model', messageKey: key, source });
}
