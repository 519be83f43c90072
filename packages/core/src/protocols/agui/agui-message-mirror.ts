import { appendTextPart } from '../../model/content.js';
import type { AgentEvent } from '../../model/events.js';
import type { Message, Role } from '../../model/message.js';
import { isReasoningPart, type Part, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import { upsertTool } from './agui-content.js';

/** What the decoder keeps of each message it streamed: a mirror of the store's content, for `message-complete`. */
export interface AguiEntry {
  role: Role;
  content: Part[];
  /** The AG-UI id the message is sent back with (the text message's, for a reasoning + text message). */
  messageId?: string;
  /** Changed since the last message-complete. */
  dirty: boolean;
}

/** The messages of one AG-UI run, mirrored by message key, with the AG-UI ids that stream into them. */
export type AguiMessageMirror = ReturnType<typeof createAguiMessageMirror>;

/** `knownIds`: the ids of the messages the request sent (a user message echoed back under one is skipped). */
export function createAguiMessageMirror(knownIds: ReadonlySet<string>) {
  const entries = new Map<string, AguiEntry>();
  /** AG-UI message id → message key (a reasoning message and the assistant message after it share one key). */
  const keyById = new Map<string, string>();
  const textRoles = new Map<string, Role>();
  /** Text messages left out: the server's echo of a user message the client already shows. */
  const skipped = new Set<string>();

  const mirror = {
    entries,
    keyById,
    skipped,
    /** The model message this run last streamed into: tool calls without a parent go there. */
    currentModelKey: undefined as string | undefined,

    /** The mirrored message under `key`, created empty with `role` when there is none. */
    entryFor(key: string, role: Role): AguiEntry {
      let entry = entries.get(key);
      if (!entry) entries.set(key, (entry = { role, content: [], dirty: false }));
      return entry;
    },

    /** The key message `id` streams into: the one it has, else `key` from now on. */
    keyFor(id: string, key: string): string {
      const known = keyById.get(id) ?? key;
      keyById.set(id, known);
      return known;
    },

    /** The key new model content joins: the model message just streamed when it holds only reasoning so far, else `id`. */
    modelKeyFor(id: string): string {
      const current = mirror.currentModelKey;
      const entry = current === undefined ? undefined : entries.get(current);
      const reasoningOnly = !!entry && entry.role === 'model' && entry.messageId === undefined && entry.content.every(isReasoningPart);
      return reasoningOnly ? current! : id;
    },

    /** A message-complete for the message under `key`, when it changed since the last one. */
    complete(key: string | undefined, events: AgentEvent[]): void {
      const entry = key === undefined ? undefined : entries.get(key);
      if (!entry?.dirty || entry.content.length === 0) return;
      entry.dirty = false;
      // Copies: the store freezes what it is given, and the mirror keeps appending to its own parts.
      const message: Message = { role: entry.role, content: entry.content.map((part) => ({ ...part })) };
      if (entry.messageId !== undefined) message.metadata = { agui: { messageId: entry.messageId } };
      events.push({ type: 'message-complete', message, messageKey: key! });
    },

    /** Opens text message `id`; a model message directly after a reasoning-only one shares its key. */
    startText(id: string, role: Role): void {
      if (textRoles.has(id) || skipped.has(id)) return;
      if (role === 'user' && knownIds.has(id)) {
        skipped.add(id); // the server echoes a message the client already shows
        return;
      }
      textRoles.set(id, role);
      const key = mirror.keyFor(id, role === 'model' ? mirror.modelKeyFor(id) : id);
      mirror.entryFor(key, role).messageId = id;
      if (role === 'model') mirror.currentModelKey = key;
    },

    /** Opens reasoning message `id`, joining a reasoning-only model message just before it. */
    startReasoning(id: string): void {
      if (keyById.has(id)) return;
      mirror.currentModelKey = mirror.keyFor(id, mirror.modelKeyFor(id));
      mirror.entryFor(mirror.currentModelKey, 'model');
    },

    /** A text-delta into message `id` (opened as a model message if it was not), or a reasoning-delta. */
    streamDelta(kind: 'text' | 'reasoning', id: string, delta: unknown, source: unknown, events: AgentEvent[]): void {
      if (typeof delta !== 'string' || delta === '') return;
      let role: Role = 'model';
      if (kind === 'reasoning') mirror.startReasoning(id);
      else if (skipped.has(id)) return;
      else {
        mirror.startText(id, 'model');
        role = textRoles.get(id)!;
      }
      const key = keyById.get(id)!;
      const entry = mirror.entryFor(key, role);
      appendTextPart(entry.content, delta, kind);
      entry.dirty = true;
      events.push({ type: kind === 'text' ? 'text-delta' : 'reasoning-delta', text: delta, role, messageKey: key, source });
    },

    /** A tool part into the message under `key`, and its event. */
    emitTool(key: string, role: Role, part: ToolRequestPart | ToolResponsePart, source: unknown, events: AgentEvent[]): void {
      const entry = mirror.entryFor(key, role);
      upsertTool(entry.content, part);
      entry.dirty = true;
      events.push({ type: role === 'tool' ? 'tool-response' : 'tool-request', part, role, messageKey: key, source } as AgentEvent);
    },
  };
  return mirror;
}
