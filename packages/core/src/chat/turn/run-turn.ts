import type { Draft } from 'immer';
import type { AgentContextEntry } from '../../model/context.js';
import type { AgentChunk, AgentInput, AgentResponse } from '../../model/chunk.js';
import { AgentChatError, isAgentChatError, toAgentChatError } from '../../model/error.js';
import type { AgentEvent, DecodedFrame, JsonPatchOperation } from '../../model/events.js';
import { isStackOverflow, toTurnFailure } from '../../model/failure.js';
import { toMessage, type ChatMessage } from '../../model/message.js';
import { isToolRequestPart, textOf, type Part, type ToolResponsePart } from '../../model/part.js';
import type { SessionState } from '../../model/session.js';
import { toolCallKey } from '../../model/tool-outcome.js';
import { isDetached } from '../../transport/detach.js';
import type { Transport, TurnRequest, TurnRerun } from '../../transport/transport.js';
import type { StreamOptions } from '../../wire/limits.js';
import type { ChatState } from '../state/chat-state.js';
import type { ToolDeclaration } from '../../model/tools.js';
import { recordAnswers } from './tool-answers.js';
import { createChunkBuilder } from './chunk-builder.js';
import { loadedPatcher, loadPatcher } from '../state/patcher.js';
import { readToEnd } from './read-to-end.js';
import { reopenInterrupts } from './reopen-interrupts.js';
import { reduceEvent } from '../state/reducer.js';
import type { ChatStore } from '../state/store.js';
import { createTurnContext, type SubAgentReducer, type TurnContext } from './turn-context.js';
import { reduceGuarded } from './turn-guard.js';

/** What one turn needs from the controller. */
export interface TurnSetup<S> {
  store: ChatStore<S>;
  transport: Transport;
  input: AgentInput;
  /** Client-managed sessions: the state to echo back. */
  clientState: SessionState<S> | null;
  signal: AbortSignal;
  createId: () => string;
  onChunk: (chunk: AgentChunk<S>) => void;
  /**
   * False while no one takes the chunks (no `onChunk` of the call or of the chat, no `sendStream`): a read's chunks are
   * then not built. Each chunk holds the custom state after its frame, so building them kept one copy of a long list
   * per patch alive until the read ended. Asked once per read (an `onChunk` set mid-turn gets the next read's chunks).
   */
  wantsChunks?: () => boolean;
  onError: (error: AgentChatError) => void;
  /** Every event the turn reduced, with its frame's raw value, after the store update that applied it. */
  onEvents?: (events: ReadonlyArray<{ event: AgentEvent; raw: unknown }>) => void;
  /** Frame limits for the transport, and `onRead`, also called per batch of frames (the idle deadline). */
  stream?: StreamOptions;
  /** The `subAgents()` feature's reducer, when the chat has it. */
  subAgents?: SubAgentReducer | null;
  /** The id of the input message when it is one already in the conversation tree (a regenerated turn's). */
  inputMessageId?: string;
  /** Set when the turn runs again from an earlier point. */
  rerun?: TurnRerun;
  /** Last changes to the store in the update that ends the turn (so that listeners hear one update for the end). */
  settle?: (draft: Draft<ChatState<S>>, ended: NonNullable<TurnContext['ended']>) => void;
  /** Client tool answers this turn sends: recorded as a tool message when it starts. */
  answers?: ToolResponsePart[] | null;
  /** Client tools declared to the agent. */
  tools?: ToolDeclaration[];
  /** The turn's app context. */
  context?: AgentContextEntry[];
  /** A turn read again from the server (reattach): it carries no local writes, so none count as delivered by it. */
  replay?: boolean;
}

/** The turn's result, and the state a client-managed server returned. */
export interface TurnOutcome<S> {
  response: AgentResponse<S>;
  returnedState: SessionState<S> | null;
}

function startTurn<S>(
  draft: Draft<ChatState<S>>, input: AgentInput, createId: () => string, inputMessageId?: string, answers?: ToolResponsePart[] | null, echoed?: boolean,
): void {
  if (answers?.length) recordAnswers(draft, answers, echoed ? null : createId());
  if (input.message) {
    draft.messages.push({ id: inputMessageId ?? createId(), ...toMessage(input.message), status: 'done' } as Draft<ChatMessage>);
  }
  draft.status = 'submitted';
  draft.error = null;
  draft.finishReason = null;
  draft.turnEnd = null;
  draft.interrupts = [];
  if (draft.connection) draft.connection = undefined;
  if (draft.runningTurn) draft.runningTurn = undefined;
  if (draft.detached) draft.detached = undefined;
  if (draft.suggestions) draft.suggestions = undefined;
}

type TextDelta = Extract<AgentEvent, { type: 'text-delta' }>;

