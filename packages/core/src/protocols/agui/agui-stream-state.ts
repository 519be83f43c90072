import type { AgentEvent } from '../../model/events.js';
import type { Part, ToolRequestPart } from '../../model/part.js';
import { stringOr } from '../../util/guards.js';
import { roleOf } from './agui-content.js';
import { createAguiMessageMirror, type AguiMessageMirror } from './agui-message-mirror.js';
import { messagesSnapshot } from './agui-messages-snapshot.js';
import { createAguiToolCalls, type AguiToolCalls } from './agui-tool-calls.js';
import type { AguiMessage } from './agui-wire-types.js';

type LaneKind = 'text' | 'tool' | 'reasoning';

/** Events that close the chunk stream (`*_CHUNK`) open in their lane, as @ag-ui/client's chunk expansion does. */
const LANE_CLOSERS = new Set([
  'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END',
  'TOOL_CALL_RESULT', 'STATE_SNAPSHOT', 'STATE_DELTA', 'CUSTOM', 'STEP_STARTED', 'STEP_FINISHED', 'REASONING_START',
  'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
]);

/** The stream state of one AG-UI run: see {@link createAguiStreamState}. */
export interface AguiStreamState {
  /** Closes every open `*_CHUNK` stream; `settle` completes what they streamed. */
  closeLanes(events: AgentEvent[], source: unknown, settle: boolean): void;
  /** A message-complete for every message that changed. */
  completeAll(events: AgentEvent[]): void;
  /** One interrupt of a RUN_FINISHED outcome as a tool request (`ref` = interrupt id), named after its tool call if any. */
  interruptPart(interrupt: Record<string, unknown>): ToolRequestPart | undefined;
  /** A part (a cited source) into the model message this run streamed last, or a new one; completed with it. */
  addModelPart(part: Part, source: unknown, events: AgentEvent[]): void;
  /** Closes the lane an event of `type` ends, then decodes it if it is a message, reasoning or tool-call event. */
  handle(type: string, value: Record<string, unknown>, events: AgentEvent[]): void;
}

/** The `*_CHUNK` streams open per lane (subagent run id, '' for the parent agent). */
function createLanes(mirror: AguiMessageMirror, tools: AguiToolCalls) {
  const lanes = new Map<string, { kind: LaneKind; id: string }>();
  const close = (lane: string, events: AgentEvent[], source: unknown, settle: boolean): void => {
    const open = lanes.get(lane);
    if (!open) return;
    lanes.delete(lane);
    if (!settle) return;
    if (open.kind === 'text') mirror.complete(mirror.keyById.get(open.id), events);
    else if (open.kind === 'tool') tools.end(open.id, source, events);
  };
  return {
    close,
    closeAll(events: AgentEvent[], source: unknown, settle: boolean): void {
      for (const lane of [...lanes.keys()]) close(lane, events, source, settle);
    },
    /**
     * The id a `*_CHUNK` event streams into: the lane's open stream of its kind when the id matches (or is left out),
     * else a new stream `start` opens (undefined: nothing to continue, or `start` refused with false).
     */
    target(lane: string, kind: LaneKind, id: string | undefined, value: unknown, events: AgentEvent[], start: (id: string) => unknown): string | undefined {
      const open = lanes.get(lane);
      if (open?.kind === kind && (id === undefined || id === open.id)) return open.id;
      close(lane, events, value, true);
      if (id === undefined || start(id) === false) return undefined;
      lanes.set(lane, { kind, id });
      return id;
    },
  };
}

/**
 * The text, reasoning and tool-call events of one run, mirrored message by message (so that each can be completed
 * whole), and the `*_CHUNK` streams open per lane (subagent run id, '' for the parent agent).
 * `sent`: the messages the request sent, whose ids (and tool calls) the server already has.
 */
