/**
 * Regenerate, edit, retry and switchBranch over the conversation's {@link BranchTree}: what each line keeps at a turn's
 * end, where a turn runs again from, and the `siblings` positions the store's messages show.
 */
import type { Draft } from 'immer';
import type { AgentInput } from '../../model/chunk.js';
import { AgentChatError } from '../../model/error.js';
import { toMessage, type ChatMessage } from '../../model/message.js';
import type { SessionState } from '../../model/session.js';
import type { TurnRerun } from '../../transport/transport.js';
import { BranchTree, ROOT_ID } from './branch-tree.js';
import { initialChatState, type ChatState } from '../state/chat-state.js';
import type { ChatStore } from '../state/store.js';

/** The turn that ended a line, so that `retry` can run it again. */
export interface TurnRecord {
  input: AgentInput;
  /** The message before the turn (ROOT_ID at the start). */
  parentId: string;
  /** The turn's own user message, when it had one. */
  userId?: string;
}

/** What a line holds after a turn: everything but its messages and status, and the client-managed state. */
export interface LineEnd<S> {
  state: Omit<ChatState<S>, 'messages' | 'status'>;
  clientState: SessionState<S> | null;
  turn?: TurnRecord;
  /** A point of a restored conversation whose state is not known here: nothing runs again from it. */
  unknown?: boolean;
}

export type ChatTree<S> = BranchTree<ChatMessage, LineEnd<S>>;

/** The end of a line as the store shows it now. */
export function lineEndOf<S>(state: ChatState<S>, clientState: SessionState<S> | null, turn?: TurnRecord): LineEnd<S> {
  const { messages: _messages, status: _status, ...rest } = state;
  return { state: rest, clientState, ...(turn ? { turn } : {}) };
}

/** A new tree whose only line is `messages`, ending in `end`. */
export function createChatTree<S>(rootEnd: LineEnd<S>, messages: readonly ChatMessage[] = [], end?: LineEnd<S>): ChatTree<S> {
  const tree = new BranchTree<ChatMessage, LineEnd<S>>(rootEnd);
  tree.extend(ROOT_ID, messages, messages.length > 0 ? end : undefined);
  return tree;
}

/**
 * The tree of a conversation restored from one snapshot: only its last turn's start is known (the snapshot before it,
 * `parentCount` messages in), so that turn can run again; earlier points are unknown.
 */
export function restoredTree<S>(messages: readonly ChatMessage[], end: LineEnd<S>, parent?: { count: number; end: LineEnd<S> }): ChatTree<S> {
  const tree = createChatTree<S>({ ...lineEndOf(initialChatState<S>(), null), unknown: messages.length > 0 && parent?.count !== 0 });
  const count = parent && parent.count < messages.length ? parent.count : 0;
  if (count > 0) tree.extend(ROOT_ID, messages.slice(0, count), parent!.end);
  const last = messages[messages.length - 1];
  const turn = last?.role === 'user' && (end.state.finishReason === 'failed' || end.state.finishReason === 'aborted')
    ? { input: { message: toMessage(last) }, parentId: messages[messages.length - 2]?.id ?? ROOT_ID, userId: last.id }
    : undefined;
  tree.extend(messages[count - 1]?.id ?? ROOT_ID, messages.slice(count), messages.length > count ? { ...end, ...(turn ? { turn } : {}) } : undefined);
  return tree;
}

/** The store state that shows a line: its messages and the state at its end. */
export function lineState<S>(messages: ChatMessage[], end: LineEnd<S>): ChatState<S> {
  return { ...end.state, messages, status: end.state.error ? 'error' : 'ready' };
}

function sameSiblings(a: ChatMessage['siblings'], b: ChatMessage['siblings']): boolean {
  return a === b || (!!a && !!b && a.index === b.index && a.count === b.count);
}

/**
 * The messages of `ids` with their `siblings` positions (set where there are alternatives). Unchanged messages keep
 * their identity, so only rows whose position changed re-render; the tree keeps the decorated copies.
 */
export function decoratedMessages<S>(tree: ChatTree<S>, ids: readonly string[]): ChatMessage[] {
  return ids.map((id) => {
    const message = tree.message(id)!;
    const position = tree.siblings(id);
    const wanted = position && position.count > 1 ? position : undefined;
    if (sameSiblings(message.siblings, wanted)) return message;
    const { siblings: _old, ...rest } = message;
    const decorated: ChatMessage = wanted ? { ...rest, siblings: wanted } : rest;
    tree.replace(decorated);
    return decorated;
  });
}

/** Where a turn runs again from: the line up to `parentId`, its state there, and the turn's input. */
export interface RerunPlan<S> {
  parentId: string;
  end: LineEnd<S>;
  input: AgentInput;
  /** Set when the turn's user message is kept (regenerate, retry): the response becomes its new child. */
  inputMessageId?: string;
  rerun: TurnRerun;
}

const unsupported = (message: string) => new AgentChatError('unsupported', message);

