/**
 * `POST /api/ai-sdk`: the task agent as an AI SDK chat route (UI message stream v1, `ai@6`): the body
 * `DefaultChatTransport` posts (`{id, messages, trigger, messageId?}`, messages checked with `validateUIMessages`;
 * the kit's `customPatch` and `context` fields as client-state.ts reads them),
 * the stream built with `createUIMessageStream` and piped with `pipeUIMessageStreamToResponse` (SSE, `[DONE]` last).
 *
 * Request → Genkit turn:
 *   id                       the Genkit sessionId (must match [A-Za-z0-9_-]{1,128}, else 400 INVALID_ARGUMENT)
 *   last message: assistant  its tool parts that answer an open interrupt (matched by toolCallId = the Genkit ref):
 *                            'approval-responded' → output `true` / `false` (`{approved, reason}` when a reason was
 *                            given); 'output-available' (addToolOutput) → its output. None: 400.
 *   last message: user       a new user message (its text and file parts); the messages before it are the point it
 *                            runs from (fork-point.ts): the session's latest state when they match or extend it, else
 *                            the snapshot whose history they are (an edit, a send on another line), else 400
 *   trigger regenerate-message   runs the turn of `messageId` again: the messages are cut before that assistant message
 *                            (after it when it names the user message), as `Chat.regenerate` sends them; the last one
 *                            is the turn's user message and the turn runs from the snapshot before it
 *   messageId (submit)       an edit (`Chat.sendMessage({text, messageId})`): with no message before it, the first
 *                            turn runs again from an empty history (without it, a lone message continues the session)
 *
 * Genkit stream → UI message chunks (`start` first; `originalMessages` makes the AI SDK reuse the last assistant
 * message's id when the request continues it):
 *   model message            start-step … finish-step around each Genkit model message
 *   text / reasoning         text-start / text-delta / text-end (id `text-<index>`), reasoning-* likewise
 *   tool request             tool-input-available {toolCallId: ref, toolName, input}
 *   tool response            tool-output-available {toolCallId, output}; tool-output-denied for a denied approval;
 *                            none for an output the request itself carried (the client has it)
 *   interrupt                tool-approval-request {approvalId: `approval-<ref>`, toolCallId: ref}, after the call
 *                            again with `title` and `toolMetadata` (the interrupt's requestMetadata) when it has them;
 *                            a client-side tool's interrupt (requestMetadata {clientTool: true}) is only the tool call
 *                            (the turn finishes 'tool-calls'), answered by the tool part's 'output-available'
 *   customPatch              data-state {data: the document} for a whole-document replace (the first patch of a turn),
 *                            else data-state-patch {data: the RFC 6902 operations}; both `transient: true`
 *   artifact                 data-artifact {id: the artifact name (unnamed: a fresh id), data: the Genkit artifact}
 *   source (a custom.source  source-url {sourceId: `source-<n>`, url, title?} when it has a URL, else source-document
 *   part, rich-reply.ts)     {sourceId: its documentId (else `source-<n>`), mediaType (text/plain when none), title}
 *   suggestions              data-suggestions {data: string[], transient: true} (the kit's ChatState.suggestions)
 *   turn end                 finish {finishReason: stop | length | content-filter | tool-calls (interrupted) | other,
 *                            messageMetadata: {sessionId, snapshotId, finishReason, usage?: {inputTokens, outputTokens,
 *                            totalTokens} as the Genkit result reports them}}; aborted → abort;
 *                            failed → error {errorText: the Genkit message}, then finish {finishReason: 'error'}
 */
import { randomUUID } from 'node:crypto';
import {
  createUIMessageStream,
  getToolName,
  isToolUIPart,
  validateUIMessages,
  type FinishReason,
  type UIMessage,
  type UIMessageStreamWriter,
} from 'ai';
import type { RequestHandler } from 'express';
import type { Part, ToolResponsePart } from 'genkit/beta';
import {
  interruptIdOf,
  openInterrupts,
  runGenkitTurn,
  userMessage,
  type BridgeEvent,
  type BridgeTurnEnd,
  type GenkitFinishReason,
  type GenkitTurnInput,
  type SnapshotReader,
} from '../genkit-bridge.js';
import { regenerateCut, snapshotHints, uiTurns } from './ai-sdk-fork.js';
import { findForkPoint, forkSnapshotId, recordTurnEnd, streamedTurn, userTextOf, type BranchIndex } from '../fork-point.js';
import type { RunnableAction } from '../../agent/genkit-runtime.js';
import { clientContextOf, clientPatchOf, withContext } from '../../turns/client-state.js';
import { checkId } from '../../hygiene/session-ids.js';
import { isClientToolInterrupt } from '../../agent/tools.js';
import type { SizedSessionStore } from '../../hygiene/session-size.js';
import type { TaskState } from '../../agent/task-state.js';
import { disconnectSignal, nodeHeaders, sendResponse, type ResumableTurns } from '@agent-chat/server';

