import { AgentChatError } from '../model/error.js';
import type { AgentEvent, JsonPatchOperation } from '../model/events.js';
import type { FinishReason } from '../model/finish-reason.js';
import type { ToolRequestPart } from '../model/part.js';
import type { WireFrame } from '../wire/frame.js';
import { roleOf } from './agui-content.js';
import { messagesSnapshot } from './agui-messages-snapshot.js';
import { complete, completeAll, createAguiStreamState, reasoningDelta, startReasoning, startText, textDelta } from './agui-stream-state.js';
import { endTool, interruptPart, startTool, toolArgs, toolResult } from './agui-tool-calls.js';
import type { AguiMessage } from './agui-wire-types.js';
import { artifactOf, isRecord, malformedFrameEvent, stringOr, type FrameDecoder } from './decoder.js';

/** Frames that change no state but are kept for `onChunk` (their frame is the chunk's `raw`). */
const PASSTHROUGH = new Set([
  'STEP_STARTED', 'STEP_FINISHED', 'ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA', 'CUSTOM', 'RAW', 'MESSAGES_SNAPSHOT',
  'REASONING_ENCRYPTED_VALUE', 'SUBAGENT_STARTED', 'SUBAGENT_FINISHED', 'SUBAGENT_ERROR',
]);

/** Events that close the chunk stream (`*_CHUNK`) open in their lane, as @ag-ui/client's chunk expansion does. */
const LANE_CLOSERS = new Set([
  'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END',
  'TOOL_CALL_RESULT', 'STATE_SNAPSHOT', 'STATE_DELTA', 'CUSTOM', 'STEP_STARTED', 'STEP_FINISHED', 'REASONING_START',
  'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
]);

/**
 * A state-neutral event that still makes its frame a chunk, so `onChunk` sees CUSTOM, RAW, STEP_*, ACTIVITY_* frames
 * (as `raw`), with no state change.
 */
const passthrough = (): AgentEvent => ({ type: 'passthrough' });

type LaneKind = 'text' | 'tool' | 'reasoning';

/** What the decoder knows of the run it decodes. */
export interface AguiDecoderContext {
  /** The thread the request named: the session id when the stream never names one. */
  threadId?: string;
  /** The messages the request sent: their ids are known (a MESSAGES_SNAPSHOT skips them), their tool calls named. */
  messages?: readonly AguiMessage[];
}

/**
 * Decodes AG-UI 1.0 events (SSE `data:` frames with `type` in the JSON) into normalized events.
 *
 * - RUN_STARTED → session (threadId). RUN_FINISHED → turn-end: outcome success/absent/unknown → stop, interrupt →
 *   interrupted (interrupt-request parts, `ref` = interrupt id, `metadata.interrupt` = the AG-UI interrupt),
 *   cancelled → aborted. RUN_ERROR → error + turn-end failed. A stream without either → incomplete-stream.
 * - TEXT_MESSAGE_* / _CHUNK → text-delta keyed by message; END → message-complete of what was streamed, carrying
 *   the AG-UI id in `metadata.agui.messageId` (sent back as the message's id on later runs).
 * - REASONING_MESSAGE_* / _CHUNK → reasoning-delta; a reasoning message directly followed by an assistant message
 *   becomes one model message (reasoning part, then text), as Genkit shapes it.
 * - TOOL_CALL_START → a partial tool request; ARGS accumulate; END → the tool request with the parsed input.
 *   TOOL_CALL_RESULT → tool-response in its own tool message (content parsed when it is JSON). _CHUNK alike.
 * - STATE_SNAPSHOT → custom-snapshot; STATE_DELTA → custom-patch (applied atomically by the core).
 * - MESSAGES_SNAPSHOT → message-complete per message the request did not send (see {@link messagesSnapshot}).
 * - STEP_*, ACTIVITY_*, CUSTOM, RAW, SUBAGENT_*: no state, but their frames reach `onChunk`. Unknown types: ignored.
 */
