/**
 * `POST <route>/connect`: restores an AG-UI thread after a reload, as the protocol's `connect` would. The body is a
 * `RunAgentInput` (only `threadId` and `runId` are read); the answer is one run that carries the thread, not a turn:
 *
 *   RUN_STARTED
 *   SUBAGENT_STARTED    one per sub-agent run the conversation keeps (a tool result's keptRun), under its call
 *   MESSAGES_SNAPSHOT   the session's conversation (user, assistant with toolCalls, tool, reasoning messages); a kept
 *                       run's messages carry its `subagentRunId`
 *   SUBAGENT_FINISHED   (or SUBAGENT_ERROR) how each kept run ended
 *   STATE_SNAPSHOT      the custom state ({} for a new thread)
 *   ACTIVITY_SNAPSHOT   one per artifact, as the live stream sends them
 *   RUN_FINISHED        outcome `interrupt` with the open interrupts (answer them with `resume`), else `success`;
 *                       result {sessionId, snapshotId, runningTurnId?}
 *
 * When a turn is still running in the thread, the response header `x-agent-running-turn-id` (and `runningTurnId`)
 * names it: `GET /api/agui/turns/<id>/stream` then replays it from its first frame and follows it live.
 * The snapshot is the last completed one, so a running turn's answer comes from that stream; its user message ends
 * `MESSAGES_SNAPSHOT` (with the id it keeps once the turn completes), so the client's history matches the session's.
 */
import { EventType, type AGUIEvent, type Message, type RunFinishedOutcome } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import type { MessageData } from 'genkit/beta';
import { AGUI_STREAM_HEADERS, aguiInterruptsOf, aguiSubagentRunId, artifactActivity, jsonText } from './agui-events.js';
import { partsOf, type SnapshotReader } from '../bridge.js';
import { checkId, invalidArgument } from '../runtime.js';
import { readJsonBody } from '../session-size.js';
import { readSessionHistory, reasoningOf, textOf, toolRequestsOf, toolResponsesOf, turnMessage } from '../session-history.js';
import { keptRunOf, type KeptRun } from '../sub-agent.js';
import type { ResumableTurns } from '../../turns/resumable-turns.js';
import { noSuchConversation } from '../../access/conversation-access.js';

import { RUNNING_TURN_HEADER } from '@agent-chat/core/contract';

export { RUNNING_TURN_HEADER };

/** A conversation as AG-UI messages, with the SUBAGENT_* events that announce and end the sub-agent runs it keeps. */
export interface AguiThread {
  messages: Message[];
  /** SUBAGENT_STARTED of each kept run (parents first): sent before the messages, so their attribution is known. */
  started: AGUIEvent[];
  /** SUBAGENT_FINISHED / SUBAGENT_ERROR of each kept run: sent after the messages. */
  ended: AGUIEvent[];
}

/** A kept run's end, as the live stream writes it. */
function runEnd(subagentRunId: string, run: KeptRun): AGUIEvent {
  if (run.status === 'done' || run.status === 'interrupted') {
    return { type: EventType.SUBAGENT_FINISHED, subagentRunId, outcome: run.status === 'done' ? { type: 'success' } : { type: 'suspended' } };
  }
  return { type: EventType.SUBAGENT_ERROR, subagentRunId, message: run.status === 'aborted' ? 'The sub-agent was stopped.' : 'The sub-agent failed.', code: run.status };
}

/**
 * Genkit messages as AG-UI messages; ids are `<threadId>:<index>` (stable across reloads). A tool result that keeps its
 * sub-agent's run (sub-agent.ts keptRun) brings the run's messages too, just before it, each with the run's
 * `subagentRunId` (ids `<subagentRunId>:<index>`), and the run's SUBAGENT_STARTED (under the call) and end events.
 */