export const AI_SDK_ROUTE = '/api/ai-sdk';
/** The AI SDK's UI message stream headers (`UI_MESSAGE_STREAM_HEADERS` in `ai`). */
export const AI_SDK_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
};

export interface AiSdkRouteOptions {
  action: RunnableAction;
  snapshots: SnapshotReader;
  /** The turn buffers: the run writes into them, responses read from them. */
  turns: ResumableTurns;
  /** Where a fork from the first turn stores its empty start. */
  store: SizedSessionStore<TaskState>;
  /** The snapshots this server's turns produced: the lines a request may continue. */
  branches: BranchIndex;
}

/** The data part types this route streams. */
const STATE_PART = 'data-state';
const STATE_PATCH_PART = 'data-state-patch';
export const ARTIFACT_PART = 'data-artifact';
const SUGGESTIONS_PART = 'data-suggestions';

interface ChatBody {
  id?: unknown;
  messages?: unknown;
  trigger?: unknown;
  messageId?: unknown;
  customPatch?: unknown;
  context?: unknown;
}

function userParts(message: UIMessage): Part[] {
  const parts: Part[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') parts.push({ text: part.text });
    else if (part.type === 'file') parts.push({ media: { url: part.url, contentType: part.mediaType }, ...(part.filename && { metadata: { filename: part.filename } }) });
  }
  return parts;
}

/** What a request asks for: the Genkit turn, the refs whose approval was denied, the refs whose output the client sent. */
interface ChatTurn {
  input: GenkitTurnInput;
  denied: Set<string>;
  /** Answered with the tool's output (a client-side tool, `addToolOutput`): the client has it, it is not streamed back. */
  answered: Set<string>;
}

/** The turn a request asks for, or why it asks none. */
async function turnInput(sessionId: string, messages: UIMessage[], snapshots: SnapshotReader): Promise<ChatTurn | string> {
  const last = messages.at(-1);
  if (last?.role === 'user') {
    const message = userMessage(userParts(last));
    return message ? { input: { message }, denied: new Set(), answered: new Set() } : 'The user message is empty.';
  }
  if (last?.role !== 'assistant') return 'The last message must be a user message or the assistant message answering an approval.';
  const open = await openInterrupts(snapshots, sessionId);
  const respond: ToolResponsePart[] = [];
  const denied = new Set<string>();
  const answered = new Set<string>();
  for (const part of last.parts) {
    if (!isToolUIPart(part)) continue;
    const interrupt = open.find((candidate) => interruptIdOf(candidate) === part.toolCallId && candidate.toolRequest.name === getToolName(part));
    if (!interrupt) continue;
    let output: unknown;
    if (part.state === 'approval-responded') {
      const { approved, reason } = part.approval;
      output = reason ? { approved, reason } : approved;
      if (!approved) denied.add(part.toolCallId);
    } else if (part.state === 'output-available') {
      output = part.output;
      answered.add(part.toolCallId);
    } else continue;
    const { name, ref } = interrupt.toolRequest;
    respond.push({ toolResponse: { name, ...(ref !== undefined && { ref }), output } });
  }
  return respond.length > 0 ? { input: { resume: { respond } }, denied, answered } : 'The assistant message answers no open approval.';
}

const FINISH: Partial<Record<GenkitFinishReason, FinishReason>> = {
  stop: 'stop',
  length: 'length',
  blocked: 'content-filter',
  interrupted: 'tool-calls',
  failed: 'error',
};

