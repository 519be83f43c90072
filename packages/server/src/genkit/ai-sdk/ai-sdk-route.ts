/**
 * `POST /api/ai-sdk`: the task agent as an AI SDK chat route (UI message stream v1, `ai@6`): the body
 * `DefaultChatTransport` posts (`{id, messages, trigger, messageId?}`, messages checked with `validateUIMessages`;
 * the kit's `customPatch` and `context` fields as client-state.ts reads them),
 * its frames the ones `createUIMessageStream` piped with `pipeUIMessageStreamToResponse` would write (SSE, `[DONE]`
 * last), written straight into the turn's buffer.
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
 *                            (the turn finishes 'tool-calls'), answered by the tool part's 'output-available'; a call
 *                            waiting on its sub-agent's question (sub-agent.ts askedBy) asks approval `approval-<the
 *                            question's ref>`, the question itself 'approval-requested' in the sub-agent's UI message:
 *                            the answer goes to the sub-agent (a restart of the call)
 *   customPatch              data-state {data: the document} for a whole-document replace (the first patch of a turn),
 *                            else data-state-patch {data: the RFC 6902 operations}; both `transient: true`
 *   artifact                 data-artifact {id: the artifact name (unnamed: a fresh id), data: the Genkit artifact}
 *   source (a custom.source  source-url {sourceId: `source-<n>`, url, title?} when it has a URL, else source-document
 *   part, rich-reply.ts)     {sourceId: its documentId (else `source-<n>`), mediaType (text/plain when none), title}
 *   suggestions              data-suggestions {data: string[], transient: true} (the kit's ChatState.suggestions)
 *   a2ui (a custom.a2ui part) data-a2ui {data: the A2UI message}
 *   turn end                 finish {finishReason: stop | length | content-filter | tool-calls (interrupted) | other,
 *                            messageMetadata: {sessionId, snapshotId, finishReason, usage?: {inputTokens, outputTokens,
 *                            totalTokens} as the Genkit result reports them}}; aborted → abort;
 *                            failed → error {errorText: the Genkit message}, then finish {finishReason: 'error'}
 */
import { randomUUID } from 'node:crypto';
import {
  generateId,
  getToolName,
  isToolUIPart,
  validateUIMessages,
  type FinishReason,
  type UIMessage,
  type UIMessageChunk,
  type UIMessageStreamWriter,
} from 'ai';
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
} from '../bridge.js';
import { regenerateCut, snapshotHints, uiTurns } from './ai-sdk-fork.js';
import { BranchIndex, findForkPoint, forkSnapshotId, recordTurnEnd, streamedTurn, userTextOf } from '../fork-point.js';
import { checkId, errorStatusOf, interruptPromptOf, invalidArgument, isClientToolInterrupt, isRecord } from '../runtime.js';
import { clientContextOf, clientPatchOf, withContext } from '../client-state.js';
import { jsonBytes, readJsonBody, sessionSizeRefusal } from '../session-size.js';
import { turnSubroute } from '../subroutes.js';
import type { SessionRouteOptions } from '../handler-options.js';
import { AI_SDK_STREAM_HEADERS, ARTIFACT_PART, aiSdkChat } from './ai-sdk-chat.js';
import { jsonResponse } from '../../turns/turn-frames.js';
import type { WebHandler } from '../../turns/resumable-turns.js';
import { noSuchConversation } from '../../access/conversation-access.js';
import { guardRequests } from '../../hygiene/request-guard.js';
import { sessionAccess } from '../session-access.js';
import { approvalIdOf, createUiSubAgentWriter } from './ai-sdk-sub-agents.js';
import { routeSubAgentAnswers, subAgentAsks } from '../sub-agent.js';
import { takesLightRequests } from '../../http/request-body.js';


export interface AiSdkHandlerOptions extends SessionRouteOptions {
  /** The route's path, e.g. `/api/ai-sdk` (`chats/<id>`, `<id>/stream` and the turn routes are under it). */
  route: string;
}

/** The data part types this route streams. */
const STATE_PART = 'data-state';
const STATE_PATCH_PART = 'data-state-patch';
const SUGGESTIONS_PART = 'data-suggestions';
/** An A2UI message of the answer (kept in the message, so it is in the chat's history). */
const A2UI_PART = 'data-a2ui';


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
    // A call waiting on its sub-agent's question: the approval (named after the question) answers the question.
    const asked = part.state === 'approval-responded' ? subAgentAsks(interrupt).find((ask) => approvalIdOf(interruptIdOf(ask)) === part.approval.id) : undefined;
    let output: unknown;
    if (part.state === 'approval-responded') {
      const { approved, reason } = part.approval;
      output = reason ? { approved, reason } : approved;
      if (!approved && !asked) denied.add(part.toolCallId);
    } else if (part.state === 'output-available') {
      output = part.output;
      answered.add(part.toolCallId);
    } else continue;
    const { name, ref } = (asked ?? interrupt).toolRequest;
    respond.push({ toolResponse: { name, ...(ref !== undefined && { ref }), output } });
  }
  // Answers to a sub-agent's questions go back to it: a restart of the call that runs it (sub-agent.ts).
  return respond.length > 0 ? { input: routeSubAgentAnswers({ resume: { respond } }, open) as GenkitTurnInput, denied, answered } : 'The assistant message answers no open approval.';
}

