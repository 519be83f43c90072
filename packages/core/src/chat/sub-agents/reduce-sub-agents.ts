import { isDraft, original, type Draft } from 'immer';
import { AgentChatError } from '../../model/error.js';
import type { AgentEvent, RunTarget } from '../../model/events.js';
import type { ChatMessage, MessageStatus } from '../../model/message.js';
import { isInterruptPart, isToolRequestPart, type Part, type ToolRequestPart, type ToolResponsePart } from '../../model/part.js';
import { DEFAULT_SUB_AGENT_DEPTH, liftSubAgentRuns, SUB_AGENT_KEY, subAgentOf, type SubAgentRun, type SubAgentStatus } from '../../model/sub-agent.js';
import type { FinishReason } from '../../model/finish-reason.js';
import type { ChatState } from '../state/chat-state.js';
import { recordError } from '../state/reduce-state.js';
import { reduceMessageEvent, type MessageHolder, type MessageScope } from '../state/reduce-messages.js';
import type { SubAgentScope, TurnContext } from '../turn/turn-context.js';

/** Joins a run's `within` path into the key of its scope. */
export const SEPARATOR = '\u0000';

/** What a run's own message list does with a completed message: keeps the runs its calls started (see below). */
const KEEP = { keep: (streamed: readonly Part[], completed: Part[]) => keepSubAgentRuns(streamed, completed) };

function scopeOf(turn: TurnContext, within: readonly string[]): SubAgentScope {
  const scopes = (turn.subAgentScopes ??= new Map());
  const key = within.length === 1 ? within[0]! : within.join(SEPARATOR);
  let scope = scopes.get(key);
  if (!scope) {
    scope = { within, messageIndexByKey: new Map(), lastIndexByRole: {}, createId: turn.createId, asked: new Set(), subAgents: KEEP };
    scopes.set(key, scope);
  }
  return scope;
}

/** A part's tool call ref, read from its base when it is a draft (a read through a draft would draft its toolRequest). */
const refOf = (part: Part | Draft<Part>): string | undefined => ((isDraft(part) ? original(part) : part) as Partial<ToolRequestPart>).toolRequest?.ref;

/** The tool call `ref` among `messages` (latest first), where `scope` last saw it if it is still there: O(1) after the first look. */
export function findCall(messages: Draft<ChatMessage>[], ref: string, scope: SubAgentScope): Draft<ToolRequestPart> | undefined {
  const seen = scope.at && messages[scope.at.message]?.content[scope.at.part];
  if (seen && refOf(seen) === ref) return seen as Draft<ToolRequestPart>;
  for (let message = messages.length - 1; message >= 0; message--) {
    const content = messages[message]!.content;
    for (let part = content.length - 1; part >= 0; part--) {
      const candidate = content[part]!;
      if (isToolRequestPart(candidate) && candidate.toolRequest.ref === ref) {
        scope.at = { message, part };
        return candidate as Draft<ToolRequestPart>;
      }
    }
  }
  return undefined;
}

/**
 * A part added in this very update is the event's own object, not a draft: writing to it would write to the decoder's
 * copy. The part, its metadata and its run are copied (shallow) into the draft first, so they are the store's own.
 */
function ownCopy(messages: Draft<ChatMessage>[], scope: SubAgentScope, call: Draft<ToolRequestPart>): Draft<ToolRequestPart> {
  const run = subAgentOf(call as ToolRequestPart);
  const metadata = call.metadata ? { ...call.metadata, ...(run ? { [SUB_AGENT_KEY]: { ...run, messages: [...run.messages] } } : {}) } : undefined;
  const copy = { ...call, ...(metadata ? { metadata } : {}) } as Draft<ToolRequestPart>;
  const at = scope.at!;
  messages[at.message]!.content[at.part] = copy;
  return copy;
}

/** The scopes of the runs on `within`'s path, outermost first: made once per run (kept on its own scope). */
export function pathOf(turn: TurnContext, within: readonly string[]): SubAgentScope[] {
  const scope = scopeOf(turn, within);
  return (scope.path ??= within.map((_, depth) => (depth === within.length - 1 ? scope : scopeOf(turn, within.slice(0, depth + 1)))));
}

/**
 * The run that `within` names, made when it is new: each ref is looked up in the messages of the run before it (the
 * chat's own messages first). A tool call the stream has not shown yet is added to its parent's latest model message.
 * Once per store update: it reads through the update's drafts only what it writes to (the call's metadata, the run).
 */
