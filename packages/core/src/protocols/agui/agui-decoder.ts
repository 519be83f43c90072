import { AgentChatError } from '../../model/error.js';
import type { AgentEvent, JsonPatchOperation } from '../../model/events.js';
import type { FinishReason } from '../../model/finish-reason.js';
import type { ToolRequestPart } from '../../model/part.js';
import type { WireFrame } from '../../wire/frame.js';
import { createAguiActivities } from './agui-activities.js';
import { AGUI_A2UI_ACTIVITY, aguiA2uiParts } from './agui-a2ui.js';
import type { ActivityPatcher } from './agui-activity-patcher.js';
import { createAguiStreamState } from './agui-stream-state.js';
import { createAguiSubagents } from './agui-subagents.js';
import type { AguiMessage } from './agui-wire-types.js';
import { artifactOf, malformedFrameEvent, sourceOf, suggestionsOf, usageOf } from '../../wire/decoder-helpers.js';
import type { FrameDecoder } from '../../transport/transport.js';
import { isRecord, recordsOf, stringOr } from '../../util/guards.js';

/** Frames that change no state but are kept for `onChunk` (their frame is the chunk's `raw`). */
const PASSTHROUGH = new Set([
  'STEP_STARTED', 'STEP_FINISHED', 'ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA', 'CUSTOM', 'RAW', 'MESSAGES_SNAPSHOT',
  'REASONING_ENCRYPTED_VALUE',
]);

/** What the decoder knows of the run it decodes. */
export interface AguiDecoderContext {
  /** The thread the request named: the session id when the stream never names one. */
  threadId?: string;
  /** The messages the request sent: their ids are known (a MESSAGES_SNAPSHOT skips them), their tool calls named. */
  messages?: readonly AguiMessage[];
  /**
   * What applies an ACTIVITY_DELTA's JSON Patch to an activity's content (read when a delta comes): `aguiTransport`
   * passes `loadedActivityPatcher` (after `await loadActivityPatcher()`, a chunk of its own); a decoder used on its own
   * does the same. Without it a delta of an A2UI surface is an error part.
   */
  activityPatcher?: () => ActivityPatcher | undefined;
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
 * - MESSAGES_SNAPSHOT → message-complete per message the request did not send (see agui-messages-snapshot.ts); those
 *   carrying the `subagentRunId` of a subagent announced before it, in that subagent's run.
 * - CUSTOM, by `name` (AG-UI has no event of its own for these): `source` {url?, title?, documentId?, mediaType?} → a
 *   source part in the model message streamed last (`sources`: a list of them); `suggestions` string[] → suggestions;
 *   `usage` {inputTokens?, outputTokens?, totalTokens?} → usage; `a2ui` (an A2UI message or a list) → A2UI parts. Other
 *   names: no state.
 * - ACTIVITY_SNAPSHOT / ACTIVITY_DELTA of activityType `a2ui-surface` → an `{custom: {a2ui}}` part per A2UI message
 *   (`content.a2ui_operations`) the activity's previous content did not list, in the model message streamed last; a
 *   delta is the activity's JSON Patch, applied to its content by `activityPatcher` (agui-activities.ts,
 *   agui-a2ui.ts); one that cannot be applied is an error part of its surface. An `artifact` activity → artifact-upsert,
 *   its deltas alike. A `replace: false` snapshot of an activity the stream has leaves it as it is.
 * - SUBAGENT_STARTED / _FINISHED / _ERROR and the events carrying a `subagentRunId`: the subagent's run, nested under
 *   the tool call that spawned it (see agui-subagents.ts); an interrupt carrying one is asked inside that run.
 * - STEP_*, ACTIVITY_*, CUSTOM, RAW: their frames reach `onChunk`. Unknown types: ignored.
 */
