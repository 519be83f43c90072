// A run's content events held to the end of the store update they came in, then written to the run alone: the path down
// to it copied once by hand instead of drafted level by level, so a nested event costs what a flat one costs. A chunk
// of its own, loaded as the subAgents() feature is installed (until it is there, each event goes through the draft).
import { freeze, produce, type Draft } from 'immer';
import type { AgentEvent, MessageTarget, RunTarget } from '../../model/events.js';
import type { ChatMessage, Role } from '../../model/message.js';
import type { Part, ToolRequestPart } from '../../model/part.js';
import { DEFAULT_SUB_AGENT_DEPTH, SUB_AGENT_KEY, subAgentOf, type SubAgentRun } from '../../model/sub-agent.js';
import type { ChatState } from '../state/chat-state.js';
import type { ChatStore } from '../state/store.js';
import { reduceMessageEvent, type MessageHolder } from '../state/reduce-messages.js';
import type { SubAgentScope, TurnContext } from '../turn/turn-context.js';
import { findCall, pathOf, reduceSubAgentEvent, SEPARATOR } from './reduce-sub-agents.js';

/** The events of a run that may wait for the update's end (content into its messages), with the role each goes to. */
const CONTENT_ROLES: Readonly<Record<string, Role>> = { 'text-delta': 'model', 'reasoning-delta': 'model', 'part-add': 'model', 'tool-request': 'model', 'tool-response': 'tool' };

/** A run's content events held back in the store update under way (its draft): {@link finishHeldEvents} applies them. */
export interface HeldEvents {
  draft: object;
  turn: TurnContext;
  scope: SubAgentScope;
  events: AgentEvent[];
}

/**
 * Holds a sub-agent's content event back (true) when its run was streamed into before (its scope knows where it is):
 * the update's last events into one run are then written after the update's recipe, to the run alone, its path copied
 * once by hand instead of drafted level by level. Events held for another run are applied first, through the draft.
 */
export function holdSubAgentEvent(draft: Draft<ChatState>, event: AgentEvent, turn: TurnContext, holding: { held?: HeldEvents }): boolean {
  const within = (event as RunTarget).within!;
  const held = holding.held;
  const content = event.type in CONTENT_ROLES;
  if (content && held?.draft === draft && held.scope.within.length === within.length && held.scope.within.every((ref, index) => ref === within[index])) {
    held.events.push(event);
    return true;
  }
  releaseHeldEvents(draft, turn, holding);
  const scope = content && within.length <= (turn.maxSubAgentDepth ?? DEFAULT_SUB_AGENT_DEPTH) && within.every((ref) => typeof ref === 'string')
    ? turn.subAgentScopes?.get(within.join(SEPARATOR))
    : undefined;
  if (scope) holding.held = { draft, turn, scope, events: [event] };
  return !!scope;
}

/** The events held in this update, applied now through its draft (an event that is not held comes next). */
export function releaseHeldEvents(draft: Draft<ChatState>, turn: TurnContext, holding: { held?: HeldEvents }): void {
  const held = holding.held;
  holding.held = undefined;
  if (held?.draft === draft) for (const event of held.events) reduceSubAgentEvent(draft, event, turn);
}

/**
 * After the update's recipe (its result `next`): the events held for one run, written by reduceMessageEvent to copies
 * made by hand — the path from the chat's state down to the run, the run, its message list and, per message written
 * to, the message, its content and its last part (the one an append extends): what immer would copy, without a proxy
 * per object — then frozen as immer leaves a state (a part an event brought, deeply). Where the run is not where its
 * scopes last saw it, the events go through a draft of the chat as any other.
 */
export function finishHeldEvents(next: ChatState, held: HeldEvents): ChatState {
  const { turn, scope, events } = held;
  const path = pathOf(turn, scope.within);
  const holders: MessageHolder[] = [];
  let holder: MessageHolder = next;
  for (const [depth, ref] of scope.within.entries()) {
    const call = findCall(holder.messages as Draft<ChatMessage>[], ref, path[depth]!);
    const found = call && subAgentOf(call as ToolRequestPart);
    if (!found) return produce(next, (draft) => events.forEach((event) => reduceSubAgentEvent(draft, event, turn)));
    holders.push(holder);
    holder = found;
  }
  const run = { ...(holder as SubAgentRun), status: 'running', messages: [...holder.messages] } satisfies SubAgentRun;
  // Each message written to, and from which part on its parts may be new (0: any of them, a tool part replaces one).
  const written = new Map<number, number>();
  for (const event of events) {
    const role = (event as { role?: Role }).role ?? CONTENT_ROLES[event.type]!;
    const key = (event as MessageTarget).messageKey;
    const at = key !== undefined ? scope.messageIndexByKey.get(key) : scope.lastIndexByRole[role];
    const message = at === undefined || written.has(at) ? undefined : run.messages[at];
    if (message) {
      const content = [...message.content];
      const last = content.length - 1;
      if (last >= 0) content[last] = { ...content[last]! };
      run.messages[at!] = { ...message, content };
      written.set(at!, Math.max(0, last));
    }
    reduceMessageEvent(run, event, scope);
    const target = scope.lastIndexByRole[role]!;
    if (!written.has(target) || event.type.startsWith('tool')) written.set(target, 0);
  }
  for (const [at, from] of written) {
    const { content } = run.messages[at]!;
    for (let index = from; index < content.length; index++) freeze(content[index], true);
    Object.freeze(content);
    Object.freeze(run.messages[at]);
  }
  let value: object = Object.freeze(run);
  Object.freeze(run.messages);
  for (let depth = holders.length - 1; depth >= 0; depth--) {
    const { messages } = holders[depth]!;
    const at = path[depth]!.at!;
    const message = messages[at.message]!;
    const part = message.content[at.part]!;
    const content = [...message.content];
    content[at.part] = Object.freeze({ ...part, metadata: Object.freeze({ ...part.metadata, [SUB_AGENT_KEY]: value }) });
    const list = [...messages];
    list[at.message] = Object.freeze({ ...message, content: Object.freeze(content) as Part[] });
    value = Object.freeze({ ...holders[depth], messages: Object.freeze(list) });
  }
  return value as ChatState;
}

/**
 * The store's update (immer's produce, then setState) with the events the recipe held written after it: still one
 * update, one state, one notification.
 */
export function updateHolding<S>(store: ChatStore<S>, recipe: (draft: Draft<ChatState<S>>) => void, holding: { held?: HeldEvents }): void {
  holding.held = undefined;
  const next = produce(store.getState(), recipe);
  const held = holding.held;
  holding.held = undefined;
  store.api.setState(held ? (finishHeldEvents(next as ChatState, held) as ChatState<S>) : next);
}
