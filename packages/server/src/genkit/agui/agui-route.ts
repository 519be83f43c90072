/**
 * `POST /api/agui`: the task agent over AG-UI 1.0. `RunAgentInput` in (checked with @ag-ui/core's
 * `RunAgentInputSchema`), SSE out, every event a typed @ag-ui/core event written by @ag-ui/encoder's `EventEncoder`.
 *
 * Request → Genkit turn:
 *   threadId                 the Genkit sessionId (must match [A-Za-z0-9_-]{1,128}, else 400 INVALID_ARGUMENT)
 *   resume (resolved)        resume.respond: one toolResponse {name, ref, output: payload} per open interrupt answered;
 *                            a 'cancelled' entry answers {cancelled: true}. The request's messages are not replayed.
 *   trailing tool messages   answers to client-side tools (an open interrupt whose tool the run declares in `tools`,
 *                            matched by toolCallId = its ref): resume.respond with the content (JSON parsed when it is
 *                            an object or array)
 *   else the last message    a new user message (text and media parts); a message after an open interrupt abandons
 *                            it (as Genkit does). No new user message and nothing resolved: 400.
 *   the messages before it   the point the turn runs from (fork-point.ts): the session's latest state when they match
 *                            or extend it; else the snapshot whose history they are (a regenerate or an edit sends a
 *                            prefix, a switched line another history); else 400 FAILED_PRECONDITION. Turns that failed or
 *                            were stopped here are skipped (the session holds none of them). None left: the first turn
 *                            runs again from an empty history when the message's id is `<threadId>:0` (its position, as
 *                            the connect restore and the kit name it) or when the messages held only such turns (a
 *                            regenerate or an edit after a stopped first turn); none sent at all: the session continues.
 *   tools                    the client-side tools the browser runs: an open Genkit interrupt of one of them (the
 *                            agent's way to ask the client) ends the run as a plain tool call (RUN_FINISHED success,
 *                            no Interrupt); the next run answers it with a `tool` message
 *   state                    the client's whole state: applied to the session before the turn when it is a non-empty
 *                            object (client-state.ts)
 *   context                  in the user message's metadata.context, where the model reads it
 *
 * Genkit stream → events (RUN_STARTED first):
 *   model text               TEXT_MESSAGE_START / CONTENT / END, one message per Genkit message (id `<runId>:<index>`)
 *   reasoning                REASONING_MESSAGE_START / CONTENT / END
 *   tool request             TOOL_CALL_START / ARGS (the input as JSON) / END (toolCallId = the Genkit ref)
 *   tool response            TOOL_CALL_RESULT (content = the output as JSON); none for a client-side tool's answer
 *                            (the client's own tool message)
 *   customPatch              STATE_SNAPSHOT for a whole-document replace (the first patch of a turn), else STATE_DELTA
 *   artifact                 ACTIVITY_SNAPSHOT {activityType: 'artifact', messageId: `artifact:<threadId>:<name>`,
 *                            content: the Genkit artifact, replace: true} (a revision replaces it; unnamed ones get
 *                            their own id). The kit's aguiTransport passes ACTIVITY_* through to onChunk only.
 *   source (a custom.source  CUSTOM {name: 'source', value: {url?, title?, documentId?, mediaType?}} — AG-UI 1.0 has no
 *   part, rich-reply.ts)     citation event; the kit's decoder adds it to the model message streamed last
 *   suggestions              CUSTOM {name: 'suggestions', value: string[]} (the kit's ChatState.suggestions)
 *   a2ui (a custom.a2ui part) an `a2ui-surface` activity per surface and run (messageId `a2ui-surface:<runId>:<surfaceId>`),
 *                            as the A2UI middleware sends surfaces: the surface's first message of the run is the
 *                            ACTIVITY_SNAPSHOT {content: {a2ui_operations: [message]}}, each later one an ACTIVITY_DELTA
 *                            appending it (`add /a2ui_operations/-`); a message that names no surface: CUSTOM
 *                            {name: 'a2ui', value: the message}
 *   usage (the result's)     CUSTOM {name: 'usage', value: {inputTokens?, outputTokens?, totalTokens?}} before
 *                            RUN_FINISHED (AG-UI 1.0 has no usage field either)
 *   turn end                 RUN_FINISHED {outcome: success | interrupt | cancelled, result: {sessionId, snapshotId,
 *                            finishReason}}; interrupt: one Interrupt per open Genkit interrupt, id = its ref
 *                            (toolCallId too), message = input.question when it is text, metadata {toolName, input,
 *                            ...the Genkit interrupt's requestMetadata (title, destructive, confirmLabel, …)}; a call
 *                            waiting on its sub-agent's questions (sub-agent.ts askedBy) is asked as those questions,
 *                            each with the sub-agent run's `subagentRunId`, and their answers restart the call
 *   failed turn              RUN_ERROR {message, code: the Genkit status}; an open text message is left open (partial)
 */
