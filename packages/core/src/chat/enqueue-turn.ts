import type { AgentChunk, AgentInput, AgentResponse } from '../model/chunk.js';
import type { AgentContextEntry } from '../model/context.js';
import { AgentChatError, toAgentChatError } from '../model/error.js';
import { turnContext } from './agent-context.js';
import type { ToolResponsePart } from '../model/part.js';
import { ROOT_ID } from './branch-tree.js';
import type { SendOptions } from './chat-options.js';
import { decoratedMessages, lineState, recordTurn, settleTurn, type RerunPlan } from './chat-operations.js';
import { ABORTED_CHUNK, abortedResponse, safely, type ChatParts } from './chat-parts.js';
import { declareTools } from './client-tools.js';
import { armTurn } from './deadlines.js';
import { runTurn } from './run-turn.js';
import type { Transport } from '../transport/transport.js';
import { pollDetachedRun, stopDetachedPoll } from './detached-poll.js';

/** Shows the line up to `ids`' end with the state `end` holds (a switch, or the point a turn runs again from). */
export function showLine<S>(parts: ChatParts<S>, ids: string[], end: RerunPlan<S>['end']): void {
  const { store, history, session, branches } = parts;
  const messages = decoratedMessages(branches.tree, ids);
  const current = store.getState().messages;
  let keep = 0;
  while (keep < messages.length && keep < current.length && messages[keep]!.id === current[keep]!.id) keep++;
  history.fork(keep);
  branches.epoch++;
  store.replace(lineState(messages, end));
  session.reset(end.clientState ? { state: end.clientState } : undefined);
}

/** Checks a rerun against what the transport can do, and shows the line it runs from. */
function startRerun<S>(parts: ChatParts<S>, plan: RerunPlan<S> | AgentChatError): RerunPlan<S> | AgentChatError {
  if (plan instanceof AgentChatError) return plan;
  if (plan.end.unknown) return new AgentChatError('unsupported', 'Unknown point of a restored chat: see restoreChatTree.');
  const { transport } = parts.settings.options;
  if (transport.reruns === 'start' && plan.parentId !== ROOT_ID) {
    return new AgentChatError('unsupported', `${transport.name} threads cannot fork: only a first turn runs again.`);
  }
  showLine(parts, parts.branches.tree.pathTo(plan.parentId), plan.end);
  return plan;
}

/** An operation that cannot run: the chat shows the error (clearError dismisses it) and nothing else changes. */
function refuse<S>(parts: ChatParts<S>, error: AgentChatError, onChunk: ((chunk: AgentChunk<S>) => void) | undefined): AgentResponse<S> {
  parts.store.api.setState({ status: 'error', error });
  safely(parts.settings.options.onError, error);
  safely(onChunk, { turnEnd: { finishReason: 'failed' }, raw: null });
  return { ...abortedResponse(parts.store.getState()), finishReason: 'failed', error };
}

/**
 * Queues one turn; when it ends, its snapshot becomes a checkpoint, the session carries on from it and the
 * conversation tree records it. With a `plan` (regenerate, edit, retry), the turn first rewinds to its point.
 */
export function enqueueTurn<S>(
  parts: ChatParts<S>, input: AgentInput, onChunk: ((chunk: AgentChunk<S>) => void) | undefined, call: SendOptions | undefined,
  plan?: () => RerunPlan<S> | AgentChatError, answers: ToolResponsePart[] | null = null, transport?: Transport,
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
    const rerun = plan ? startRerun(parts, plan()) : null;
    if (rerun instanceof AgentChatError) return refuse(parts, rerun, onChunk);
    let first: RerunPlan<S> | null = rerun;
    // The client-side tool loop runs the turn, and again with tool results while the agent asks for client tools.
    return parts.tools.drive(rerun ? rerun.input : input, answers, queueSignal, (roundInput, roundAnswers) => {
      const round = runRound(parts, roundInput, roundAnswers, first, onChunk, call, queueSignal, transport, context);
      first = null;
      return round;
    });
  }, dropped, call?.signal);
}

/** One request of a turn: deadlines armed, the stream reduced, then the conversation tree and the session carry on. */
async function runRound<S>(
  parts: ChatParts<S>, input: AgentInput, answers: ToolResponsePart[] | null, rerun: RerunPlan<S> | null,
  onChunk: ((chunk: AgentChunk<S>) => void) | undefined, call: SendOptions | undefined, queueSignal: AbortSignal,
  transport: Transport | undefined, context: AgentContextEntry[],
): Promise<AgentResponse<S>> {
  const { store, history, session, eventListeners, createId, branches } = parts;
  stopDetachedPoll(parts);
  const start = store.getState().messages.length;
  const from = store.getState().snapshotId;
  const epoch = branches.epoch;
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
      tools: declareTools(options.tools),
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
      onError: (error) => safely(parts.settings.options.onError, error),
      stream,
      onEvents: (events) => {
        for (const listener of eventListeners) for (const { event, raw } of events) safely(listener, event, raw);
      },
      ...(rerun?.inputMessageId ? { inputMessageId: rerun.inputMessageId } : {}),
      ...(rerun ? { rerun: rerun.rerun } : {}),
      settle: (draft, ended) => {
        if (epoch === branches.epoch) settleTurn(branches.tree, draft, start, ended);
      },
    });
    session.afterTurn(response, returnedState);
    if (epoch === branches.epoch) recordTurn(branches.tree, store, start, input, session.clientState);
    if (response.snapshotId) history.checkpoint(response.snapshotId);
    safely(parts.settings.options.onTurnEnd, response);
    if (response.finishReason === 'detached') pollDetachedRun(parts, response, from);
    return response;
  } finally {
    deadlines.clear();
    queueSignal.removeEventListener('abort', forward);
  }
}