const FINISH: Partial<Record<GenkitFinishReason, FinishReason>> = {
  stop: 'stop',
  length: 'length',
  blocked: 'content-filter',
  interrupted: 'tool-calls',
  failed: 'error',
};

/** Writes bridge events as UI message chunks, keeping the open text/reasoning part and step. */
function createUiWriter(writer: Pick<UIMessageStreamWriter, 'write'>, { denied, answered }: Pick<ChatTurn, 'denied' | 'answered'>) {
  let step: number | null = null;
  let sources = 0;
  let open: { type: 'text' | 'reasoning'; id: string } | null = null;
  const subAgents = createUiSubAgentWriter(writer);
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
        const prompt = interruptPromptOf(event.part);
        if (prompt) {
          // The call again, with what the agent says about it (title, destructive, …): the client updates it in place.
          const { name, input } = event.part.toolRequest;
          const { title } = prompt;
          // Genkit part metadata is JSON; `ai` types toolMetadata as its own JSONObject, which it does not export.
          writer.write({ type: 'tool-input-available', toolCallId, toolName: name, input: input ?? {}, toolMetadata: jsonObjectOf(prompt), ...(typeof title === 'string' && { title }) });
        }
        // A call that waits because its sub-agent asked: its approval is the sub-agent's question (named after it).
        const [ask] = subAgentAsks(event.part);
        writer.write({ type: 'tool-approval-request', approvalId: approvalIdOf(ask ? interruptIdOf(ask) : toolCallId), toolCallId });
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
      case 'a2ui':
        writer.write({ type: A2UI_PART, data: event.message });
        return;
      case 'suggestions':
        writer.write({ type: SUGGESTIONS_PART, data: event.suggestions, transient: true });
        return;
      case 'sub-agent':
        closePart();
        subAgents.write(event.run, event.parts);
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

/** A JSON object as `ai`'s `toolMetadata` (its own JSONObject type, which it does not export): its JSON values only. */
function jsonObjectOf(value: Record<string, unknown>): Record<string, JsonValue> {
  const parsed: unknown = JSON.parse(JSON.stringify(value));
  const out: Record<string, JsonValue> = {};
  if (isRecord(parsed)) for (const [key, item] of Object.entries(parsed)) if (isJsonValue(item)) out[key] = item;
  return out;
}
type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };
const isJsonValue = (value: unknown): value is JsonValue =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || (Array.isArray(value) ? value.every(isJsonValue) : isRecord(value) && Object.values(value).every(isJsonValue));