/** The user message whose turn produced `id` (itself when it is one). */
function userMessageOf<S>(tree: ChatTree<S>, id: string): string | undefined {
  for (let at: string | undefined = id; at && at !== ROOT_ID; at = tree.parentOf(at)) {
    if (tree.message(at)?.role === 'user') return at;
  }
  return undefined;
}

/** The child of `ancestor` on the path to `id` (the first message of that continuation); `ancestor` is on that path. */
function childToward<S>(tree: ChatTree<S>, ancestor: string, id: string): ChatMessage | null {
  const path = tree.pathTo(id);
  const next = path[path.indexOf(ancestor) + 1];
  return next ? tree.message(next) ?? null : null;
}

function fromUserMessage<S>(tree: ChatTree<S>, userId: string, towards: string, operation: TurnRerun['operation']): RerunPlan<S> {
  const parentId = tree.parentOf(userId)!;
  const replaced = childToward(tree, userId, towards);
  return {
    parentId,
    end: tree.endAt(parentId),
    input: { message: toMessage(tree.message(userId)!) },
    inputMessageId: userId,
    rerun: { operation, replaced: replaced ? toMessage(replaced) : null },
  };
}

/** `regenerate(messageId?)`: the turn that produced that answer (default: the shown line's last model message), again. */
export function planRegenerate<S>(tree: ChatTree<S>, messageId: string | undefined): RerunPlan<S> | AgentChatError {
  const line = tree.lineIds();
  const target = messageId ?? [...line].reverse().find((id) => tree.message(id)!.role === 'model');
  const userId = target === undefined || !tree.has(target) ? undefined : userMessageOf(tree, target);
  if (userId === undefined) return unsupported(`No answer ${target ?? ''} to regenerate.`);
  return fromUserMessage(tree, userId, target!, 'regenerate');
}

/** `edit(messageId, input)`: a new user message beside that one, run from the conversation before it. */
export function planEdit<S>(tree: ChatTree<S>, messageId: string, input: AgentInput): RerunPlan<S> | AgentChatError {
  const message = tree.message(messageId);
  if (message?.role !== 'user' || !input.message) return unsupported(`No user message ${messageId} to edit.`);
  const parentId = tree.parentOf(messageId)!;
  return { parentId, end: tree.endAt(parentId), input, rerun: { operation: 'edit', replaced: toMessage(message) } };
}

/** `retry()`: the shown line's last turn, when it failed or was stopped, with the same input from the same point. */
export function planRetry<S>(tree: ChatTree<S>): RerunPlan<S> | AgentChatError {
  const end = tree.lineEnd();
  const { finishReason } = end.state;
  const turn = end.turn;
  if (!turn || (finishReason !== 'failed' && finishReason !== 'aborted')) return unsupported('No failed or stopped turn to retry.');
  const line = tree.lineIds();
  if (turn.userId && tree.has(turn.userId)) return fromUserMessage(tree, turn.userId, line[line.length - 1]!, 'retry');
  const replaced = tree.lineIds(turn.parentId)[tree.pathTo(turn.parentId).length];
  return {
    parentId: turn.parentId,
    end: tree.endAt(turn.parentId),
    input: turn.input,
    rerun: { operation: 'retry', replaced: replaced ? toMessage(tree.message(replaced)!) : null },
  };
}

/**
 * In the store update that ends a turn: the turn's messages (from `start`) get the turn's snapshot when it completed,
 * and their `siblings` positions as the tree will hold them.
 */
export function settleTurn<S>(tree: ChatTree<S>, draft: Draft<ChatState<S>>, start: number, ended: { finishReason: string; snapshotId?: string }): void {
  const snapshotId = ended.finishReason !== 'failed' && ended.finishReason !== 'aborted' ? ended.snapshotId : undefined;
  for (let index = start; index < draft.messages.length; index++) {
    const message = draft.messages[index]!;
    if (snapshotId) message.snapshotId = snapshotId;
    const position = tree.positionUnder(draft.messages[index - 1]?.id ?? ROOT_ID, message.id);
    if (position.count > 1) message.siblings = position;
    else delete message.siblings;
  }
}

/** Records a finished turn in the tree: the shown line becomes the store's, its end the store's state. */
export function recordTurn<S>(
  tree: ChatTree<S>, store: ChatStore<S>, start: number, input: AgentInput, clientState: SessionState<S> | null,
): void {
  const state = store.getState();
  const parentId = state.messages[start - 1]?.id ?? ROOT_ID;
  const userId = input.message ? state.messages[start]?.id : undefined;
  tree.extend(ROOT_ID, state.messages, lineEndOf(state, clientState, { input, parentId, ...(userId ? { userId } : {}) }));
  const decorated = decoratedMessages(tree, tree.lineIds());
  if (decorated.length !== state.messages.length || decorated.some((message, index) => message !== state.messages[index])) {
    store.api.setState({ messages: decorated });
  }
}