export function createAguiStreamState(sent: readonly AguiMessage[]): AguiStreamState {
  const knownIds: ReadonlySet<string> = new Set(sent.map((message) => message.id));
  const mirror = createAguiMessageMirror(knownIds);
  const tools = createAguiToolCalls(mirror, sent);
  const lanes = createLanes(mirror, tools);

  /** TEXT_MESSAGE_* and REASONING_MESSAGE_* events; false for any other type. */
  function handleMessage(type: string, lane: string, value: Record<string, unknown>, events: AgentEvent[]): boolean {
    const messageId = stringOr(value.messageId);
    switch (type) {
      case 'TEXT_MESSAGE_START':
        if (messageId !== undefined) mirror.startText(messageId, roleOf(value.role));
        return true;
      case 'TEXT_MESSAGE_END':
        if (messageId !== undefined && !mirror.skipped.has(messageId)) mirror.complete(mirror.keyById.get(messageId), events);
        return true;
      case 'REASONING_MESSAGE_START':
        if (messageId !== undefined) mirror.startReasoning(messageId);
        return true;
      case 'TEXT_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CONTENT':
        if (messageId !== undefined) mirror.streamDelta(type === 'TEXT_MESSAGE_CONTENT' ? 'text' : 'reasoning', messageId, value.delta, value, events);
        return true;
      case 'TEXT_MESSAGE_CHUNK':
      case 'REASONING_MESSAGE_CHUNK': {
        const kind = type === 'TEXT_MESSAGE_CHUNK' ? 'text' : 'reasoning';
        const start = (id: string) => (kind === 'text' ? mirror.startText(id, roleOf(value.role)) : mirror.startReasoning(id));
        const target = lanes.target(lane, kind, messageId, value, events, start);
        if (target !== undefined) mirror.streamDelta(kind, target, value.delta, value, events);
        return true;
      }
      default:
        return false;
    }
  }

  /** TOOL_CALL_* events; false for any other type. */
  function handleTool(type: string, lane: string, value: Record<string, unknown>, events: AgentEvent[]): boolean {
    const toolCallId = stringOr(value.toolCallId);
    switch (type) {
      case 'TOOL_CALL_START':
        if (toolCallId !== undefined) tools.start(toolCallId, stringOr(value.toolCallName) ?? 'tool', stringOr(value.parentMessageId), value, events);
        return true;
      case 'TOOL_CALL_ARGS':
        tools.args(toolCallId ?? '', value.delta, value, events);
        return true;
      case 'TOOL_CALL_END':
        if (toolCallId !== undefined) tools.end(toolCallId, value, events);
        return true;
      case 'TOOL_CALL_CHUNK': {
        const target = lanes.target(lane, 'tool', toolCallId, value, events, (id) => {
          if (tools.has(id)) return;
          const name = stringOr(value.toolCallName);
          if (name === undefined) return false; // the first chunk of a call must name the tool
          tools.start(id, name, stringOr(value.parentMessageId), value, events);
        });
        if (target !== undefined) tools.args(target, value.delta, value, events);
        return true;
      }
      case 'TOOL_CALL_RESULT':
        if (toolCallId !== undefined) tools.result(toolCallId, value, events);
        return true;
      default:
        return false;
    }
  }

  /** MESSAGES_SNAPSHOT: each message of this run replaces what was streamed under its key, and is complete. */
  function replaceWithSnapshot(value: Record<string, unknown>, events: AgentEvent[]): void {
    lanes.closeAll(events, value, true);
    for (const [key, entry] of messagesSnapshot(value.messages, knownIds, mirror.keyById, tools.callName)) {
      if (entry.content.length === 0) continue;
      mirror.entries.set(key, entry);
      entry.dirty = true;
      mirror.complete(key, events);
    }
  }

  return {
    closeLanes: lanes.closeAll,
    completeAll(events) {
      for (const key of mirror.entries.keys()) mirror.complete(key, events);
    },
    interruptPart: tools.interruptPart,
    addModelPart(part, source, events) {
      const key = (mirror.currentModelKey ??= 'agui:model');
      const entry = mirror.entryFor(key, 'model');
      entry.content.push(part);
      entry.dirty = true;
      events.push({ type: 'part-add', part, role: 'model', messageKey: key, source });
    },
    handle(type, value, events) {
      const lane = stringOr(value.subagentRunId) ?? '';
      if (LANE_CLOSERS.has(type)) lanes.close(lane, events, value, true);
      if (handleMessage(type, lane, value, events) || handleTool(type, lane, value, events)) return;
      if (type === 'MESSAGES_SNAPSHOT') replaceWithSnapshot(value, events);
    },
  };
}