export function createAguiDecoder(context: AguiDecoderContext = {}): FrameDecoder {
  let ended = false;
  let announced = false;
  let threadId = context.threadId;
  const state = createAguiStreamState(context.messages ?? []);
  /** The stream a `*_CHUNK` event opened, per lane (subagent run id, '' for the parent agent). */
  const lanes = new Map<string, { kind: LaneKind; id: string }>();

  function closeLane(lane: string, events: AgentEvent[], source: unknown, settle: boolean): void {
    const open = lanes.get(lane);
    if (!open) return;
    lanes.delete(lane);
    if (!settle) return;
    if (open.kind === 'text') complete(state, state.keyById.get(open.id), events);
    else if (open.kind === 'tool') endTool(state, open.id, source, events);
  }

  function closeLanes(events: AgentEvent[], source: unknown, settle: boolean): void {
    for (const lane of [...lanes.keys()]) closeLane(lane, events, source, settle);
  }

  /**
   * The id a `*_CHUNK` event streams into: the lane's open stream of its kind when the id matches (or is left out),
   * else a new stream `start` opens (undefined: nothing to continue, or `start` refused).
   */
  function chunkTarget(lane: string, kind: LaneKind, id: string | undefined, value: unknown, events: AgentEvent[], start: (id: string) => boolean): string | undefined {
    const open = lanes.get(lane);
    if (open?.kind === kind && (id === undefined || id === open.id)) return open.id;
    closeLane(lane, events, value, true);
    if (id === undefined || !start(id)) return undefined;
    lanes.set(lane, { kind, id });
    return id;
  }

  function runFinished(value: Record<string, unknown>, events: AgentEvent[]): void {
    const outcome = isRecord(value.outcome) ? value.outcome : undefined;
    let finishReason: FinishReason = 'stop'; // absent (and, as the spec says, unrecognised) outcomes mean success
    let interrupts: ToolRequestPart[] = [];
    if (outcome?.type === 'interrupt') {
      const list = Array.isArray(outcome.interrupts) ? outcome.interrupts.filter(isRecord) : [];
      interrupts = list.map((interrupt) => interruptPart(state, interrupt)).filter((part): part is ToolRequestPart => part !== undefined);
      if (interrupts.length > 0) finishReason = 'interrupted';
    } else if (outcome?.type === 'cancelled') {
      finishReason = 'aborted';
    }
    closeLanes(events, value, finishReason !== 'aborted');
    if (finishReason !== 'aborted') completeAll(state, events);
    if (interrupts.length > 0) events.push({ type: 'interrupt-request', parts: interrupts });
    ended = true;
    threadId = stringOr(value.threadId) ?? threadId;
    // A server that keeps snapshots (Genkit behind AG-UI) may name this turn's in `result.snapshotId`.
    const snapshotId = isRecord(value.result) ? stringOr(value.result.snapshotId) : undefined;
    events.push({
      type: 'turn-end', finishReason, ...(threadId ? { sessionId: threadId } : {}), ...(snapshotId ? { snapshotId } : {}), output: value, raw: value,
    });
  }

  function runError(value: Record<string, unknown>, events: AgentEvent[]): void {
    closeLanes(events, value, false);
    ended = true;
    const code = stringOr(value.code);
    const error = new AgentChatError('server-error', stringOr(value.message) ?? 'The agent run failed.', {
      details: value,
      ...(code !== undefined ? { serverStatus: code } : {}),
    });
    events.push({ type: 'error', error }, { type: 'turn-end', finishReason: 'failed', error, ...(threadId ? { sessionId: threadId } : {}), raw: value });
  }

  function handle(type: string, value: Record<string, unknown>, events: AgentEvent[]): void {
    const lane = stringOr(value.subagentRunId) ?? '';
    if (LANE_CLOSERS.has(type)) closeLane(lane, events, value, true);
    const messageId = stringOr(value.messageId);
    const toolCallId = stringOr(value.toolCallId);
    switch (type) {
      case 'RUN_STARTED': {
        closeLanes(events, value, true);
        threadId = stringOr(value.threadId) ?? threadId;
        if (threadId) events.push({ type: 'session', sessionId: threadId });
        return;
      }
      case 'RUN_FINISHED':
        return runFinished(value, events);
      case 'ACTIVITY_SNAPSHOT': {
        // An activity of type 'artifact' whose content is an artifact is one (DESIGN §3); other activities pass through.
        const artifact = value.activityType === 'artifact' ? artifactOf(value.content) : undefined;
        if (artifact) events.push({ type: 'artifact-upsert', artifact: artifact.name !== undefined || messageId === undefined ? artifact : { ...artifact, name: messageId } });
        return;
      }
      case 'RUN_ERROR':
        return runError(value, events);
      case 'TEXT_MESSAGE_START':
        if (messageId !== undefined) startText(state, messageId, roleOf(value.role));
        return;
      case 'TEXT_MESSAGE_CONTENT':
        if (messageId !== undefined) textDelta(state, messageId, value.delta, value, events);
        return;
      case 'TEXT_MESSAGE_END':
        if (messageId !== undefined && !state.skipped.has(messageId)) complete(state, state.keyById.get(messageId), events);
        return;
      case 'TEXT_MESSAGE_CHUNK': {
        const target = chunkTarget(lane, 'text', messageId, value, events, (id) => (startText(state, id, roleOf(value.role)), true));
        if (target !== undefined) textDelta(state, target, value.delta, value, events);
        return;
      }
      case 'REASONING_MESSAGE_START':
        if (messageId !== undefined) startReasoning(state, messageId);
        return;
      case 'REASONING_MESSAGE_CONTENT':
        if (messageId !== undefined) reasoningDelta(state, messageId, value.delta, value, events);
        return;
      case 'REASONING_MESSAGE_CHUNK': {
        const target = chunkTarget(lane, 'reasoning', messageId, value, events, (id) => (startReasoning(state, id), true));
        if (target !== undefined) reasoningDelta(state, target, value.delta, value, events);
        return;
      }
      case 'TOOL_CALL_START':
        if (toolCallId !== undefined) startTool(state, toolCallId, stringOr(value.toolCallName) ?? 'tool', stringOr(value.parentMessageId), value, events);
        return;
      case 'TOOL_CALL_ARGS':
        toolArgs(state, toolCallId ?? '', value.delta);
        return;
      case 'TOOL_CALL_END':
        if (toolCallId !== undefined) endTool(state, toolCallId, value, events);
        return;
      case 'TOOL_CALL_CHUNK': {
        const target = chunkTarget(lane, 'tool', toolCallId, value, events, (id) => {
          if (state.calls.has(id)) return true;
          const name = stringOr(value.toolCallName);
          if (name === undefined) return false; // the first chunk of a call must name the tool
          startTool(state, id, name, stringOr(value.parentMessageId), value, events);
          return true;
        });
        if (target !== undefined) toolArgs(state, target, value.delta);
        return;
      }
      case 'TOOL_CALL_RESULT':
        return toolResult(state, value, events);
      case 'STATE_SNAPSHOT':
        if ('snapshot' in value) events.push({ type: 'custom-snapshot', custom: value.snapshot });
        return;
      case 'STATE_DELTA':
        // Not an array? The core rejects it as a failed patch, like any other bad patch.
        events.push({ type: 'custom-patch', patch: value.delta as JsonPatchOperation[] });
        return;
      case 'MESSAGES_SNAPSHOT':
        closeLanes(events, value, true);
        if (Array.isArray(value.messages)) messagesSnapshot(state, value.messages, events);
        return;
      default:
        return;
    }
  }

  return {
    decode(frame: WireFrame): AgentEvent[] {
      if (ended) return [];
      if (frame.type === 'malformed') return [malformedFrameEvent('an AG-UI event', frame)];
      if (frame.type !== 'value' || !isRecord(frame.value)) return [];
      const value = frame.value;
      const type = stringOr(value.type);
      if (type === undefined) return [];
      const events: AgentEvent[] = [];
      if (!announced) {
        announced = true;
        // A stream that does not open with RUN_STARTED still belongs to the thread the request named.
        if (type !== 'RUN_STARTED' && threadId) events.push({ type: 'session', sessionId: threadId });
      }
      handle(type, value, events);
      if (PASSTHROUGH.has(type)) events.push(passthrough());
      return events;
    },
    end(): AgentEvent[] {
      if (ended) return [];
      ended = true;
      const error = new AgentChatError('incomplete-stream', 'The AG-UI stream ended before RUN_FINISHED or RUN_ERROR.');
      return [{ type: 'error', error }, { type: 'turn-end', finishReason: 'failed', error, ...(threadId ? { sessionId: threadId } : {}) }];
    },
  };
}