function resolveRun(draft: Draft<ChatState>, turn: TurnContext, within: readonly string[], name?: string): Draft<SubAgentRun> {
  let holder: Draft<MessageHolder> = draft;
  let parentScope: MessageScope = turn;
  let run: Draft<SubAgentRun> | undefined;
  const path = pathOf(turn, within);
  for (let depth = 0; depth < within.length; depth++) {
    const ref = within[depth]!;
    const scope = path[depth]!;
    let call = findCall(holder.messages, ref, scope);
    if (!call) {
      const part: ToolRequestPart = { toolRequest: { name: (depth === within.length - 1 ? name : undefined) ?? 'agent', ref } };
      reduceMessageEvent(holder, { type: 'tool-request', part }, parentScope);
      call = findCall(holder.messages, ref, scope)!;
    }
    if (!isDraft(call)) {
      call = ownCopy(holder.messages, scope, call);
      // The copy replaced the run a run below it (found earlier in this update) was found through: found again.
      turn.subAgentCache = undefined;
    }
    const metadata = (call.metadata ??= {});
    const found = metadata[SUB_AGENT_KEY] as Draft<SubAgentRun> | undefined;
    if (found && Array.isArray(found.messages)) run = found;
    else {
      run = (metadata[SUB_AGENT_KEY] = { status: 'running', messages: [], startedAt: turn.now } satisfies SubAgentRun) as Draft<SubAgentRun>;
      // A new run (or one made again: its call was dropped) has no messages the scope may still point at.
      scope.messageIndexByKey.clear();
      scope.lastIndexByRole = {};
    }
    holder = run;
    parentScope = scope;
  }
  return run!;
}

/**
 * The run and scope `within` names, found once per store update: later events of the same update (of the same
 * draft) reuse them, so a run of tokens into a sub-agent costs what the same tokens into the answer cost.
 */
function cachedRun(draft: Draft<ChatState>, turn: TurnContext, within: readonly string[], name?: string): { run: Draft<SubAgentRun>; scope: SubAgentScope } {
  const key = within.length === 1 ? within[0]! : within.join(SEPARATOR);
  let cache = turn.subAgentCache;
  if (cache?.draft !== draft) cache = turn.subAgentCache = { draft, runs: new Map() };
  let found = cache.runs.get(key) as { run: Draft<SubAgentRun>; scope: SubAgentScope } | undefined;
  if (!found) {
    found = { run: resolveRun(draft, turn, within, name), scope: scopeOf(turn, within) };
    cache.runs.set(key, found);
  }
  return found;
}

/**
 * A sub-agent's event (one with `within`): streamed into its run's messages as the chat's own are, its start and end
 * recorded on the run. Deeper than the chat's limit: dropped, and the turn records a `too-deep` error once.
 * Costs O(new content) like a flat event: the run is found through cached positions, nothing is copied but the path.
 */
const END_STATUSES: ReadonlySet<unknown> = new Set(['done', 'failed', 'aborted', 'interrupted']);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function reduceSubAgentEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext): void {
  const within = (event as RunTarget).within!;
  // Refs come from the wire: a path that is not all strings names no call.
  if (within.some((ref) => typeof ref !== 'string')) return;
  const limit = turn.maxSubAgentDepth ?? DEFAULT_SUB_AGENT_DEPTH;
  if (within.length > limit) {
    if (!turn.subAgentTooDeep) {
      turn.subAgentTooDeep = true;
      recordError(draft, turn, new AgentChatError('too-deep', `Sub-agents nest deeper than ${limit} levels; the deeper runs are not shown.`, { details: { subAgentDepth: limit } }));
    }
    return;
  }
  const { run, scope } = cachedRun(draft, turn, within, event.type === 'sub-agent-start' ? event.name ?? event.agent : undefined);
  switch (event.type) {
    case 'sub-agent-start': {
      run.status = 'running';
      const agent = text(event.agent);
      if (agent !== undefined) run.agent = agent;
      if (event.runId !== undefined) run.runId = event.runId;
      return;
    }
    case 'sub-agent-end': {
      settleRun(run, END_STATUSES.has(event.status) ? event.status : 'done', turn.now);
      const error = text(event.error);
      if (error !== undefined) run.error = error;
      if (event.usage) run.usage = event.usage;
      return;
    }
    case 'usage':
      run.usage = event.usage;
      return;
    case 'interrupt-request':
      // The question reaches the user with the chat's other interrupts; the answer goes back with the call's ref.
      turn.interrupts.push(...event.parts);
      run.status = 'interrupted';
      return;
    default:
      if (run.status !== 'running') run.status = 'running';
      reduceMessageEvent(run, event, scope);
  }
}

const MESSAGE_STATUS: Record<Exclude<SubAgentStatus, 'running'>, MessageStatus> = {
  done: 'done', interrupted: 'done', failed: 'failed', aborted: 'aborted',
};

