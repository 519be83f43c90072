import { AgentChatError } from '../model/error.js';
import type { SnapshotInfo } from '../model/session.js';
import { ROOT_ID } from './branch-tree.js';
import type { ChatBranchOperations } from './chat-options.js';
import { createChatTree, lineEndOf, planEdit, planRegenerate, planRetry, restoredTree, type ChatTree } from './chat-operations.js';
import { safely, toInput, type ChatParts } from './chat-parts.js';
import { initialChatState } from './chat-state.js';
import { enqueueTurn, showLine } from './enqueue-turn.js';
import { reattachRunningTurn } from './reattach-running-turn.js';
import type { Transport } from '../transport/transport.js';

/** Internal access to a chat's conversation tree, for `exportChatTree`/`restoreChatTree` (kept apart so that apps not using them do not ship them). */
export interface ChatTreeAccess<S> {
  tree(): ChatTree<S>;
  generation(): number;
  /** Shows a restored tree, unless the chat moved on since `generation` (a turn, a reset); false then. */
  load(tree: ChatTree<S>, generation: number): boolean;
  /** The chat's transport (what its snapshots can give back). */
  transport(): Transport;
  /** A new message id, as the chat makes them. */
  createId(): string;
  /** Reads on the turn a restored session still runs on the server (its `runningTurnId`). */
  reattach(info: SnapshotInfo<S>): void;
}

// The parts of every chat, kept for `exportChatTree`/`restoreChatTree`: the access is built only by them, so apps that
// do not import them ship none of it.
const CHAT_PARTS = new WeakMap<object, ChatParts<unknown>>();

/** The tree access of a chat made by `createAgentChat`. */
export function chatTreeOf<S>(chat: object): ChatTreeAccess<S> {
  const parts = CHAT_PARTS.get(chat) as ChatParts<S> | undefined;
  if (!parts) throw new AgentChatError('unsupported', 'Not a createAgentChat chat.');
  const { queue, history, branches } = parts;
  return {
    tree: () => branches.tree,
    generation: () => queue.generation,
    load(restored, since) {
      if (since !== queue.generation || queue.busy) return false;
      branches.tree = restored;
      history.fork(0);
      showLine(parts, restored.lineIds(), restored.lineEnd());
      return true;
    },
    transport: () => parts.settings.options.transport,
    createId: () => parts.createId(),
    reattach: (info) => reattachRunningTurn(parts, info),
  };
}

/** Registers the parts of `chat`, for {@link chatTreeOf}. */
export function registerTreeAccess<S>(chat: object, parts: ChatParts<S>): void {
  CHAT_PARTS.set(chat, parts as ChatParts<unknown>);
}

/** A new tree whose only line is what the store shows now (after `reset`). */
export function resetTree<S>(parts: ChatParts<S>): void {
  const { store, session, branches } = parts;
  const end = lineEndOf(store.getState(), session.clientState);
  branches.epoch++;
  branches.tree = createChatTree(end, store.getState().messages, end);
}

/** After `branch` rewound to a checkpoint: the tree's shown line ends where the store's does. */
export function cutTree<S>(parts: ChatParts<S>): void {
  const { store, branches } = parts;
  const messages = store.getState().messages;
  branches.epoch++;
  const last = messages.length > 0 ? messages[messages.length - 1]!.id : ROOT_ID;
  if (last === ROOT_ID || branches.tree.has(last)) branches.tree.cut(last);
}

/** After `restore` loaded a snapshot: the tree of its conversation, whose last turn can run again when `parent` is known. */
export function restoreTree<S>(parts: ChatParts<S>, parent: SnapshotInfo<S> | null): void {
  const { store, branches } = parts;
  branches.epoch++;
  const before = parent?.state && {
    count: parent.state.messages.length,
    end: lineEndOf(initialChatState<S>({
      custom: parent.state.custom, artifacts: parent.state.artifacts, snapshotId: parent.snapshotId, sessionId: store.getState().sessionId,
      finishReason: parent.finishReason ?? null,
    }), null),
  };
  branches.tree = restoredTree(store.getState().messages, lineEndOf(store.getState(), null), before || undefined);
}

/** regenerate, edit, retry, switchBranch and clearError: the conversation tree's side of the chat. */
export function branchOperations<S>(parts: ChatParts<S>): ChatBranchOperations<S> {
  const { store, queue, branches } = parts;
  return {
    regenerate: (messageId, options) => enqueueTurn(parts, {}, options?.onChunk, options, () => planRegenerate(branches.tree, messageId)),
    edit(messageId, input, options) {
      const next = toInput(input);
      return enqueueTurn(parts, next, options?.onChunk, options, () => planEdit(branches.tree, messageId, next));
    },
    retry: (options) => enqueueTurn(parts, {}, options?.onChunk, options, () => planRetry(branches.tree)),
    switchBranch(messageId, index) {
      const apply = () => {
        const { tree } = branches;
        if (!tree.has(messageId) || tree.show(tree.parentOf(messageId)!, index) === undefined) {
          safely(parts.settings.options.onError, new AgentChatError('unsupported', `No sibling ${index} of ${messageId}.`));
        } else showLine(parts, tree.lineIds(), tree.lineEnd());
      };
      // At once when idle; after the running and queued turns otherwise (dropped by a stop, branch or reset before).
      if (queue.idle) apply();
      else void queue.run(async () => apply(), () => undefined);
    },
    clearError() {
      if (store.getState().status === 'error') store.api.setState({ status: 'ready', error: null });
    },
  };
}