/** Writes bridge events as UI message chunks, keeping the open text/reasoning part and step. */
function createUiWriter(writer: UIMessageStreamWriter, { denied, answered }: Pick<ChatTurn, 'denied' | 'answered'>) {
  let step: number | null = null;
  let sources = 0;
  let open: { type: 'text' | 'reasoning'; id: string } | null = null;
  const closePart = () => {
    if (!open) return;
    writer.write({ type: open.type === 'text' ? 'text-end' : 'reasoning-end', id: open.id });
    open = null;
  };
  const enterStep = (index: number) => {
    if (step === index) return;
    closePart();
    if (step !== null) writer.write({ type: 'finish-step' });
    writer.write({ type: 'start-step' });
    step = index;
  };
  const delta = (type: 'text' | 'reasoning', index: number, text: string) => {
    enterStep(index);
    const id = `${type}-${index}`;
    if (open?.id !== id) {
      closePart();
      writer.write({ type: type === 'text' ? 'text-start' : 'reasoning-start', id });
      open = { type, id };
    }
    writer.write({ type: type === 'text' ? 'text-delta' : 'reasoning-delta', id, delta: text });
  };

  function write(event: BridgeEvent): void {
    switch (event.type) {
      case 'text':
      case 'reasoning':
        delta(event.type, event.index, event.delta);
        return;
      case 'tool-call': {
        enterStep(event.index);
        closePart();
        const { name, ref, input } = event.part.toolRequest;
        writer.write({ type: 'tool-input-available', toolCallId: ref ?? name, toolName: name, input: input ?? {} });
        return;
      }
      case 'tool-result': {
        closePart();
        const { name, ref, output } = event.part.toolResponse;
        const toolCallId = ref ?? name;
        if (answered.has(toolCallId)) return;
        writer.write(denied.has(toolCallId) ? { type: 'tool-output-denied', toolCallId } : { type: 'tool-output-available', toolCallId, output: output ?? null });
        return;
      }
      case 'interrupt': {
        closePart();
        const toolCallId = interruptIdOf(event.part);
        // A client-side tool: a tool call the server does not execute (no approval); the client sends its output back.
        if (isClientToolInterrupt(event.part.metadata)) return;
        const prompt = event.part.metadata?.interrupt;
        if (typeof prompt === 'object' && prompt !== null) {
          // The call again, with what the agent says about it (title, destructive, …): the client updates it in place.
          const { name, input } = event.part.toolRequest;
          const title = (prompt as { title?: unknown }).title;
          // Genkit part metadata is JSON; `ai` types toolMetadata as its own JSONObject, which it does not export.
          writer.write({ type: 'tool-input-available', toolCallId, toolName: name, input: input ?? {}, toolMetadata: prompt as Record<string, never>, ...(typeof title === 'string' && { title }) });
        }
        writer.write({ type: 'tool-approval-request', approvalId: `approval-${toolCallId}`, toolCallId });
        return;
      }
      case 'state-snapshot':
        writer.write({ type: STATE_PART, data: event.value ?? {}, transient: true });
        return;
      case 'state-delta':
        writer.write({ type: STATE_PATCH_PART, data: event.patch, transient: true });
        return;
      case 'artifact':
        writer.write({ type: ARTIFACT_PART, id: event.artifact.name ?? `artifact-${randomUUID()}`, data: event.artifact });
        return;
      case 'source': {
        const { url, title, documentId, mediaType } = event.source;
        const sourceId = url === undefined && documentId !== undefined ? documentId : `source-${++sources}`;
        writer.write(url !== undefined
          ? { type: 'source-url', sourceId, url, ...(title !== undefined && { title }) }
          : { type: 'source-document', sourceId, mediaType: mediaType ?? 'text/plain', title: title ?? sourceId });
        return;
      }
      case 'suggestions':
        writer.write({ type: SUGGESTIONS_PART, data: event.suggestions, transient: true });
        return;
    }
  }

  function finish(end: BridgeTurnEnd): void {
    if (end.finishReason !== 'failed') closePart(); // a failed turn leaves its partial text open
    if (step !== null && end.finishReason !== 'failed') writer.write({ type: 'finish-step' });
    const messageMetadata = { sessionId: end.sessionId, finishReason: end.finishReason, ...(end.snapshotId && { snapshotId: end.snapshotId }), ...(end.usage && { usage: end.usage }) };
    if (end.finishReason === 'aborted') {
      writer.write({ type: 'abort', reason: 'The turn was stopped.' });
      return;
    }
    if (end.finishReason === 'failed') writer.write({ type: 'error', errorText: end.error?.message ?? 'The turn failed.' });
    writer.write({ type: 'finish', finishReason: FINISH[end.finishReason] ?? 'other', messageMetadata });
  }

  return { write, finish };
}

