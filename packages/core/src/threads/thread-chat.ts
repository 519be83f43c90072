import type { AgentChat } from '../chat/agent-chat.js';
import type { ChatState, RunningTurn } from '../chat/state/chat-state.js';
import { exportChatTree, restoreChatTree, type ChatTreeRecord } from '../chat/tree/chat-tree-record.js';
import { holdQueue } from '../chat/persist/queue-hold.js';
import type { ChatMessage } from '../model/message.js';
import { textOf } from '../model/part.js';
import type { ThreadAdapter, ThreadContent } from './thread-types.js';

/** What a thread's chat tells its list. */
export interface ThreadChatEvents {
  /** The first user message appeared (titles come from it). */
  onFirstMessage(id: string, messages: ChatMessage[]): void;
  /** A turn ended: the summary's time, preview and title follow. */
  onTurnEnd(id: string, messages: ChatMessage[]): void;
  onRunning(id: string, running: boolean): void;
  onError(error: unknown): void;
}

/** One thread's chat, kept while the list lives: restored once, persisted as it changes. */
export interface ThreadChat<S> {
  readonly chat: AgentChat<S>;
  /** Settles when the kept conversation is loaded into the chat. */
  readonly restored: Promise<void>;
  /** Leaves a running turn: detached where the transport can reattach to it later, stopped otherwise. */
  leave(): Promise<void>;
  /** Back to a turn left running (`leave`), if it still runs. */
  rejoin(): void;
  /** Loads the kept conversation again (another tab changed it). */
  reload(): Promise<void>;
  dispose(): void;
}

const holdsShown = (tree: ChatTreeRecord, messages: readonly ChatMessage[]) => {
  const ids = new Set(tree.nodes.map((node) => node.id));
  return messages.every((message) => ids.has(message.id));
};

const isRunning = (state: ChatState<unknown>) => state.status === 'submitted' || state.status === 'streaming';

/** The text a summary previews: the start of the last message with text. */
export function previewOf(messages: readonly ChatMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const text = textOf(messages[index]!.content).trim().replace(/\s+/g, ' ');
    if (text) return text.slice(0, 120);
  }
  return undefined;
}

/**
 * Wires one thread's chat to the store: restores it (the kept version tree, else the server's session), saves its tree
 * after every turn and branch switch, and keeps a running turn's handle so that it can be rejoined after a reload.
 */
export function createThreadChat<S>(id: string, chat: AgentChat<S>, adapter: ThreadAdapter, events: ThreadChatEvents, fresh: boolean): ThreadChat<S> {
  let restoring = !fresh;
  let leftTurn: RunningTurn | undefined;
  let treeBeforeTurn: ChatTreeRecord | undefined;
  let lastTree: ChatTreeRecord = exportChatTree(chat);
  let writes: Promise<void> = Promise.resolve();
  const write = (content: ThreadContent) => {
    if (!adapter.saveContent) return;
    writes = writes.then(() => adapter.saveContent!(id, content)).catch(events.onError);
  };
  /**
   * The chat records a turn in its tree just after the store shows the turn's end: wait (a few microtasks, no timer)
   * until the tree holds every shown message, then save it.
   */
  const saveTree = () => {
    writes = writes.then(async () => {
      for (let tick = 0; tick < 100 && !holdsShown(exportChatTree(chat), chat.getState().messages); tick++) await Promise.resolve();
      lastTree = exportChatTree(chat);
      await adapter.saveContent?.(id, { tree: lastTree });
    }).catch(events.onError);
  };

  const restore = async () => {
    restoring = true;
    try {
      const content = adapter.loadContent ? await adapter.loadContent(id).catch((error: unknown) => (events.onError(error), null)) : null;
      if (content) {
        await restoreChatTree(chat, content.tree);
        // The record just restored is the last whole tree the store holds (exporting the chat again would walk every
        // message on the switch's path).
        lastTree = content.tree;
        if (content.runningTurn) void chat.reattach(content.runningTurn);
      }
      // No kept tree, or one whose snapshots the transport cannot read one by one (the AI SDK route's chat loads whole).
      if (!content || (content.tree.nodes.length > 0 && !chat.getState().messages.length)) {
        // The server's session is the conversation (restoring it also rejoins a turn still running there).
        await chat.restore({ sessionId: id }).catch((error: unknown) => {
          const { code, status } = error as { code?: string; status?: number };
          if (code !== 'unsupported' && status !== 404) events.onError(error);
        });
      }
    } finally {
      restoring = false;
    }
  };

  let previous = chat.getState();
  const unsubscribe = chat.subscribe((state) => {
    const before = previous;
    previous = state;
    if (isRunning(state) !== isRunning(before)) events.onRunning(id, isRunning(state));
    if (restoring) return;
    if (!before.messages.some((message) => message.role === 'user') && state.messages.some((message) => message.role === 'user')) events.onFirstMessage(id, state.messages);
    // A turn the server can replay: kept with the last whole tree, so that a reload rejoins it.
    if (state.runningTurn && state.runningTurn !== before.runningTurn) write({ tree: lastTree, runningTurn: state.runningTurn });
    if (isRunning(before) && !isRunning(state)) {
      saveTree();
      events.onTurnEnd(id, state.messages);
    } else if (!isRunning(state) && state.messages !== before.messages) {
      saveTree();
    }
  });

  return {
    chat,
    restored: fresh ? Promise.resolve() : restore(),
    async leave() {
      const state = chat.getState();
      if (!isRunning(state)) return;
      // Its queued messages wait for the thread to be shown again (not sent in a thread the user left).
      holdQueue(chat, true);
      const turn = state.runningTurn;
      if (turn) {
        leftTurn = turn;
        treeBeforeTurn = lastTree;
        await chat.detach();
        write({ tree: lastTree, runningTurn: turn });
      } else {
        await chat.stop();
      }
    },
    rejoin() {
      const turn = leftTurn;
      leftTurn = undefined;
      const state = chat.getState();
      const release = () => holdQueue(chat, false);
      // A run that named its pending snapshot (Genkit) is followed by polling, which loads its result.
      if (!turn || isRunning(state) || (state.detached?.polling && state.detached.snapshotId)) return release();
      // The server's session holds the question and names the turn if it still runs: restoring rejoins it. A session
      // without a snapshot yet (Genkit's first turn): back to the tree before the turn, then reattach to its stream.
      // The queue goes once the turn is rejoined (after it), not into the session while the turn still runs there.
      const before = treeBeforeTurn ?? lastTree;
      chat.restore({ sessionId: id })
        .catch(async () => {
          await restoreChatTree(chat, before);
          await chat.reattach(turn);
        })
        .catch(events.onError)
        .finally(release);
    },
    reload: () => (isRunning(chat.getState()) ? Promise.resolve() : restore()),
    dispose() {
      unsubscribe();
      if (isRunning(chat.getState())) void chat.stop();
      // The list made this chat: it goes with its thread (or the list).
      chat.dispose();
    },
  };
}
