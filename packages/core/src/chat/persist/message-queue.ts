/**
 * A message queue per conversation: what the user sends while a turn runs (or while offline) waits here, editable,
 * removable and reorderable, and goes, one message per turn and in order, once the chat is idle and online. "Send now"
 * stops the running turn and sends its message next. With `persist()` on the chat the queue is kept with the
 * conversation (a reload, a thread switch); offline, it waits for the browser's `online` event.
 */
import type { AgentChat } from '../agent-chat.js';
import type { ChatState } from '../state/chat-state.js';
import type { Message } from '../../model/message.js';
import { onChatDispose } from '../chat-store-of.js';
import { persistedValues } from './persisted-values.js';
import { queueHold } from './queue-hold.js';

/** A message waiting for its turn. */
export interface QueuedMessage {
  id: string;
  text: string;
}

/** The queue of one chat: `createMessageQueue(chat)`. */
export interface MessageQueue {
  /** The waiting messages, oldest first (a new array on every change). */
  getItems(): readonly QueuedMessage[];
  /** Called after every change of the items; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Sends `text` at once when the chat is idle, online and nothing waits before it; else queues it (returned). The
   * queued message is sent once, when its turn comes.
   */
  send(text: string): QueuedMessage | null;
  /** Changes a waiting message's text. */
  edit(id: string, text: string): void;
  /** Takes a waiting message out. */
  remove(id: string): void;
  /** Moves a waiting message to `index` (0: next to go). */
  move(id: string, index: number): void;
  /** Stops the running turn and sends this message next. */
  sendNow(id: string): Promise<void>;
  /** Stops sending and listening (the items stay where `persist()` keeps them). */
  dispose(): void;
}

/** Options of {@link createMessageQueue}. */
export interface MessageQueueOptions {
  /** Whether the browser is online (default `navigator.onLine`, true where unknown). */
  online?: () => boolean;
}

const QUEUE = 'queue';
const busy = (state: ChatState<unknown>) => state.status === 'submitted' || state.status === 'streaming';
let queued = 0;

/** The message queue of `chat` (one per chat: a second call for the same chat returns the first one). */
export function createMessageQueue<S>(chat: AgentChat<S>, options: MessageQueueOptions = {}): MessageQueue {
  const existing = QUEUES.get(chat);
  if (existing) return existing;
  const online = options.online ?? (() => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false);
  const kept = persistedValues(chat);
  const listeners = new Set<() => void>();
  let items: readonly QueuedMessage[] = [];
  // A message taken off the queue whose turn has not ended yet: the next one waits for it.
  let sending = false;
  // Until persist() restored the conversation (and joined its running turn), nothing is sent.
  let ready = !kept;
  let disposed = false;

  const change = (next: readonly QueuedMessage[]) => {
    items = next;
    kept?.set(QUEUE, items.length ? items : undefined);
    for (const listener of listeners) listener();
  };
  // A thread left mid-turn holds its queue until it is shown again (queue-hold.ts).
  const held = queueHold(chat, () => flush());
  const flush = () => {
    if (disposed || !ready || sending || held() || items.length === 0 || busy(chat.getState() as ChatState<unknown>) || !online()) return;
    const [next, ...rest] = items;
    sending = true;
    change(rest);
    void chat.send(next!.text)
      .then((response) => (response.error?.code === 'busy' ? joinBusy(next!, response.error.details) : undefined))
      .finally(() => {
        sending = false;
        flush();
      });
  };
  /**
   * The session runs another turn (another tab's): the message goes back to the head of the queue, the chat shows the
   * session again and joins that turn (named by the 409), and the message goes when it ends.
   */
  const joinBusy = async (item: QueuedMessage, details: unknown) => {
    change([item, ...items]);
    const { runningTurnId: turnId, runningTurnInput: input } = (details ?? {}) as { runningTurnId?: unknown; runningTurnInput?: Message };
    const { sessionId } = chat.getState();
    if (!sessionId) return;
    // The session as the server has it (the refused message is not in it), then the turn running there, its question first.
    await chat.restore({ sessionId }).catch(() => null);
    if (typeof turnId === 'string' && !busy(chat.getState() as ChatState<unknown>)) {
      void chat.reattach({ turnId, snapshotId: chat.getState().snapshotId, ...(input?.content ? { input } : {}) });
    }
  };

  const unsubscribe = chat.subscribe((state, previous) => {
    // A turn of the chat's own (a send from elsewhere, a reattached one) ended: the queue's turn may come.
    if (busy(previous as ChatState<unknown>) && !busy(state as ChatState<unknown>)) queueMicrotask(flush);
  });
  const page = globalThis as { addEventListener?: (type: 'online', listener: () => void) => void; removeEventListener?: (type: 'online', listener: () => void) => void };
  page.addEventListener?.('online', flush);
  // Ids this page queued (sent or not): the kept queue read back after the restore brings only the earlier page's.
  const own = new Set<string>();
  if (kept) {
    void kept.restored.then(() => {
      ready = true;
      const earlier = (kept.get<QueuedMessage[]>(QUEUE) ?? []).filter((item) => !own.has(item.id));
      if (earlier.length) change([...earlier, ...items]);
      flush();
    });
  }

  const queue: MessageQueue = {
    getItems: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send(text) {
      const item = { id: `q${(++queued).toString(36)}-${Date.now().toString(36)}`, text };
      own.add(item.id);
      change([...items, item]);
      flush();
      return items.includes(item) ? item : null;
    },
    edit(id, text) {
      if (items.some((item) => item.id === id)) change(items.map((item) => (item.id === id ? { ...item, text } : item)));
    },
    remove(id) {
      if (items.some((item) => item.id === id)) change(items.filter((item) => item.id !== id));
    },
    move(id, index) {
      const item = items.find((entry) => entry.id === id);
      if (!item) return;
      const rest = items.filter((entry) => entry !== item);
      const at = Math.max(0, Math.min(rest.length, index));
      change([...rest.slice(0, at), item, ...rest.slice(at)]);
    },
    async sendNow(id) {
      queue.move(id, 0);
      // The running turn stops; its end sends the first waiting message (this one).
      if (busy(chat.getState() as ChatState<unknown>)) await chat.stop();
      flush();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribe();
      page.removeEventListener?.('online', flush);
      QUEUES.delete(chat);
    },
  };
  QUEUES.set(chat, queue);
  // The queue goes with its chat (chat.dispose()).
  onChatDispose(chat, queue.dispose);
  return queue;
}

const QUEUES = new WeakMap<object, MessageQueue>();