import { EventType, type AGUIEvent, type Interrupt, type JsonPatchOperation as AguiPatchOperation, type RunFinishedOutcome, type Message, type RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import type { JsonPatchOperation, Part, ToolResponsePart } from 'genkit/beta';
import {
  interruptIdOf,
  openInterrupts,
  runGenkitTurn,
  userMessage,
  type BridgeEvent,
  type BridgeTurnEnd,
  type GenkitTurnInput,
  type SnapshotReader,
} from '../bridge.js';
import { BranchIndex, findForkPoint, forkSnapshotId, recordTurnEnd, signatureBuilder, streamedTurn, userTextOf, type TurnSignature } from '../fork-point.js';
import { checkId, invalidArgument, isRecord } from '../runtime.js';
import { clientToolAnswers, declaredTools, trailingToolMessages } from './agui-client-tools.js';
import { createAguiSubAgentWriter } from './agui-sub-agents.js';
import { routeSubAgentAnswers, subAgentAsks } from '../sub-agent.js';
import { clientStateOf, withContext } from '../client-state.js';
import { jsonBytes, readJsonBody, sessionSizeRefusal } from '../session-size.js';
import { turnSubroute } from '../subroutes.js';
import type { SessionRouteOptions } from '../handler-options.js';
import { aguiConnect } from './agui-connect.js';
import { AGUI_STREAM_HEADERS, aguiInterruptsOf, jsonText, artifactActivity } from './agui-events.js';
import { jsonResponse } from '../../turns/turn-frames.js';
import type { WebHandler } from '../../turns/resumable-turns.js';
import { noSuchConversation } from '../../access/conversation-access.js';
import { guardRequests } from '../../hygiene/request-guard.js';
import { sessionAccess } from '../session-access.js';
import { takesLightRequests } from '../../http/request-body.js';


export interface AguiHandlerOptions extends SessionRouteOptions {
  /** The route's path, e.g. `/api/agui` (`connect` and the turn routes are under it). */
  route: string;
}

const textContent = (content: unknown) => contentParts(content).map((part) => part.text ?? '').join('');

/** AG-UI messages as turns: user text; the assistants' text and tool call ids. */
export function aguiTurns(messages: readonly Message[]): TurnSignature[] {
  const builder = signatureBuilder();
  for (const message of messages) {
    if (message.role === 'user') builder.user(textContent(message.content));
    else if (message.role === 'assistant') builder.answer(textContent(message.content), (message.toolCalls ?? []).map((call) => call.id));
  }
  return builder.turns;
}

function contentParts(content: unknown): Part[] {
  if (typeof content === 'string') return [{ text: content }];
  if (!Array.isArray(content)) return [];
  const parts: Part[] = [];
  for (const item of content) {
    if (!isRecord(item)) continue;
    if (item.type === 'text' && typeof item.text === 'string') parts.push({ text: item.text });
    else if (isRecord(item.source) && typeof item.source.value === 'string') {
      const { type, value } = item.source;
      const mimeType = typeof item.source.mimeType === 'string' ? item.source.mimeType : undefined;
      const url = type === 'data' ? `data:${mimeType ?? 'application/octet-stream'};base64,${value}` : value;
      // AG-UI media parts have no name field: a client names the file in the part's metadata.
      const filename = isRecord(item.metadata) ? item.metadata.filename : undefined;
      parts.push({ media: { url, ...(mimeType && { contentType: mimeType }) }, ...(typeof filename === 'string' && { metadata: { filename } }) });
    }
  }
  return parts;
}

/** What the run asks of the agent, or a reason it asks nothing. */
async function inputOf(input: RunAgentInput, snapshots: SnapshotReader): Promise<GenkitTurnInput | string> {
  const entries = input.resume ?? [];
  const toolAnswers = trailingToolMessages(input.messages);
  if (entries.length > 0 || toolAnswers.size > 0) {
    const open = await openInterrupts(snapshots, input.threadId);
    // Client-side tools answered by `tool` messages; the other interrupts by `resume` entries.
    const respond: ToolResponsePart[] = clientToolAnswers(open, declaredTools(input), toolAnswers);
    let resolved = respond.length > 0;
    // A call whose sub-agent asked is answered through the sub-agent's questions (asked in its place, see finish).
    for (const part of open.flatMap((candidate) => { const asks = subAgentAsks(candidate); return asks.length > 0 ? asks : [candidate]; })) {
      if (respond.some((response) => response.toolResponse.ref === part.toolRequest.ref)) continue;
      const entry = entries.find((candidate) => candidate.interruptId === interruptIdOf(part));
      if (!entry) continue;
      resolved ||= entry.status === 'resolved';
      const output = entry.status === 'resolved' ? (entry.payload ?? null) : { cancelled: true };
      respond.push({ toolResponse: { name: part.toolRequest.name, ...(part.toolRequest.ref !== undefined && { ref: part.toolRequest.ref }), output } });
    }
    const last = input.messages.at(-1);
    // Resolved answers resume the turn; cancellations alone resume it only when no new message replaces them.
    // Answers to a sub-agent's questions go back to it: a restart of the call that runs it (sub-agent.ts).
    if (respond.length > 0 && (resolved || last?.role !== 'user')) return routeSubAgentAnswers({ resume: { respond } }, open) as GenkitTurnInput;
  }
  const last: Message | undefined = input.messages.at(-1);
  if (last?.role !== 'user') return 'The run has neither a new user message nor an answer to an open interrupt.';
  const message = userMessage(contentParts(last.content));
  return message ? { message } : 'The user message is empty.';
}

/** A Genkit JSON Patch operation as AG-UI's typed one (the same RFC 6902 operation). */
function toAguiPatchOperation(operation: JsonPatchOperation): AguiPatchOperation {
  switch (operation.op) {
    case 'add':
    case 'replace':
    case 'test':
      return { op: operation.op, path: operation.path, value: operation.value };
    case 'remove':
      return { op: 'remove', path: operation.path };
    case 'move':
    case 'copy':
      return { op: operation.op, path: operation.path, from: operation.from ?? '' };
  }
}




/** The surface an A2UI message is about (`{version, createSurface: {surfaceId, …}}` and the other three alike). */
function surfaceIdOf(message: unknown): string | undefined {
  for (const body of isRecord(message) ? Object.values(message) : []) {
    if (isRecord(body) && typeof body.surfaceId === 'string' && body.surfaceId !== '') return body.surfaceId;
  }
  return undefined;
}

/** Writes bridge events as AG-UI events, keeping the text/reasoning message and tool calls it has open. */
function createAguiWriter(threadId: string, runId: string, clientTools: ReadonlySet<string>, answered: ReadonlySet<string>, send: (event: AGUIEvent) => void) {
  let open: { kind: 'text' | 'reasoning'; id: string } | null = null;
  const subAgents = createAguiSubAgentWriter(send);
  /** The A2UI surfaces this run has an activity for. */
  const surfaces = new Set<string>();
  const messageId = (index: number) => `${runId}:${index}`;
  const close = () => {
    if (!open) return;
    send({ type: open.kind === 'text' ? EventType.TEXT_MESSAGE_END : EventType.REASONING_MESSAGE_END, messageId: open.id });
    open = null;
  };
  const ensure = (kind: 'text' | 'reasoning', index: number) => {
    const id = kind === 'text' ? messageId(index) : `${messageId(index)}:reasoning`;
    if (open?.id === id) return id;
    close();
    send(kind === 'text'
      ? { type: EventType.TEXT_MESSAGE_START, messageId: id, role: 'assistant' }
      : { type: EventType.REASONING_MESSAGE_START, messageId: id, role: 'reasoning' });
    open = { kind, id };
    return id;
  };

  function write(event: BridgeEvent): void {
    switch (event.type) {
      case 'text':
        send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: ensure('text', event.index), delta: event.delta });
        return;
      case 'reasoning':
        send({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: ensure('reasoning', event.index), delta: event.delta });
        return;
      case 'tool-call': {
        close();
        const { name, ref, input } = event.part.toolRequest;
        const toolCallId = ref ?? name;
        send({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: name, parentMessageId: messageId(event.index) });
        send({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(input ?? {}) });
        send({ type: EventType.TOOL_CALL_END, toolCallId });
        return;
      }
      case 'tool-result': {
        close();
        const { name, ref, output } = event.part.toolResponse;
        const toolCallId = ref ?? name;
        if (answered.has(toolCallId)) return; // the client's own tool message
        send({ type: EventType.TOOL_CALL_RESULT, messageId: `${messageId(event.index)}:${toolCallId}`, toolCallId, content: jsonText(output), role: 'tool' });
        return;
      }
      case 'interrupt':
        return; // carried by RUN_FINISHED's outcome
      case 'state-snapshot':
        send({ type: EventType.STATE_SNAPSHOT, snapshot: event.value ?? {} });
        return;
      case 'state-delta':
        send({ type: EventType.STATE_DELTA, delta: event.patch.map(toAguiPatchOperation) });
        return;
      case 'artifact':
        send(artifactActivity(threadId, event.artifact));
        return;
      case 'source':
        send({ type: EventType.CUSTOM, name: 'source', value: event.source });
        return;
      case 'a2ui': {
        // AG-UI has no A2UI event of its own: the surface is an activity, grown by JSON Patch deltas.
        const surfaceId = surfaceIdOf(event.message);
        if (surfaceId === undefined) {
          send({ type: EventType.CUSTOM, name: 'a2ui', value: event.message });
          return;
        }
        const activity = { messageId: `a2ui-surface:${runId}:${surfaceId}`, activityType: 'a2ui-surface' };
        if (surfaces.has(surfaceId)) {
          send({ type: EventType.ACTIVITY_DELTA, ...activity, patch: [{ op: 'add', path: '/a2ui_operations/-', value: event.message }] });
        } else {
          surfaces.add(surfaceId);
          send({ type: EventType.ACTIVITY_SNAPSHOT, ...activity, content: { a2ui_operations: [event.message] }, replace: true });
        }
        return;
      }
      case 'suggestions':
        send({ type: EventType.CUSTOM, name: 'suggestions', value: event.suggestions });
        return;
      case 'sub-agent':
        close();
        subAgents.write(event.run, event.parts);
        return;
    }
  }

  function finish(end: BridgeTurnEnd): void {
    if (end.finishReason === 'failed') {
      // The partial message stays open: the run failed mid-message.
      send({ type: EventType.RUN_ERROR, message: end.error?.message ?? 'The turn failed.', code: end.error?.status ?? 'INTERNAL' });
      return;
    }
    close();
    if (end.usage) send({ type: EventType.CUSTOM, name: 'usage', value: end.usage });
    const result = { sessionId: end.sessionId, finishReason: end.finishReason, ...(end.snapshotId && { snapshotId: end.snapshotId }) };
    let outcome: RunFinishedOutcome = { type: 'success' };
    // A client-side tool's interrupt is a plain tool call in AG-UI: it was sent as TOOL_CALL_*, the client runs it.
    const asked = end.interrupts.filter((part) => !clientTools.has(part.toolRequest.name));
    if (end.finishReason === 'interrupted' && asked.length > 0) {
      // A call that waits because its sub-agent asked: the sub-agent's questions are asked, attributed to its run.
      const interrupts: Interrupt[] = asked.flatMap(aguiInterruptsOf);
      outcome = { type: 'interrupt', interrupts };
    } else if (end.finishReason === 'aborted') {
      outcome = { type: 'cancelled' };
    }
    send({ type: EventType.RUN_FINISHED, threadId, runId, outcome, result });
  }

  return { write, finish };
}