/** The same sub-agent run (the same `within` refs), or both the agent's own; compared without allocating (once per event). */
function samePath(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * True when a read's frames need the custom-state patcher (a chunk of its own) and it is not loaded: a frame carries a
 * patch, or local writes wait to be re-applied on top of what the agent sends.
 */
const needsPatcher = (store: ChatStore<unknown>, frames: readonly DecodedFrame[]) =>
  !loadedPatcher() && (!!store.getState().customWrites?.length || frames.some((frame) => frame.events.some((event) => event.type === 'custom-patch')));


/** Reduces one network read's frames in one store update, then delivers its chunks and errors. */
function applyFrames<S>(setup: TurnSetup<S>, turn: TurnContext, frames: readonly DecodedFrame[], fromServer = true): void {
  const builder = setup.wantsChunks?.() === false ? null : createChunkBuilder<S>();
  const errorsBefore = turn.errors.length;
  const reduced: Array<{ event: AgentEvent; raw: unknown }> | null = setup.onEvents ? [] : null;
  const agentCustom = turn.custom;
  const pending = setup.store.getState().customWrites;
  turn.now = Date.now();
  // A batch with no raw frame (`raw: undefined`) is the transport's own word before the server answered (the turn's id).
  const told = frames[0]?.raw === undefined;
  setup.store.update((draft) => {
    if (!told && draft.status === 'submitted') draft.status = 'streaming';
    // The server answered: the writes the request carried are delivered; later ones stay pending.
    let writes = pending;
    if (fromServer && !told && turn.sentWrites) {
      writes = pending?.slice(turn.sentWrites);
      draft.customWrites = writes?.length ? (writes as Draft<JsonPatchOperation[][]>) : undefined;
      turn.sentWrites = 0;
    }
    // Consecutive text deltas into the same message are reduced as one append: one pass through the immer proxies
    // per run of tokens, not per token (appending a, then b, to a part equals appending a + b).
    let run: TextDelta | null = null;
    let texts: string[] = [];
    const flush = () => {
      if (!run) return;
      reduceEvent(draft as Draft<ChatState>, texts.length === 1 ? run : { ...run, text: texts.join('') }, turn);
      run = null;
      texts = [];
    };
    for (const frame of frames) {
      builder?.startFrame(frame.raw);
      for (const event of frame.events) {
        if (turn.ended) break;
        // Deltas into the same message of the same run (a sub-agent's, by its `within` path, or the agent's own).
        if (event.type === 'text-delta') {
          if (run && (run.messageKey !== event.messageKey || run.role !== event.role || !samePath(run.within, event.within))) flush();
          run ??= event;
          texts.push(event.text);
        } else {
          flush();
          reduceEvent(draft as Draft<ChatState>, event, turn);
        }
        builder?.add(event, turn);
        reduced?.push({ event, raw: frame.raw });
      }
    }
    flush();
    // The agent changed the custom state: its result, with the writes still pending re-applied on top (the conflict
    // rule). Written once per read, not once per patch: each value written into the draft is held by immer until the
    // update ends (its cross-reference check), so a read of 100 patches into a long list kept 100 copies of that list.
    if (turn.custom !== agentCustom && writes?.length) {
      const { custom, kept } = loadedPatcher()!.reapplyWrites(turn.custom, writes);
      (draft as Draft<ChatState>).custom = custom as Draft<unknown>;
      draft.customWrites = kept.length ? (kept as Draft<JsonPatchOperation[][]>) : undefined;
    } else if (turn.custom !== agentCustom) {
      (draft as Draft<ChatState>).custom = turn.custom as Draft<unknown>;
    }
    if (turn.ended) reopenInterrupts(draft as Draft<ChatState<S>>, turn);
    if (turn.ended && setup.settle) setup.settle(draft as Draft<ChatState<S>>, turn.ended);
  });
  if (reduced && reduced.length > 0) setup.onEvents!(reduced);
  for (const error of turn.errors.slice(errorsBefore)) setup.onError(error);
  if (builder) for (const chunk of builder.finish()) setup.onChunk(chunk);
}

function closingEvents(error: AgentChatError | null, aborted: boolean, detached: boolean): AgentEvent[] {
  const end = (finishReason: 'detached' | 'aborted' | 'failed'): Extract<AgentEvent, { type: 'turn-end' }> => ({ type: 'turn-end', finishReason, raw: { turnEnd: { finishReason } } });
  if (detached) return [end('detached')];
  if (aborted) return [end('aborted')];
  const failure = error ?? new AgentChatError('incomplete-stream', 'The stream ended before the turn ended.');
  return [{ type: 'error', error: failure }, { ...end('failed'), error: failure }];
}

function buildResponse<S>(state: ChatState<S>, turn: TurnContext, clientManaged: boolean): AgentResponse<S> {
  let final: ChatMessage | undefined;
  for (let index = state.messages.length - 1; index >= turn.firstMessageIndex; index--) {
    if (state.messages[index]!.role === 'model') {
      final = state.messages[index];
      break;
    }
  }
  const content: Part[] = final?.content ?? [];
  const ended = turn.ended!;
  return {
    text: textOf(content),
    message: final ? toMessage(final) : null,
    toolRequests: content.filter(isToolRequestPart),
    interrupts: state.interrupts,
    finishReason: ended.finishReason,
    snapshotId: ended.snapshotId ?? null,
    sessionId: state.sessionId,
    custom: state.custom,
    state: clientManaged ? ((turn.state as SessionState<S> | null) ?? null) : null,
    artifacts: turn.artifacts,
    error: state.error,
    raw: ended.output ?? null,
  };
}

/**
 * Runs one turn: start it in the store, stream the transport's frames into it (one store update per read),
 * and always end it — on the server's turn end, an error, a broken stream or an abort. Never throws.
 */
export async function runTurn<S>(setup: TurnSetup<S>): Promise<TurnOutcome<S>> {
  const { store, transport, input, signal } = setup;
  // The custom-state patcher loads with the first turn, while the request is under way. A state that entered with
  // writes before it was loaded shows them first (store.settled), so that the turn starts from them.
  loadPatcher().catch(() => undefined);
  const settling = store.settled();
  if (settling) await settling;
  const before = store.getState();
  const echoed = transport.echoesToolAnswers === true;
  const recorded = (input.message ? 1 : 0) + (setup.answers?.length && !echoed ? 1 : 0);
  const turn = createTurnContext(before.messages.length + recorded, before.custom, setup.createId);
  const writes = setup.replay ? [] : before.customWrites ?? [];
  turn.sentWrites = writes.length;
  const clientState = setup.clientState && writes.length ? { ...setup.clientState, custom: before.custom } : setup.clientState;
  const request: TurnRequest = {
    input,
    history: before.messages.map(toMessage),
    sessionId: before.sessionId,
    snapshotId: before.snapshotId,
    state: clientState as SessionState | null,
    custom: before.custom,
    interrupts: before.interrupts,
    ...(setup.rerun ? { rerun: setup.rerun } : {}),
    ...(setup.tools?.length ? { tools: setup.tools } : {}),
    ...(writes.length ? { customWrites: writes.flat() } : {}),
    ...(setup.context?.length ? { context: setup.context } : {}),
  };
  if (setup.stream) request.stream = setup.stream;
  turn.maxDepth = setup.stream?.maxDepth;
  turn.subAgents = setup.subAgents;
  if (input.resume) {
    turn.asked = new Set(before.interrupts.map((part) => toolCallKey(part.toolRequest)));
    turn.answering = { interrupts: before.interrupts, afterId: before.messages[before.messages.length - 1]?.id };
  }
  store.update((draft) => startTurn(draft, input, setup.createId, setup.inputMessageId, setup.answers, echoed));
  let failure: AgentChatError | null = null;
  // The request reads with its own signal: the turn's (stop, deadlines), or, once the turn ended, readToEnd's timeout.
  const reading = new AbortController();
  const forward = () => reading.abort(signal.reason);
  signal.addEventListener('abort', forward, { once: true });
  let frames: AsyncIterator<DecodedFrame[]> | null = null;
  let readingOn = false;
  try {
    if (!signal.aborted) {
      frames = transport.run(request, reading.signal)[Symbol.asyncIterator]();
      for (let next = await frames.next(); !next.done; next = await frames.next()) {
        if (needsPatcher(store as ChatStore<unknown>, next.value)) await loadPatcher();
        if (signal.aborted) break;
        setup.stream?.onRead?.();
        // Whatever a frame holds, the turn ends: a throw while reducing ends it failed, and leaving the loop releases the reader.
        failure = reduceGuarded(turn, () => applyFrames(setup, turn, next.value));
        if (failure) break;
        if (turn.ended) {
          // The server ends the body itself: read it to its end instead of cancelling it.
          readingOn = true;
          readToEnd(frames, () => reading.abort());
          break;
        }
      }
    }
  } catch (error) {
    if (!signal.aborted) failure = isStackOverflow(error) ? toTurnFailure(error, 'Streaming the turn failed') : toAgentChatError(error);
  } finally {
    signal.removeEventListener('abort', forward);
    // Left early (a failure, an abort): release the reader, as leaving a for-await loop does.
    if (frames && !readingOn) await frames.return?.().catch(() => undefined);
  }
  // A deadline aborts with its `timeout` error as the reason: the turn fails with it instead of ending 'aborted'.
  const deadline = signal.aborted && isAgentChatError(signal.reason) ? signal.reason : null;
  if (!turn.ended) applyFrames(setup, turn, [{ raw: null, events: closingEvents(deadline ?? failure, signal.aborted && !deadline, signal.aborted && isDetached(signal.reason)) }], false);
  const clientManaged = setup.clientState !== null || turn.state !== null;
  return {
    response: buildResponse(store.getState(), turn, clientManaged),
    returnedState: turn.state as SessionState<S> | null,
  };
}