export function aiSdkHandler(options: AiSdkHandlerOptions): WebHandler {
  const { route, agent, snapshots, turns, store, branches = new BranchIndex(), sessionSize } = options;
  const access = sessionAccess(options, snapshots, 'aiSdkHandler');
  const turnRoutes = turns.handler(route, { headers: AI_SDK_STREAM_HEADERS, withIds: true, user: options.user });

  async function chat(request: Request, user: string): Promise<Response> {
    // A retried POST of a turn already started (the same client turn id) reads that turn instead of running it again.
    const repeat = await turns.repeated(request, { route, user, join: () => ({ withIds: true, headers: AI_SDK_STREAM_HEADERS }) });
    if (repeat) return repeat;
    const read = await readJsonBody(request);
    const body = read && isRecord(read.body) ? read.body : {};
    const problem = typeof body.id === 'string' ? checkId('chat id', body.id) : 'The body needs the chat `id`.';
    if (problem || typeof body.id !== 'string') return invalidArgument(problem ?? 'The body needs the chat `id`.');
    const sessionId = body.id;
    if (!(await access.canWrite(user, sessionId))) return noSuchConversation();
    const regenerate = body.trigger === 'regenerate-message';
    let messages: UIMessage[];
    try {
      messages = await validateUIMessages({ messages: body.messages });
    } catch (error) {
      return invalidArgument(errorStatusOf(error).message ?? 'Invalid messages.');
    }
    // The history the AI SDK resends is not stored again: only its last message adds to the session.
    const refused = sessionSize && (await sessionSizeRefusal(sessionSize, { sessionId, bytes: jsonBytes(messages.at(-1)) }));
    if (refused) return refused;
    if (regenerate) {
      messages = regenerateCut(messages, body.messageId);
      if (messages.at(-1)?.role !== 'user') return invalidArgument('regenerate-message needs the user message of the turn to run again.');
    }
    const turn = await turnInput(sessionId, messages, snapshots);
    if (typeof turn === 'string') return invalidArgument(turn);
    const prior = messages.slice(0, -1);
    const point = 'message' in turn.input
      ? await findForkPoint({ snapshots, index: branches }, { sessionId, prior: uiTurns(prior), rerunsStart: regenerate || typeof body.messageId === 'string', hints: snapshotHints(prior) })
      : ({ kind: 'continue' } as const);
    if (point.kind === 'unknown') return jsonResponse(400, { status: 'FAILED_PRECONDITION', message: point.message });
    // The kit's `customPatch` and `context` body fields (client-state.ts).
    const patch = clientPatchOf(body.customPatch);
    const context = clientContextOf(body.context);
    if (typeof patch === 'string') return invalidArgument(patch);
    if (typeof context === 'string') return invalidArgument(context);
    const input = 'message' in turn.input ? { ...turn.input, message: withContext(turn.input.message, context) } : turn.input;
    const begun = await turns.begin({
      route, sessionId, input: 'message' in turn.input ? turn.input.message : undefined, user,
      request,
    });
    if ('response' in begun) return begun.response;
    const run = begun.turn;
    const signal = turns.signal(run, { resumable: turns.isResumable(request), disconnect: request.signal });
    // The frames `createUIMessageStream` piped by `pipeUIMessageStreamToResponse` would write (`data: <chunk>` each, the
    // start chunk naming the assistant message the request continues, else a new id; a throw is an `error` chunk;
    // `[DONE]` last), written straight into the turn's buffer: no Web-stream hop per chunk.
    const continued = messages.at(-1);
    const messageId = continued?.role === 'assistant' ? continued.id : generateId();
    const writer = { write: (chunk: UIMessageChunk) => void turns.append(run, `data: ${JSON.stringify(chunk)}`) };
    void (async () => {
      try {
        writer.write({ type: 'start', messageId });
        const ui = createUiWriter(writer, turn);
        const streamed = 'message' in turn.input ? streamedTurn(userTextOf(turn.input.message)) : undefined;
        const end = await runGenkitTurn(agent, {
          sessionId,
          origin: () => forkSnapshotId(store, sessionId, point),
          input,
          clientState: patch && { patch },
          signal,
          onEvent: (event) => {
            streamed?.see(event);
            ui.write(event);
          },
        });
        recordTurnEnd(branches, sessionId, end, streamed?.turn);
        ui.finish(end);
      } catch (error) {
        writer.write({ type: 'error', errorText: error instanceof Error ? error.message : String(error) });
      } finally {
        turns.append(run, 'data: [DONE]');
        await turns.end(run);
      }
    })();
    return turns.stream(run, { after: -1, withIds: true, headers: AI_SDK_STREAM_HEADERS, request });
  }

  /**
   * `GET <route>/<chatId>/stream`, as `useChat`'s `resumeStream()` (DefaultChatTransport.reconnectToStream) calls it:
   * 204 when no turn runs in the chat, else its stream from the first frame (or after `Last-Event-ID`).
   */
  async function resume(request: Request, chatId: string, user: string): Promise<Response> {
    // Another user's chat is answered as one where no turn runs.
    const turn = checkId('chat id', chatId) || !(await access.canRead(user, chatId)) ? undefined : await turns.running(chatId);
    if (!turn) return new Response(null, { status: 204 });
    return turns.stream(turn, { after: turns.lastSeen(request), withIds: true, headers: AI_SDK_STREAM_HEADERS });
  }

  // The Node adapter may hand it light requests (http/request-body.ts): everything here reads them through that module.
  return takesLightRequests(guardRequests(options)(async (request) => {
    const path = turnSubroute(route, request);
    if (path.kind === 'turns') return turnRoutes(request);
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (path.kind === 'route') {
      if (request.method !== 'POST') return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use POST.' }, { Allow: 'POST' });
      const user = await access.userOf(request);
      return typeof user === 'string' ? chat(request, user) : user;
    }
    if (path.kind === 'sub' && path.segments.length === 2 && get) {
      const [first, second] = path.segments;
      const chats = first === 'chats' && second !== undefined;
      if (chats || (second === 'stream' && first !== undefined)) {
        const user = await access.userOf(request);
        if (typeof user !== 'string') return user;
        if (chats) {
          // A malformed id is 400 (aiSdkChat says why); an unknown one, or another user's, 404.
          if (checkId('chat id', second)) return aiSdkChat(second, { snapshots, turns });
          return (await access.canRead(user, second)) ? aiSdkChat(second, { snapshots, turns }) : noSuchConversation();
        }
        return resume(request, first!, user);
      }
    }
    return jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
  }));
}