export function aguiHandler(options: AguiHandlerOptions): WebHandler {
  const { route, agent, snapshots, turns, store, branches = new BranchIndex(), sessionSize } = options;
  const access = sessionAccess(options, snapshots, 'aguiHandler');
  const turnRoutes = turns.handler(route, { headers: AGUI_STREAM_HEADERS, withIds: true, user: options.user });

  async function run(request: Request, user: string): Promise<Response> {
    // A retried POST of a turn already started (the same client turn id) reads that turn instead of running it again.
    const repeat = await turns.repeated(request, { route, user, join: () => ({ withIds: true, headers: AGUI_STREAM_HEADERS }) });
    if (repeat) return repeat;
    const read = await readJsonBody(request);
    const parsed = RunAgentInputSchema.safeParse(read?.body);
    if (!parsed.success) return invalidArgument('Invalid RunAgentInput.', { issues: parsed.error.issues });
    const input: RunAgentInput = parsed.data;
    const problem = checkId('threadId', input.threadId);
    if (problem) return invalidArgument(problem);
    if (!(await access.canWrite(user, input.threadId))) return noSuchConversation();
    // The history AG-UI resends is not stored again: only its last message adds to the session.
    const refused = sessionSize && (await sessionSizeRefusal(sessionSize, { sessionId: input.threadId, bytes: jsonBytes(input.messages.at(-1)) }));
    if (refused) return refused;
    const turnInput = await inputOf(input, snapshots);
    if (typeof turnInput === 'string') return invalidArgument(turnInput);
    const sent = input.messages.at(-1);
    const point = 'message' in turnInput
      ? await findForkPoint({ snapshots, index: branches }, { sessionId: input.threadId, prior: aguiTurns(input.messages.slice(0, -1)), rerunsStart: sent?.id === `${input.threadId}:0` })
      : ({ kind: 'continue' } as const);
    if (point.kind === 'unknown') return jsonResponse(400, { status: 'FAILED_PRECONDITION', message: point.message });
    const begun = await turns.begin({
      route, sessionId: input.threadId, input: 'message' in turnInput ? turnInput.message : undefined, user,
      request,
    });
    if ('response' in begun) return begun.response;
    // The client's state and context (client-state.ts): the state is applied to the session as the turn loads it.
    const clientState = clientStateOf(input.state);
    const genkitInput = 'message' in turnInput ? { ...turnInput, message: withContext(turnInput.message, input.context) } : turnInput;
    const { turn } = begun;
    const signal = turns.signal(turn, { resumable: turns.isResumable(request), disconnect: request.signal });
    const encoder = new EventEncoder(); // SSE (text/event-stream), whatever the Accept header says
    const send = (event: AGUIEvent) => turns.append(turn, encoder.encodeSSE({ ...event, timestamp: Date.now() }).trimEnd());
    const { threadId, runId } = input;
    void (async () => {
      try {
        send({ type: EventType.RUN_STARTED, threadId, runId });
        const answered = new Set('resume' in turnInput ? trailingToolMessages(input.messages).keys() : []);
        const writer = createAguiWriter(threadId, runId, declaredTools(input), answered, send);
        const streamed = 'message' in turnInput ? streamedTurn(userTextOf(turnInput.message)) : undefined;
        const end = await runGenkitTurn(agent, {
          sessionId: threadId,
          origin: () => forkSnapshotId(store, threadId, point),
          input: genkitInput,
          clientState,
          signal,
          onEvent: (event) => {
            streamed?.see(event);
            writer.write(event);
          },
        });
        recordTurnEnd(branches, threadId, end, streamed?.turn);
        writer.finish(end);
      } finally {
        await turns.end(turn);
      }
    })();
    return turns.stream(turn, { after: -1, withIds: true, headers: AGUI_STREAM_HEADERS, request });
  }

  // The Node adapter may hand it light requests (http/request-body.ts): everything here reads them through that module.
  return takesLightRequests(guardRequests(options)(async (request) => {
    const path = turnSubroute(route, request);
    if (path.kind === 'turns') return turnRoutes(request);
    const connect = path.kind === 'sub' && path.segments.length === 1 && path.segments[0] === 'connect';
    if (path.kind !== 'route' && !connect) return jsonResponse(404, { status: 'NOT_FOUND', message: 'No such route.' });
    if (request.method !== 'POST') return jsonResponse(405, { status: 'METHOD_NOT_ALLOWED', message: 'Use POST.' }, { Allow: 'POST' });
    const user = await access.userOf(request);
    if (typeof user !== 'string') return user;
    return connect ? aguiConnect(request, { snapshots, turns, canRead: (threadId) => access.canRead(user, threadId) }) : run(request, user);
  }));
}
