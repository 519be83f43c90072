import type { ChatMessage } from '../../model/message.js';
import type { ChatState } from '../state/chat-state.js';

/**
 * The messages of one line of history. The live line reads the store (its first `n` messages are those of any
 * checkpoint taken on it: turns only append); a line left by `branch`/`reset`/`restore` keeps its last array.
 */
interface Lineage {
  messages: ChatMessage[] | null;
}

/** A turn-end state without its messages (they are the first `messageCount` of its lineage): O(1) per turn, not O(history). */
interface Checkpoint<S> {
  messageCount: number;
  lineage: Lineage;
  state: Omit<ChatState<S>, 'messages'>;
}

/** The checkpoints of a chat by snapshot id, and the lines of history they belong to. */
export interface ChatHistory<S> {
  /** Remembers the store's state now as the state at `snapshotId`. */
  checkpoint(snapshotId: string): void;
  /**
   * The state at a remembered snapshot (ready, without error), the history forked there so that the next turn
   * appends to that line; undefined for a snapshot it does not know.
   */
  rewind(snapshotId: string): ChatState<S> | undefined;
  /** The history is about to be rewritten from `keep` messages on: the old line keeps its array; checkpoints within `keep` move on. */
  fork(keep: number): void;
  /** Forgets every checkpoint. */
  clear(): void;
}

/** The history of the chat whose live state `current` reads. */
export function createChatHistory<S>(current: () => ChatState<S>): ChatHistory<S> {
  const checkpoints = new Map<string, Checkpoint<S>>();
  let lineage: Lineage = { messages: null };
  const messagesOf = (saved: Checkpoint<S>): ChatMessage[] => (saved.lineage.messages ?? current().messages).slice(0, saved.messageCount);

  const history: ChatHistory<S> = {
    checkpoint(snapshotId) {
      const { messages, ...state } = current();
      checkpoints.set(snapshotId, { messageCount: messages.length, lineage, state });
    },
    rewind(snapshotId) {
      const saved = checkpoints.get(snapshotId);
      if (!saved) return undefined;
      const messages = messagesOf(saved);
      history.fork(saved.lineage === lineage ? saved.messageCount : 0);
      return { ...saved.state, messages, status: 'ready', error: null, snapshotId };
    },
    fork(keep) {
      const previous = lineage;
      previous.messages = current().messages;
      lineage = { messages: null };
      for (const saved of checkpoints.values()) if (saved.lineage === previous && saved.messageCount <= keep) saved.lineage = lineage;
    },
    clear() {
      checkpoints.clear();
      lineage = { messages: null };
    },
  };
  return history;
}