export function toAguiThread(threadId: string, messages: MessageData[]): AguiThread {
  const thread: AguiThread = { messages: [], started: [], ended: [] };
  const write = (prefix: string, list: MessageData[], run?: { id: string; path: string[] }) => {
    const attributed = run ? { subagentRunId: run.id } : {};
    list.forEach((message, index) => {
      const id = `${prefix}:${index}`;
      const parts = partsOf(message.content);
      if (message.role === 'user') {
        thread.messages.push({ id, role: 'user', content: textOf(parts), ...attributed });
      } else if (message.role === 'model') {
        const reasoning = reasoningOf(parts);
        if (reasoning) thread.messages.push({ id: `${id}:reasoning`, role: 'reasoning', content: reasoning, ...attributed });
        const text = textOf(parts);
        const toolCalls = toolRequestsOf(parts).map(({ toolRequest }) => ({
          id: toolRequest.ref ?? toolRequest.name,
          type: 'function' as const,
          function: { name: toolRequest.name, arguments: JSON.stringify(toolRequest.input ?? {}) },
        }));
        thread.messages.push({ id, role: 'assistant', ...(text && { content: text }), ...(toolCalls.length > 0 && { toolCalls }), ...attributed });
      } else if (message.role === 'tool') {
        for (const part of toolResponsesOf(parts)) {
          const toolCallId = part.toolResponse.ref ?? part.toolResponse.name;
          const kept = keptRunOf(part);
          if (kept) {
            const path = [...(run?.path ?? []), toolCallId];
            const subagentRunId = aguiSubagentRunId(path);
            thread.started.push({ type: EventType.SUBAGENT_STARTED, subagentRunId, name: kept.agent, parentToolCallId: toolCallId, ...(run && { parentSubagentRunId: run.id }) });
            write(subagentRunId, kept.messages, { id: subagentRunId, path });
            thread.ended.push(runEnd(subagentRunId, kept));
          }
          thread.messages.push({ id: `${id}:${toolCallId}`, role: 'tool', toolCallId, content: jsonText(part.toolResponse.output), ...attributed });
        }
      }
    });
  };
  write(threadId, messages);
  return thread;
}

/** Genkit messages as AG-UI messages (with the messages of the sub-agent runs they keep, see {@link toAguiThread}). */
export function toAguiMessages(threadId: string, messages: MessageData[]): Message[] {
  return toAguiThread(threadId, messages).messages;
}

/** Answers `POST <route>/connect` (`aguiHandler` routes it here). */
export async function aguiConnect(request: Request, { snapshots, turns, canRead }: { snapshots: SnapshotReader; turns: ResumableTurns; canRead: (threadId: string) => Promise<boolean> }): Promise<Response> {
  const parsed = RunAgentInputSchema.safeParse((await readJsonBody(request))?.body);
  if (!parsed.success) return invalidArgument('Invalid RunAgentInput.', { issues: parsed.error.issues });
  const { threadId, runId } = parsed.data;
  const problem = checkId('threadId', threadId);
  if (problem) return invalidArgument(problem);
  if (!(await canRead(threadId))) return noSuchConversation();
  const history = await readSessionHistory(snapshots, threadId);
  const running = await turns.running(threadId);
  const input = turnMessage(running?.input);
  const result = { sessionId: threadId, ...(history.snapshotId && { snapshotId: history.snapshotId }), ...(running && { runningTurnId: running.turnId }) };
  const outcome: RunFinishedOutcome = history.interrupts.length > 0 ? { type: 'interrupt', interrupts: history.interrupts.flatMap(aguiInterruptsOf) } : { type: 'success' };
  const thread = toAguiThread(threadId, input ? [...history.messages, input] : history.messages);
  const events: AGUIEvent[] = [
    { type: EventType.RUN_STARTED, threadId, runId },
    ...thread.started,
    { type: EventType.MESSAGES_SNAPSHOT, messages: thread.messages },
    ...thread.ended,
    { type: EventType.STATE_SNAPSHOT, snapshot: history.custom ?? {} },
    ...history.artifacts.map((artifact) => artifactActivity(threadId, artifact)),
    { type: EventType.RUN_FINISHED, threadId, runId, outcome, result },
  ];
  const encoder = new EventEncoder();
  const body = events.map((event, seq) => `id: ${seq}\n${encoder.encodeSSE({ ...event, timestamp: Date.now() })}`).join('');
  return new Response(body, { status: 200, headers: { ...AGUI_STREAM_HEADERS, ...(running && { [RUNNING_TURN_HEADER]: running.turnId }) } });
}