export function createAguiDecoder(context: AguiDecoderContext = {}): FrameDecoder {
  let ended = false;
  let announced = false;
  let threadId = context.threadId;
  const state = createAguiStreamState(context.messages ?? []);
  const activities = createAguiActivities(new Set([AGUI_A2UI_ACTIVITY, 'artifact']), context.activityPatcher ?? (() => undefined));
  const subagents = createAguiSubagents();

  /** The turn-end event, with the thread as the session; the decoder ignores what follows it. */
  function turnEnd(finishReason: FinishReason, fields: Omit<Extract<AgentEvent, { type: 'turn-end' }>, 'type' | 'finishReason'>): AgentEvent {
    ended = true;
    return { type: 'turn-end', finishReason, ...(threadId ? { sessionId: threadId } : {}), ...fields };
  }

  /** The error and the failed turn-end that end a run. */
  function failed(error: AgentChatError, fields: { raw?: unknown } = {}): AgentEvent[] {
    return [{ type: 'error', error }, turnEnd('failed', { error, ...fields })];
  }

  function runFinished(value: Record<string, unknown>, events: AgentEvent[]): void {
    const outcome = isRecord(value.outcome) ? value.outcome : {};
    const interrupts: ToolRequestPart[] = [];
    const nested: AgentEvent[] = [];
    for (const interrupt of outcome.type === 'interrupt' ? recordsOf(outcome.interrupts) : []) {
      const asked = subagents.interruptOf(interrupt);
      if (asked) nested.push({ type: 'interrupt-request', parts: [asked.part], within: asked.within });
      const part = asked ? undefined : state.interruptPart(interrupt);
      if (part) interrupts.push(part);
    }
    // Absent (and, as the spec says, unrecognised) outcomes mean success.
    const finishReason: FinishReason = outcome.type === 'cancelled' ? 'aborted' : interrupts.length + nested.length > 0 ? 'interrupted' : 'stop';
    const settle = finishReason !== 'aborted';
    subagents.closeAll(events, value, settle);
    state.closeLanes(events, value, settle);
    if (settle) state.completeAll(events);
    events.push(...nested);
    if (interrupts.length > 0) events.push({ type: 'interrupt-request', parts: interrupts });
    threadId = stringOr(value.threadId) ?? threadId;
    // A server that keeps snapshots (Genkit behind AG-UI) may name this turn's in `result.snapshotId`.
    const snapshotId = isRecord(value.result) ? stringOr(value.result.snapshotId) : undefined;
    events.push(turnEnd(finishReason, { ...(snapshotId ? { snapshotId } : {}), output: value, raw: value }));
  }

  /** The kit's CUSTOM event names: cited sources, follow-up suggestions and the run's usage. */
  function customEvents(value: Record<string, unknown>, events: AgentEvent[]): void {
    const { name, value: payload } = value;
    const suggestions = name === 'suggestions' ? suggestionsOf(payload) : undefined;
    const usage = name === 'usage' ? usageOf(payload) : undefined;
    const sources = name === 'source' ? [payload] : name === 'sources' && Array.isArray(payload) ? payload : [];
    if (suggestions) events.push({ type: 'suggestions', suggestions });
    if (usage) events.push({ type: 'usage', usage });
    for (const part of aguiA2uiParts('CUSTOM', value, undefined)) state.addModelPart(part, value, events);
    for (const item of sources) {
      const source = sourceOf(item);
      if (source) state.addModelPart({ source }, value, events);
    }
  }

  function handle(type: string, frame: Record<string, unknown>, events: AgentEvent[]): void {
    if (subagents.handle(type, frame, events)) return;
    // A snapshot's messages attributed to a subagent are its run's (a restored thread's kept runs).
    const value = type === 'MESSAGES_SNAPSHOT' ? subagents.snapshot(frame, events) : frame;
    state.handle(type, value, events);
    switch (type) {
      case 'RUN_STARTED':
        state.closeLanes(events, value, true);
        threadId = stringOr(value.threadId) ?? threadId;
        if (threadId) events.push({ type: 'session', sessionId: threadId });
        return;
      case 'RUN_FINISHED':
        return runFinished(value, events);
      case 'RUN_ERROR': {
        state.closeLanes(events, value, false);
        const error = new AgentChatError('server-error', stringOr(value.message) ?? 'The agent run failed.', { details: value, serverStatus: stringOr(value.code) });
        events.push(...failed(error, { raw: value }));
        return;
      }
      case 'ACTIVITY_SNAPSHOT':
      case 'ACTIVITY_DELTA': {
        const update = activities(type, value);
        for (const part of aguiA2uiParts(type, value, update)) state.addModelPart(part, value, events);
        // An activity of type 'artifact' whose content is an artifact is one (an `artifact-upsert`); other activities pass through.
        const artifact = update?.activityType === 'artifact' && 'content' in update ? artifactOf(update.content) : undefined;
        const name = stringOr(value.messageId);
        if (artifact) events.push({ type: 'artifact-upsert', artifact: artifact.name !== undefined || name === undefined ? artifact : { ...artifact, name } });
        return;
      }
      case 'CUSTOM':
        return customEvents(value, events);
      case 'STATE_SNAPSHOT':
        if ('snapshot' in value) events.push({ type: 'custom-snapshot', custom: value.snapshot });
        return;
      case 'STATE_DELTA':
        // Not an array? The core rejects it as a failed patch, like any other bad patch.
        events.push({ type: 'custom-patch', patch: value.delta as JsonPatchOperation[] });
        return;
      default:
        return; // message, reasoning and tool-call events: the stream state's
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
      // State-neutral frames still become chunks, so `onChunk` sees them (as `raw`).
      if (PASSTHROUGH.has(type)) events.push({ type: 'passthrough' });
      return events;
    },
    end(): AgentEvent[] {
      return ended ? [] : failed(new AgentChatError('incomplete-stream', 'The AG-UI stream ended before RUN_FINISHED or RUN_ERROR.'));
    },
  };
}
