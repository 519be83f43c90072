/**
 * `GET <route>/chats/<chatId>`: a stored chat, for a page that loads it by id after a reload (what AI SDK apps do
 * with their own `loadChat(id)` before `useChat({id, messages})`):
 *
 *   {id, messages: UIMessage[], state, artifacts, snapshotId?, runningTurnId?}
 *
 * One assistant UIMessage per turn (a `step-start` part per Genkit model message): text, reasoning, `tool-<name>`
 * parts (output-available once answered; an open interrupt is `approval-requested` with approval id
 * `approval-<ref>`, as the live stream sends it) and, on the last assistant message, a `data-artifact` part per
 * artifact (id = its name). A tool result that keeps its sub-agent's run (sub-agent.ts keptRun) has the run as its
 * output: the sub-agent's UI message (`metadata: {agent, status}`), as an agent used as a tool outputs it. `state` is
 * the custom state (streamed as the transient `data-state`). Of a turn still
 * running, `messages` ends with its user message; `runningTurnId` names it and `GET /api/ai-sdk/<chatId>/stream`
 * replays its answer.
 */
import { isToolUIPart, type UIMessage } from 'ai';
import type { MessageData } from 'genkit/beta';
import { interruptIdOf, partsOf, type SnapshotReader } from '../bridge.js';
import { checkId, invalidArgument, isClientToolInterrupt, isRecord } from '../runtime.js';
import { readSessionHistory, reasoningOf, textOf, toolRequestsOf, toolResponsesOf, turnMessage, type SessionHistory } from '../session-history.js';
import type { ResumableTurns } from '../../turns/resumable-turns.js';
import { keptRunOf, subAgentAsks, type KeptRun } from '../sub-agent.js';
import { approvalIdOf } from './ai-sdk-sub-agents.js';

/** The AI SDK's UI message stream headers (`UI_MESSAGE_STREAM_HEADERS` in `ai`). */
export const AI_SDK_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
};

/** The data part an artifact streams as, and is restored as. */
export const ARTIFACT_PART = 'data-artifact';

type UIPart = UIMessage['parts'][number];

