import type { AgentChunk, AgentInput, AgentResponse } from '../../model/chunk.js';
import type { AgentContextEntry } from '../../model/context.js';
import { AgentChatError, toAgentChatError } from '../../model/error.js';
import { turnContext } from '../session/agent-context.js';
import type { ToolResponsePart } from '../../model/part.js';
import { featureMissing, type PreparedRerun } from '../chat-features.js';
import type { SendOptions } from '../chat-options.js';
import { ABORTED_CHUNK, abortedResponse, safely, type ChatParts } from '../chat-parts.js';
import { armTurn } from './deadlines.js';
import { runTurn } from './run-turn.js';
import type { Transport } from '../../transport/transport.js';

/** An operation that cannot run: the chat shows the error (clearError dismisses it) and nothing else changes. */
export function refuse<S>(parts: ChatParts<S>, error: AgentChatError, onChunk: ((chunk: AgentChunk<S>) => void) | undefined): AgentResponse<S> {
  parts.store.api.setState({ status: 'error', error });
  safely(parts.settings.options.onError, error);
  safely(onChunk, { turnEnd: { finishReason: 'failed' }, raw: null });
  return { ...abortedResponse(parts.store.getState()), finishReason: 'failed', error };
}

/**
 * Queues one turn; when it ends, its snapshot becomes a checkpoint, the session carries on from it and the
 * conversation tree (when the chat has one) records it. With `prepare` (regenerate, edit, retry: the tree's), the turn
 * first rewinds to its point.
 */
export function enqueueTurn<S>(
  parts: ChatParts<S>, input: AgentInput, onChunk: ((chunk: AgentChunk<S>) => void) | undefined, call: SendOptions | undefined,
  prepare?: () => PreparedRerun | AgentChatError, answers: ToolResponsePart[] | null = null, transport?: Transport,
): Promise<AgentResponse<S>> {
  const { store, queue } = parts;
  const dropped = (): AgentResponse<S> => {
    const response = abortedResponse(store.getState());
    safely(onChunk, ABORTED_CHUNK);
    return response;
  };
  return queue.run(async (queueSignal) => {
    const { options } = parts.settings;
    const context = turnContext(options.context, parts.contextSources, call?.context, options.maxContextBytes);
    if (context instanceof AgentChatError) return refuse(parts, context, onChunk);
    const rerun = prepare ? prepare() : null;
    if (rerun instanceof AgentChatError) return refuse(parts, rerun, onChunk);
    if (!parts.tools && options.tools && Object.keys(options.tools).length > 0) return refuse(parts, featureMissing('clientTools', 'The tools option'), onChunk);
    let first: PreparedRerun | null = rerun;
    const runOne = (roundInput: AgentInput, roundAnswers: ToolResponsePart[] | null) => {
      const round = runRound(parts, roundInput, roundAnswers, first, onChunk, call, queueSignal, transport, context);
      first = null;
      return round;
    };
    // The client-side tool loop runs the turn, and again with tool results while the agent asks for client tools.
    return parts.tools ? parts.tools.drive(rerun ? rerun.input : input, answers, queueSignal, runOne) : runOne(rerun ? rerun.input : input, answers);
  }, dropped, call?.signal);
}

/** One request of a turn: deadlines armed, the stream reduced, then the conversation tree and the session carry on. */
async function runRound<S>(
  parts: ChatParts<S>, input: AgentInput, answers: ToolResponsePart[] | null, rerun: PreparedRerun | null,
  onChunk: ((chunk: AgentChunk<S>) => void) | undefined, call: SendOptions | undefined, queueSignal: AbortSignal,
  transport: Transport | undefined, context: AgentContextEntry[],
): Promise<AgentResponse<S>> {
  const { store, history, session, eventListeners, createId, tree, resumable } = parts;
  resumable?.stopPoll();
  const start = store.getState().messages.length;
  const from = store.getState().snapshotId;
  const epoch = tree ? tree.epoch() : 0;
  const { options } = parts.settings;
  // The round's own signal: aborted by the queue (stop, branch, reset, the caller's signal) or by a deadline,
  // which aborts with its `timeout` error as the reason and tells the server, as stop() does.
  const controller = new AbortController();
  const forward = () => controller.abort(queueSignal.reason);
  if (queueSignal.aborted) forward();
  else queueSignal.addEventListener('abort', forward, { once: true });
  const { deadlines, stream } = armTurn(options, call, (error) => {
    const target = session.takeStopTarget(store.getState().sessionId);
    controller.abort(error);
    options.transport.stop?.(target).catch((failure) => safely(options.onError, toAgentChatError(failure)));
  });
  try {
    const { response, returnedState } = await runTurn<S>({
      store,
      transport: transport ?? options.transport,
      input,
      answers,
      ...(parts.tools ? { tools: parts.tools.declare() } : {}),
      context,
      ...(transport ? { replay: true } : {}),
      clientState: session.clientState,
      signal: controller.signal,
      createId,
      onChunk: (chunk) => {
        safely(onChunk, chunk);
        // The callbacks as `configure` last left them, also mid-turn (a hook hands new ones every render).
        safely(parts.settings.options.onChunk, chunk);
      },
      wantsChunks: () => onChunk !== undefined || parts.settings.options.onChunk !== undefined,
      onError: (error) => safely(parts.settings.options.onError, error),
      stream,
      subAgents: parts.subAgents,
      onEvents: (events) => {
        for (const listener of eventListeners) for (const { event, raw } of events) safely(listener, event, raw);
      },
      ...(rerun?.inputMessageId ? { inputMessageId: rerun.inputMessageId } : {}),
      ...(rerun ? { rerun: rerun.rerun } : {}),
      ...(tree ? { settle: (draft, ended) => tree.settle(draft, start, ended, epoch) } : {}),
    });
    session.afterTurn(response, returnedState);
    tree?.record(start, input, epoch);
    if (response.snapshotId) history.checkpoint(response.snapshotId);
    safely(parts.settings.options.onTurnEnd, response);
    if (response.finishReason === 'detached') resumable?.detached(response, from);
    return response;
  } finally {
    deadlines.clear();
    queueSignal.removeEventListener('abort', forward);
  }
}
