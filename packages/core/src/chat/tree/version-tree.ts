import { AgentChatError } from '../../model/error.js';
import type { SnapshotInfo } from '../../model/session.js';
import type { Transport } from '../../transport/transport.js';
import type { AgentChat } from '../agent-chat.js';
import { ROOT_ID } from './branch-tree.js';
import { featureMissing, type ChatFeature, type PreparedRerun, type TreeSlot } from '../chat-features.js';
import type { ChatBranchOperations } from '../chat-options.js';
import {
  createChatTree, decoratedMessages, lineEndOf, lineState, planEdit, planRegenerate, planRetry, recordTurn, restoredTree, settleTurn,
  type ChatTree, type RerunPlan,
} from './chat-operations.js';
import { safely, toInput, type ChatParts } from '../chat-parts.js';
import { initialChatState } from '../state/chat-state.js';
import { enqueueTurn } from '../turn/enqueue-turn.js';

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
  /** Reads on the turn a restored session still runs on the server (its `runningTurnId`), with the `resumable()` feature. */
  reattach(info: SnapshotInfo<S>): void;
}

/** A chat's tree and the epoch bumped whenever it or the shown line is replaced (a turn across that is not recorded). */
interface Branches<S> {
  tree: ChatTree<S>;
  epoch: number;
}

// The tree access of every chat made with versionTree(), for `exportChatTree`/`restoreChatTree`.
const TREES = new WeakMap<object, ChatTreeAccess<unknown>>();

/** The tree access of a chat made by `createAgentChat` with the `versionTree()` feature. */
export function chatTreeOf<S>(chat: object, method: string): ChatTreeAccess<S> {
  const access = TREES.get(chat) as ChatTreeAccess<S> | undefined;
  if (!access) throw featureMissing('versionTree', method);
  return access;
}

/** Shows the line up to `ids`' end with the state `end` holds (a switch, or the point a turn runs again from). */
function showLine<S>(parts: ChatParts<S>, branches: Branches<S>, ids: string[], end: RerunPlan<S>['end']): void {
  const { store, history, session } = parts;
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
function startRerun<S>(parts: ChatParts<S>, branches: Branches<S>, plan: RerunPlan<S> | AgentChatError): PreparedRerun | AgentChatError {
  if (plan instanceof AgentChatError) return plan;
  if (plan.end.unknown) return new AgentChatError('unsupported', 'Unknown point of a restored chat: see restoreChatTree.');
  const { transport } = parts.settings.options;
  if (transport.reruns === 'start' && plan.parentId !== ROOT_ID) {
    return new AgentChatError('unsupported', `${transport.name} threads cannot fork: only a first turn runs again.`);
  }
  showLine(parts, branches, branches.tree.pathTo(plan.parentId), plan.end);
  return plan;
}

/** The tree's side of turns, `reset`, `branch`, `restore` and feedback. */
function treeSlot<S>(parts: ChatParts<S>, branches: Branches<S>): TreeSlot<S> {
  const { store, session } = parts;
  return {
    epoch: () => branches.epoch,
    settle(draft, start, ended, epoch) {
      if (epoch === branches.epoch) settleTurn(branches.tree, draft, start, ended);
    },
    record(start, input, epoch) {
      if (epoch === branches.epoch) recordTurn(branches.tree, store, start, input, session.clientState);
    },
    reset() {
      const end = lineEndOf(store.getState(), session.clientState);
      branches.epoch++;
      branches.tree = createChatTree(end, store.getState().messages, end);
    },
    cut() {
      const messages = store.getState().messages;
      branches.epoch++;
      const last = messages.length > 0 ? messages[messages.length - 1]!.id : ROOT_ID;
      if (last === ROOT_ID || branches.tree.has(last)) branches.tree.cut(last);
    },
    restored(parent: SnapshotInfo<S> | null) {
      branches.epoch++;
      const before = parent?.state && {
        count: parent.state.messages.length,
        end: lineEndOf(initialChatState<S>({
          custom: parent.state.custom, artifacts: parent.state.artifacts, snapshotId: parent.snapshotId, sessionId: store.getState().sessionId,
          finishReason: parent.finishReason ?? null,
        }), null),
      };
      branches.tree = restoredTree(store.getState().messages, lineEndOf(store.getState(), null), before || undefined);
    },
    replace(message) {
      if (branches.tree.message(message.id)) branches.tree.replace(message);
    },
  };
}

/** regenerate, edit, retry and switchBranch over the tree. */
function branchOperations<S>(parts: ChatParts<S>, branches: Branches<S>): Omit<ChatBranchOperations<S>, 'clearError'> {
  const { queue } = parts;
  const rerun = (plan: () => RerunPlan<S> | AgentChatError) => () => startRerun(parts, branches, plan());
  return {
    regenerate: (messageId, options) => enqueueTurn(parts, {}, options?.onChunk, options, rerun(() => planRegenerate(branches.tree, messageId))),
    edit(messageId, input, options) {
      const next = toInput(input);
      return enqueueTurn(parts, next, options?.onChunk, options, rerun(() => planEdit(branches.tree, messageId, next)));
    },
    retry: (options) => enqueueTurn(parts, {}, options?.onChunk, options, rerun(() => planRetry(branches.tree))),
    switchBranch(messageId, index) {
      const apply = () => {
        const { tree } = branches;
        if (!tree.has(messageId) || tree.show(tree.parentOf(messageId)!, index) === undefined) {
          safely(parts.settings.options.onError, new AgentChatError('unsupported', `No sibling ${index} of ${messageId}.`));
        } else showLine(parts, branches, tree.lineIds(), tree.lineEnd());
      };
      // At once when idle; after the running and queued turns otherwise (dropped by a stop, branch or reset before).
      if (queue.idle) apply();
      else void queue.run(async () => apply(), () => undefined);
    },
  };
}

/**
 * The conversation tree as a chat feature: `regenerate`, `edit`, `retry`, `switchBranch`, the `siblings` of messages,
 * `exportChatTree`/`restoreChatTree`. `createAgentChat({ transport, features: [versionTree()] })`.
 */
export function versionTree(): ChatFeature {
  return {
    name: 'versionTree',
    install<S>(parts: ChatParts<S>, chat: AgentChat<S>): Partial<AgentChat<S>> {
      const { store, session, queue, history } = parts;
      const end = lineEndOf(store.getState(), session.clientState);
      const branches: Branches<S> = { tree: createChatTree(end, store.getState().messages, end), epoch: 0 };
      parts.tree = treeSlot(parts, branches);
      const operations = branchOperations(parts, branches);
      TREES.set(chat, {
        tree: () => branches.tree,
        generation: () => queue.generation,
        load(restored, since) {
          if (since !== queue.generation || queue.busy) return false;
          branches.tree = restored as ChatTree<S>;
          history.fork(0);
          showLine(parts, branches, restored.lineIds(), restored.lineEnd() as RerunPlan<S>['end']);
          return true;
        },
        transport: () => parts.settings.options.transport,
        createId: () => parts.createId(),
        reattach: (info) => parts.resumable?.reattachRunning(info as SnapshotInfo<S>),
      } satisfies ChatTreeAccess<S> as ChatTreeAccess<unknown>);
      return operations;
    },
  };
}