export function aiSdkRoute({ action, snapshots, turns, store, branches }: AiSdkRouteOptions): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const body = (req.body ?? {}) as ChatBody;
      const problem = typeof body.id === 'string' ? checkId('chat id', body.id) : 'The body needs the chat `id`.';
      if (problem) {
        res.status(400).json({ status: 'INVALID_ARGUMENT', message: problem });
        return;
      }
      const sessionId = body.id as string;
      const regenerate = body.trigger === 'regenerate-message';
      let messages: UIMessage[];
      try {
        messages = await validateUIMessages({ messages: body.messages });
      } catch (error) {
        res.status(400).json({ status: 'INVALID_ARGUMENT', message: (error as Error).message });
        return;
      }
      if (regenerate) {
        messages = regenerateCut(messages, body.messageId);
        if (messages.at(-1)?.role !== 'user') {
          res.status(400).json({ status: 'INVALID_ARGUMENT', message: 'regenerate-message needs the user message of the turn to run again.' });
          return;
        }
      }
      const turn = await turnInput(sessionId, messages, snapshots);
      if (typeof turn === 'string') {
        res.status(400).json({ status: 'INVALID_ARGUMENT', message: turn });
        return;
      }
      const prior = messages.slice(0, -1);
      const point = 'message' in turn.input
        ? await findForkPoint({ snapshots, index: branches }, { sessionId, prior: uiTurns(prior), rerunsStart: regenerate || typeof body.messageId === 'string', hints: snapshotHints(prior) })
        : ({ kind: 'continue' } as const);
      if (point.kind === 'unknown') {
        res.status(400).json({ status: 'FAILED_PRECONDITION', message: point.message });
        return;
      }
      // The kit's `customPatch` and `context` body fields (client-state.ts).
      const patch = clientPatchOf(body.customPatch);
      const context = clientContextOf(body.context);
      if (typeof patch === 'string' || typeof context === 'string') {
        res.status(400).json({ status: 'INVALID_ARGUMENT', message: typeof patch === 'string' ? patch : context });
        return;
      }
      const input = 'message' in turn.input ? { ...turn.input, message: withContext(turn.input.message, context) } : turn.input;
      const begun = await turns.begin({ route: AI_SDK_ROUTE, sessionId, input: 'message' in turn.input ? turn.input.message : undefined });
      if ('response' in begun) return void (await sendResponse(res, begun.response));
      const run = begun.turn;
      const signal = turns.signal(run, { resumable: turns.isResumable({ headers: nodeHeaders(req) }), disconnect: disconnectSignal(res) });
      const stream = createUIMessageStream({
        originalMessages: messages,
        onError: (error) => (error instanceof Error ? error.message : String(error)),
        execute: async ({ writer }) => {
          writer.write({ type: 'start' });
          const ui = createUiWriter(writer, turn);
          const streamed = 'message' in turn.input ? streamedTurn(userTextOf(turn.input.message)) : undefined;
          const end = await runGenkitTurn(action, { sessionId, origin: () => forkSnapshotId(store, sessionId, point), input, clientState: patch && { patch }, signal, onEvent: (event) => { streamed?.see(event); ui.write(event); } });
          recordTurnEnd(branches, sessionId, end, streamed?.turn);
          ui.finish(end);
        },
      });
      void (async () => {
        try {
          // The frames `pipeUIMessageStreamToResponse` would write: one `data:` line per chunk, `[DONE]` last.
          const reader = stream.getReader();
          for (let step = await reader.read(); !step.done; step = await reader.read()) turns.append(run, `data: ${JSON.stringify(step.value)}`);
          turns.append(run, 'data: [DONE]');
        } finally {
          turns.end(run);
        }
      })();
      await sendResponse(res, await turns.stream(run, { after: -1, withIds: true, headers: AI_SDK_STREAM_HEADERS }));
    })().catch(next);
  };
}

/**
 * `GET /api/ai-sdk/:chatId/stream`, as `useChat`'s `resumeStream()` (DefaultChatTransport.reconnectToStream) calls it:
 * 204 when no turn runs in the chat, else its stream from the first frame (or after `Last-Event-ID`).
 */
export function aiSdkResumeRoute(turns: ResumableTurns): RequestHandler {
  return (req, res, next) => {
    void (async () => {
      const chatId = String(req.params.chatId);
      const turn = checkId('chat id', chatId) ? undefined : await turns.running(chatId);
      if (!turn) return void res.status(204).end();
      await sendResponse(res, await turns.stream(turn, { after: turns.lastSeen({ headers: nodeHeaders(req), url: req.originalUrl }), withIds: true, headers: AI_SDK_STREAM_HEADERS }));
    })().catch(next);
  };
}
