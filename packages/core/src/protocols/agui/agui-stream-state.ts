import type { AgentEvent } from '../../model/events.js';
import type { Message, Role } from '../../model/message.js';
import { isReasoningPart, type Part, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import { parseArguments, roleOf, toolOutputOf, toolRequestOf, upsertTool } from './agui-content.js';
import { messagesSnapshot } from './agui-messages-snapshot.js';
import type { AguiEntry } from './agui-entry.js';
import type { AguiMessage } from './agui-wire-types.js';
import { appendTextPart } from '../../model/content.js';
import { stringOr } from '../../util/guards.js';

/** A tool call this run streamed: its argument text so far, and the message it belongs to. */
interface AguiCall {
  name: string;
  args: string;
  key: string;
  input?: unknown;
}

type LaneKind = 'text' | 'tool' | 'reasoning';

/** Events that close the chunk stream (`*_CHUNK`) open in their lane, as @ag-ui/client's chunk expansion does. */
const LANE_CLOSERS = new Set([
  'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END',
  'TOOL_CALL_RESULT', 'STATE_SNAPSHOT', 'STATE_DELTA', 'CUSTOM', 'STEP_STARTED', 'STEP_FINISHED', 'REASONING_START',
  'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
]);

/** The stream state of one AG-UI run: see {@link createAguiStreamState}. */
export type AguiStreamState = ReturnType<typeof createAguiStreamState>;

/**
 * The text, reasoning and tool-call events of one run, mirrored message by message (so that each can be completed
 * whole), and the `*_CHUNK` streams open per lane (subagent run id, '' for the parent agent).
 * `sent`: the messages the request sent, whose ids (and tool calls) the server already has.
 */
export function createAguiStreamState(sent: readonly AguiMessage[]) {
  const knownIds = new Set<string>();
  /** The tool calls the request sent, by call id: names for results of calls from earlier runs. */
  const knownCalls = new Map<string, Omit<AguiCall, 'key'>>();
  for (const message of sent) {
    knownIds.add(message.id);
    if (message.role === 'assistant') {
      for (const { id, function: fn } of message.toolCalls ?? []) knownCalls.set(id, { name: fn.name, args: fn.arguments, input: parseArguments(fn.arguments) });
    }
  }
  const entries = new Map<string, AguiEntry>();
  /** AG-UI message id → message key (a reasoning message and the assistant message after it share one key). */
  const keyById = new Map<string, string>();
  const textRoles = new Map<string, Role>();
  /** Text messages left out: the server's echo of a user message the client already shows. */
  const skipped = new Set<string>();
  const calls = new Map<string, AguiCall>();
  const lanes = new Map<string, { kind: LaneKind; id: string }>();
  /** The model message this run last streamed into: tool calls without a parent go there. */
  let currentModelKey: string | undefined;

  /** The mirrored message under `key`, created empty with `role` when there is none. */
  function entryFor(key: string, role: Role): AguiEntry {
    let entry = entries.get(key);
    if (!entry) entries.set(key, (entry = { role, content: [], dirty: false }));
    return entry;
  }

  /** The key message `id` streams into: the one it has, else `key` from now on. */
  function keyFor(id: string, key: string): string {
    const known = keyById.get(id) ?? key;
    keyById.set(id, known);
    return known;
  }

  /** The key new model content joins: the model message just streamed when it holds only reasoning so far, else `id`. */
  function modelKeyFor(id: string): string {
    const entry = currentModelKey === undefined ? undefined : entries.get(currentModelKey);
    const reasoningOnly = !!entry && entry.role === 'model' && entry.messageId === undefined && entry.content.every(isReasoningPart);
    return reasoningOnly ? currentModelKey! : id;
  }

  /** A message-complete for the message under `key`, when it changed since the last one. */
  function complete(key: string | undefined, events: AgentEvent[]): void {
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry?.dirty || entry.content.length === 0) return;
    entry.dirty = false;
    // Copies: the store freezes what it is given, and the mirror keeps appending to its own parts.
    const message: Message = { role: entry.role, content: entry.content.map((part) => ({ ...part })) };
    if (entry.messageId !== undefined) message.metadata = { agui: { messageId: entry.messageId } };
    events.push({ type: 'message-complete', message, messageKey: key! });
  }

  /** Opens text message `id`; a model message directly after a reasoning-only one shares its key. */
  function startText(id: string, role: Role): void {
    if (textRoles.has(id) || skipped.has(id)) return;
    if (role === 'user' && knownIds.has(id)) {
      skipped.add(id); // the server echoes a message the client already shows
      return;
    }
    textRoles.set(id, role);
    const key = keyFor(id, role === 'model' ? modelKeyFor(id) : id);
    entryFor(key, role).messageId = id;
    if (role === 'model') currentModelKey = key;
  }

  /** Opens reasoning message `id`, joining a reasoning-only model message just before it. */
  function startReasoning(id: string): void {
    if (keyById.has(id)) return;
    currentModelKey = keyFor(id, modelKeyFor(id));
    entryFor(currentModelKey, 'model');
  }

  /** A text-delta into message `id` (opened as a model message if it was not), or a reasoning-delta. */
  function streamDelta(kind: 'text' | 'reasoning', id: string, delta: unknown, source: unknown, events: AgentEvent[]): void {
    if (typeof delta !== 'string' || delta === '') return;
    let role: Role = 'model';
    if (kind === 'reasoning') startReasoning(id);
    else if (skipped.has(id)) return;
    else {
      startText(id, 'model');
      role = textRoles.get(id)!;
    }
    const key = keyById.get(id)!;
    const entry = entryFor(key, role);
    appendTextPart(entry.content, delta, kind);
    entry.dirty = true;
    events.push({ type: kind === 'text' ? 'text-delta' : 'reasoning-delta', text: delta, role, messageKey: key, source });
  }

  /** A tool part into the message under `key`, and its event. */
  function emitTool(key: string, role: Role, part: ToolRequestPart | ToolResponsePart, source: unknown, events: AgentEvent[]): void {
    const entry = entryFor(key, role);
    upsertTool(entry.content, part);
    entry.dirty = true;
    events.push({ type: role === 'tool' ? 'tool-response' : 'tool-request', part, role, messageKey: key, source } as AgentEvent);
  }

  /** Opens tool call `id` as a partial tool request in its parent message, else the model message streamed last. */
  function startTool(id: string, name: string, parentId: string | undefined, source: unknown, events: AgentEvent[]): void {
    if (calls.has(id)) return;
    let key: string;
    if (parentId !== undefined) {
      key = keyFor(parentId, modelKeyFor(parentId));
      entryFor(key, 'model').messageId ??= parentId;
    } else {
      key = currentModelKey ?? `tool-call:${id}`;
    }
    currentModelKey = key;
    calls.set(id, { name, args: '', key });
    emitTool(key, 'model', { toolRequest: { name, ref: id, partial: true } }, source, events);
  }

  /** Adds argument text to tool call `id`, if it is open. */
  function toolArgs(id: string, delta: unknown): void {
    const call = calls.get(id);
    if (call && typeof delta === 'string') call.args += delta;
  }

  /** Closes tool call `id`: the whole tool request, with its arguments parsed. */
  function endTool(id: string, source: unknown, events: AgentEvent[]): void {
    const call = calls.get(id);
    if (!call) return;
    call.input = parseArguments(call.args);
    emitTool(call.key, 'model', { toolRequest: toolRequestOf(call.name, id, call.input) }, source, events);
  }

  /** Tool call `id`: streamed in this run, else sent in the request. */
  const callOf = (id: string | undefined) => (id === undefined ? undefined : calls.get(id) ?? knownCalls.get(id));
  const callName = (id: string): string | undefined => callOf(id)?.name;

  function closeLane(lane: string, events: AgentEvent[], source: unknown, settle: boolean): void {
    const open = lanes.get(lane);
    if (!open) return;
    lanes.delete(lane);
    if (!settle) return;
    if (open.kind === 'text') complete(keyById.get(open.id), events);
    else if (open.kind === 'tool') endTool(open.id, source, events);
  }

  function closeLanes(events: AgentEvent[], source: unknown, settle: boolean): void {
    for (const lane of [...lanes.keys()]) closeLane(lane, events, source, settle);
  }

  /**
   * The id a `*_CHUNK` event streams into: the lane's open stream of its kind when the id matches (or is left out),
   * else a new stream `start` opens (undefined: nothing to continue, or `start` refused with false).
   */
  function chunkTarget(lane: string, kind: LaneKind, id: string | undefined, value: unknown, events: AgentEvent[], start: (id: string) => unknown): string | undefined {
    const open = lanes.get(lane);
    if (open?.kind === kind && (id === undefined || id === open.id)) return open.id;
    closeLane(lane, events, value, true);
    if (id === undefined || start(id) === false) return undefined;
    lanes.set(lane, { kind, id });
    return id;
  }

  return {
    closeLanes,

    /** A message-complete for every message that changed. */
    completeAll(events: AgentEvent[]): void {
      for (const key of entries.keys()) complete(key, events);
    },

    /** One interrupt of a RUN_FINISHED outcome as a tool request (`ref` = interrupt id), named after its tool call if any. */
    interruptPart(interrupt: Record<string, unknown>): ToolRequestPart | undefined {
      const id = stringOr(interrupt.id);
      if (id === undefined) return undefined;
      const call = callOf(stringOr(interrupt.toolCallId));
      let input: unknown;
      if (call) input = call.input ?? parseArguments(call.args);
      else {
        const { message, responseSchema } = interrupt;
        if (message !== undefined || responseSchema !== undefined) {
          input = { ...(message !== undefined ? { message } : {}), ...(responseSchema !== undefined ? { responseSchema } : {}) };
        }
      }
      const name = call?.name ?? stringOr(interrupt.reason) ?? 'interrupt';
      return { toolRequest: toolRequestOf(name, id, input), metadata: { interrupt } };
    },

    /** Closes the lane an event of `type` ends, then decodes it if it is a message, reasoning or tool-call event. */
    handle(type: string, value: Record<string, unknown>, events: AgentEvent[]): void {
      const lane = stringOr(value.subagentRunId) ?? '';
      if (LANE_CLOSERS.has(type)) closeLane(lane, events, value, true);
      const messageId = stringOr(value.messageId);
      const toolCallId = stringOr(value.toolCallId);
      switch (type) {
        case 'TEXT_MESSAGE_START':
          if (messageId !== undefined) startText(messageId, roleOf(value.role));
          return;
        case 'TEXT_MESSAGE_END':
          if (messageId !== undefined && !skipped.has(messageId)) complete(keyById.get(messageId), events);
          return;
        case 'REASONING_MESSAGE_START':
          if (messageId !== undefined) startReasoning(messageId);
          return;
        case 'TEXT_MESSAGE_CONTENT':
        case 'REASONING_MESSAGE_CONTENT':
          if (messageId !== undefined) streamDelta(type === 'TEXT_MESSAGE_CONTENT' ? 'text' : 'reasoning', messageId, value.delta, value, events);
          return;
        case 'TEXT_MESSAGE_CHUNK':
        case 'REASONING_MESSAGE_CHUNK': {
          const kind = type === 'TEXT_MESSAGE_CHUNK' ? 'text' : 'reasoning';
          const target = chunkTarget(lane, kind, messageId, value, events, (id) => (kind === 'text' ? startText(id, roleOf(value.role)) : startReasoning(id)));
          if (target !== undefined) streamDelta(kind, target, value.delta, value, events);
          return;
        }
        case 'TOOL_CALL_START':
          if (toolCallId !== undefined) startTool(toolCallId, stringOr(value.toolCallName) ?? 'tool', stringOr(value.parentMessageId), value, events);
          return;
        case 'TOOL_CALL_ARGS':
          toolArgs(toolCallId ?? '', value.delta);
          return;
        case 'TOOL_CALL_END':
          if (toolCallId !== undefined) endTool(toolCallId, value, events);
          return;
        case 'TOOL_CALL_CHUNK': {
          const target = chunkTarget(lane, 'tool', toolCallId, value, events, (id) => {
            if (calls.has(id)) return;
            const name = stringOr(value.toolCallName);
            if (name === undefined) return false; // the first chunk of a call must name the tool
            startTool(id, name, stringOr(value.parentMessageId), value, events);
          });
          if (target !== undefined) toolArgs(target, value.delta);
          return;
        }
        case 'TOOL_CALL_RESULT': {
          // A tool response in its own tool message, complete on arrival.
          if (toolCallId === undefined) return;
          const id = messageId ?? `tool-result:${toolCallId}`;
          const key = keyFor(id, id);
          entryFor(key, 'tool').messageId ??= id;
          emitTool(key, 'tool', { toolResponse: { name: callName(toolCallId) ?? 'tool', ref: toolCallId, output: toolOutputOf(value.content) } }, value, events);
          complete(key, events);
          return;
        }
        case 'MESSAGES_SNAPSHOT':
          closeLanes(events, value, true);
          // Each message of this run replaces what was streamed under its key, and is complete.
          for (const [key, entry] of messagesSnapshot(value.messages, knownIds, keyById, callName)) {
            if (entry.content.length === 0) continue;
            entries.set(key, entry);
            entry.dirty = true;
            complete(key, events);
          }
          return;
        default:
          return;
      }
    },
  };
}
