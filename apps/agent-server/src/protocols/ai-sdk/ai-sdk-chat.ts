/**
 * `GET /api/ai-sdk/chats/:chatId`: a stored chat, for a page that loads it by id after a reload (what AI SDK apps do
 * with their own `loadChat(id)` before `useChat({id, messages})`):
 *
 *   {id, messages: UIMessage[], state, artifacts, snapshotId?, runningTurnId?}
 *
 * One assistant UIMessage per turn (a `step-start` part per Genkit model message): text, reasoning, `tool-<name>`
 * parts (output-available once answered; an open interrupt is `approval-requested` with approval id
 * `approval-<ref>`, as the live stream sends it) and, on the last assistant message, a `data-artifact` part per
 * artifact (id = its name). `state` is the custom state (streamed as the transient `data-state`). Of a turn still
 * running, `messages` ends with its user message; `runningTurnId` names it and `GET /api/ai-sdk/<chatId>/stream`
 * replays its answer.
 */
import type { UIMessage } from 'ai';
import type { RequestHandler } from 'express';
import type { MessageData, Part } from 'genkit/beta';
import { ARTIFACT_PART } from './ai-sdk-route.js';
import { interruptIdOf, type SnapshotReader } from '../genkit-bridge.js';
import { checkId } from '../../hygiene/session-ids.js';
import { isClientToolInterrupt } from '../../agent/tools.js';
import { readSessionHistory, reasoningOf, textOf, toolRequestsOf, toolResponsesOf, turnMessage, type SessionHistory } from '../../storage/session-history.js';
import type { ResumableTurns } from '@agent-chat/server';

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
    const parts = (message.content ?? []) as Part[];
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
      for (const { toolRequest, metadata } of toolRequestsOf(parts)) {
        const toolCallId = toolRequest.ref ?? toolRequest.name;
        if (metadata?.resolvedInterrupt !== undefined && !isClientToolInterrupt({ interrupt: metadata.resolvedInterrupt })) asked.add(toolCallId);
        const input = toolRequest.input ?? {};
        assistant.parts.push(
          open.has(toolCallId)
            ? ({ type: `tool-${toolRequest.name}`, toolCallId, state: 'approval-requested', input, approval: { id: `approval-${toolCallId}` } } as UIPart)
            : ({ type: `tool-${toolRequest.name}`, toolCallId, state: 'input-available', input } as UIPart),
        );
      }
    } else if (message.role === 'tool') {
      for (const { toolResponse } of toolResponsesOf(parts)) {
        const toolCallId = toolResponse.ref ?? toolResponse.name;
        const index = assistant.parts.findIndex((part) => 'toolCallId' in part && part.toolCallId === toolCallId);
        if (index < 0) continue;
        const call = assistant.parts[index] as { type: string; input: unknown };
        const output = toolResponse.output;
        const refused = asked.has(toolCallId) && (output === false || (typeof output === 'object' && output !== null && (output as { approved?: unknown }).approved === false));
        assistant.parts[index] = (refused
          ? { type: call.type, toolCallId, state: 'output-denied', input: call.input, approval: { id: `approval-${toolCallId}`, approved: false, ...(typeof (output as { reason?: unknown }).reason === 'string' && { reason: (output as { reason: string }).reason }) } }
          : { type: call.type, toolCallId, state: 'output-available', input: call.input, output: output ?? null }) as UIPart;
      }
    }
  });
  const last = [...out].reverse().find((message) => message.role === 'assistant');
  for (const artifact of history.artifacts) last?.parts.push({ type: ARTIFACT_PART, id: artifact.name ?? 'artifact', data: artifact } as UIPart);
  return out;
}

export function aiSdkChatRoute({ snapshots, turns }: { snapshots: SnapshotReader; turns: ResumableTurns }): RequestHandler {
  return (req, res, next) => {
    const chatId = String(req.params.chatId);
    const problem = checkId('chat id', chatId);
    if (problem) return void res.status(400).json({ status: 'INVALID_ARGUMENT', message: problem });
    readSessionHistory(snapshots, chatId)
      .then(async (history) => {
        const running = await turns.running(chatId);
        const input = turnMessage(running?.input);
        res.json({
          id: chatId,
          messages: toUIMessages(input ? { ...history, messages: [...history.messages, input] } : history),
          state: history.custom,
          artifacts: history.artifacts,
          ...(history.snapshotId && { snapshotId: history.snapshotId }),
          ...(running && { runningTurnId: running.turnId }),
        });
      })
      .catch(next);
  };
}