function settleRun(run: Draft<SubAgentRun>, status: Exclude<SubAgentStatus, 'running'>, now: number): void {
  run.status = status;
  if (run.startedAt !== undefined) run.durationMs = Math.max(0, now - run.startedAt);
  for (const message of run.messages) if (message.status === 'streaming') message.status = MESSAGE_STATUS[status];
}

/** The status a run still going at the turn's end gets: stopped with the turn, failed with it, waiting on a question. */
function endStatus(run: Draft<SubAgentRun>, finishReason: FinishReason): Exclude<SubAgentStatus, 'running'> {
  if (finishReason === 'aborted' || finishReason === 'detached') return 'aborted';
  if (finishReason === 'failed') return 'failed';
  if (finishReason === 'interrupted' && run.messages.some((message) => message.content.some(isInterruptPart))) return 'interrupted';
  return 'done';
}

/**
 * At the turn's end: every run the turn streamed into that is still going ends with it (stop stops the sub-agent
 * too), and the questions the runs asked join the turn's interrupts. Deepest first, so a parent sees its children settled.
 */
export function settleSubAgents(draft: Draft<ChatState>, turn: TurnContext, finishReason: FinishReason): void {
  if (!turn.subAgentScopes) return;
  const scopes = [...turn.subAgentScopes.values()].sort((a, b) => b.within.length - a.within.length);
  for (const scope of scopes) {
    const run = resolveRun(draft, turn, scope.within);
    if (run.status === 'running') settleRun(run, endStatus(run, finishReason), turn.now);
    if (finishReason !== 'interrupted' || run.status !== 'interrupted') continue;
    for (const message of run.messages) turn.interrupts.push(...(message.content as Part[]).filter(isInterruptPart));
    // The call that runs it waits because its sub-agent asked (a server interrupts the call to carry the question):
    // the sub-agent's question is the one to ask, so the call is not an interrupt of its own on this side.
    const ref = scope.within[scope.within.length - 1]!;
    const found = scope.within.length === 1 ? findCall(draft.messages, ref, scope) : undefined;
    const carrier = found && !isDraft(found) ? ownCopy(draft.messages, scope, found) : found;
    if (carrier?.metadata?.interrupt !== undefined) {
      const { interrupt: _carried, ...rest } = carrier.metadata;
      carrier.metadata = rest;
    }
    turn.interrupts = turn.interrupts.filter((part) => part.toolRequest.ref !== ref);
  }
}

/** A completed message's content, whose tool calls keep the runs their streamed parts carried. O(content). */
export function keepSubAgentRuns(streamed: readonly Part[], completed: Part[]): Part[] {
  let runs: Map<string, unknown> | undefined;
  for (const part of streamed) {
    if (isToolRequestPart(part) && part.toolRequest.ref !== undefined && part.metadata?.[SUB_AGENT_KEY] !== undefined) {
      (runs ??= new Map()).set(part.toolRequest.ref, part.metadata[SUB_AGENT_KEY]);
    }
  }
  if (!runs) return completed;
  return completed.map((part) => {
    // The run streamed this turn is the latest word on it, also over one the completed part carries.
    if (!isToolRequestPart(part) || part.toolRequest.ref === undefined) return part;
    const run = runs.get(part.toolRequest.ref);
    return run === undefined ? part : { ...part, metadata: { ...part.metadata, [SUB_AGENT_KEY]: run } };
  });
}

/**
 * A tool result whose part carries its sub-agent's run (`metadata.subAgent`, as a server that keeps runs sends it):
 * the result is reduced without it, and the run goes onto its call unless the call streamed one this turn.
 */
export function reduceKeptRun(draft: Draft<ChatState>, event: Extract<AgentEvent, { type: 'tool-response' }>, turn: TurnContext): void {
  const [lifted] = liftSubAgentRuns([{ content: [{ toolRequest: { name: event.part.toolResponse.name, ...(event.part.toolResponse.ref !== undefined ? { ref: event.part.toolResponse.ref } : {}) } }, event.part] }]);
  const [call, response] = lifted!.content as [ToolRequestPart, ToolResponsePart];
  reduceMessageEvent(draft, { ...event, part: response }, turn);
  const ref = event.part.toolResponse.ref;
  const run = subAgentOf(call);
  if (ref === undefined || !run) return;
  const scope = scopeOf(turn, [ref]);
  const found = findCall(draft.messages, ref, scope);
  if (!found || subAgentOf(found as ToolRequestPart)) return;
  const own = isDraft(found) ? found : ownCopy(draft.messages, scope, found);
  own.metadata = { ...own.metadata, [SUB_AGENT_KEY]: run as Draft<SubAgentRun> };
}