/** A session's history as the UI messages useChat holds; ids are `<chatId>-<index of the turn's first message>`. */
export function toUIMessages(history: SessionHistory): UIMessage[] {
  const out: UIMessage[] = [];
  // Approvals only: a client-side tool's open call is a plain input-available part.
  const open = new Set(history.interrupts.filter((part) => !isClientToolInterrupt(part.metadata)).map(interruptIdOf));
  // Answered approvals (Genkit's resolved interrupts): a refusal among their answers is an 'output-denied' part.
  const asked = new Set<string>();
  let assistant: UIMessage | undefined;
  history.messages.forEach((message: MessageData, index) => {
    const parts = partsOf(message.content);
    if (message.role === 'user') {
      assistant = undefined;
      const userParts: UIPart[] = [];
      for (const part of parts) {
        if (part.text) userParts.push({ type: 'text', text: part.text });
        else if (part.media) {
          const filename = part.metadata?.filename;
          userParts.push({ type: 'file', url: part.media.url, mediaType: part.media.contentType ?? 'application/octet-stream', ...(typeof filename === 'string' && { filename }) });
        }
      }
      out.push({ id: `${history.sessionId}-${index}`, role: 'user', parts: userParts });
      return;
    }
    if (!assistant) {
      assistant = { id: `${history.sessionId}-${index}`, role: 'assistant', parts: [] };
      out.push(assistant);
    }
    if (message.role === 'model') {
      assistant.parts.push({ type: 'step-start' });
      const reasoning = reasoningOf(parts);
      if (reasoning) assistant.parts.push({ type: 'reasoning', text: reasoning, state: 'done' });
      const text = textOf(parts);
      if (text) assistant.parts.push({ type: 'text', text, state: 'done' });
      // A2UI messages of the answer, as the live stream sends them (data-a2ui).
      for (const part of parts) if (isRecord(part.custom) && 'a2ui' in part.custom) assistant.parts.push({ type: 'data-a2ui', data: part.custom.a2ui });
      for (const part of toolRequestsOf(parts)) {
        const { toolRequest, metadata } = part;
        const toolCallId = toolRequest.ref ?? toolRequest.name;
        if (metadata?.resolvedInterrupt !== undefined && !isClientToolInterrupt({ interrupt: metadata.resolvedInterrupt })) asked.add(toolCallId);
        const input = toolRequest.input ?? {};
        // A call waiting on its sub-agent's question asks approval in the question's name (as the live stream does).
        const [ask] = open.has(toolCallId) ? subAgentAsks(part) : [];
        assistant.parts.push(
          open.has(toolCallId)
            ? { type: `tool-${toolRequest.name}`, toolCallId, state: 'approval-requested', input, approval: { id: approvalIdOf(ask ? interruptIdOf(ask) : toolCallId) } }
            : { type: `tool-${toolRequest.name}`, toolCallId, state: 'input-available', input },
        );
      }
    } else if (message.role === 'tool') {
      for (const response of toolResponsesOf(parts)) {
        const { toolResponse } = response;
        const toolCallId = toolResponse.ref ?? toolResponse.name;
        const index = assistant.parts.findIndex((part) => 'toolCallId' in part && part.toolCallId === toolCallId);
        if (index < 0) continue;
        const call = assistant.parts[index];
        if (!call || !isToolUIPart(call) || call.type === 'dynamic-tool') continue;
        const output = toolResponse.output;
        const refused = asked.has(toolCallId) && (output === false || (isRecord(output) && output.approved === false));
        const reason = isRecord(output) && typeof output.reason === 'string' ? output.reason : undefined;
        // A kept sub-agent run (keptRun): the output of an agent used as a tool is the agent's UI message.
        const kept = keptRunOf(response);
        assistant.parts[index] = refused
          ? { type: call.type, toolCallId, state: 'output-denied', input: call.input, approval: { id: approvalIdOf(toolCallId), approved: false, ...(reason !== undefined && { reason }) } }
          : { type: call.type, toolCallId, state: 'output-available', input: call.input, output: kept ? keptRunMessage(kept, toolCallId) : output ?? null };
      }
    }
  });
  const last = [...out].reverse().find((message) => message.role === 'assistant');
  for (const artifact of history.artifacts) last?.parts.push({ type: ARTIFACT_PART, id: artifact.name ?? 'artifact', data: artifact });
  return out;
}

/** A kept sub-agent run as the UI message its tool's output is (`metadata`: its agent and how it ended), as streamed. */
function keptRunMessage(run: KeptRun, toolCallId: string): UIMessage {
  const [message] = toUIMessages({ sessionId: `subagent:${toolCallId}`, messages: run.messages, custom: null, artifacts: [], interrupts: [] });
  return { id: `subagent:${toolCallId}`, role: 'assistant', parts: message?.parts ?? [], metadata: { agent: run.agent, status: run.status } };
}

/** Answers `GET <route>/chats/<chatId>` (`aiSdkHandler` routes it here). */
export async function aiSdkChat(chatId: string, { snapshots, turns }: { snapshots: SnapshotReader; turns: ResumableTurns }): Promise<Response> {
  const problem = checkId('chat id', chatId);
  if (problem) return invalidArgument(problem);
  const history = await readSessionHistory(snapshots, chatId);
  const running = await turns.running(chatId);
  const input = turnMessage(running?.input);
  return Response.json({
    id: chatId,
    messages: toUIMessages(input ? { ...history, messages: [...history.messages, input] } : history),
    state: history.custom,
    artifacts: history.artifacts,
    ...(history.snapshotId && { snapshotId: history.snapshotId }),
    ...(running && { runningTurnId: running.turnId }),
  });
}
