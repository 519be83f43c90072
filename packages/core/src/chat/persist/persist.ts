/**
 * `persist()`: the conversation kept across a reload with one option. The chat keeps its session id, the turn running
 * on the server, the version tree (with `versionTree()`), a client-managed conversation's messages and the app's extras
 * (`persistedValues(chat)`: the composer's draft, queued messages) in `sessionStorage` (or the storage given), and the next
 * page's chat brings them back with `chat.restore()` and joins the running turn. Opt-in: an app that does not import
 * it does not ship it.
 */
import type { AgentChat } from '../agent-chat.js';
import type { ChatFeature } from '../chat-features.js';
import type { ChatParts } from '../chat-parts.js';
import type { RestoreQuery } from '../chat-options.js';
import type { SnapshotInfo } from '../../model/session.js';
import type { Message } from '../../model/message.js';
import type { Artifact } from '../../model/session.js';
import { reattachKeptTurn, resumable } from '../resumable/reattach-running-turn.js';
import type { ChatState, RunningTurn } from '../state/chat-state.js';
import { exportChatTree, restoreChatTree, type ChatTreeRecord } from '../tree/chat-tree-record.js';
import type { ChatTreeStorage } from '../tree/persist-chat-tree.js';
import { claimTurn, holdTurn, type TurnClaims } from './turn-claim.js';
import { keepValues } from './persisted-values.js';

/** Options of {@link persist}. */
export interface PersistOptions {
  /** Where the conversation is kept: `sessionStorage` (the default: per tab), `localStorage`, or anything with the same three methods. */
  storage?: ChatTreeStorage;
  /** The key it is kept under (one conversation per key); default `agent-chat/chat`. A thread list uses one per thread. */
  key?: string;
  /**
   * Tabs that could join the same running turn (a duplicated tab, a shared `localStorage`) decide which one does with a
   * Web Lock per turn: the tab reading the turn holds it; another one restores the conversation and leaves the turn
   * alone. Default true; false joins regardless.
   */
  claim?: boolean;
}

/** What `persist()` keeps under its key. */
export interface PersistedChat {
  version: 1;
  sessionId: string | null;
  snapshotId: string | null;
  /** The turn running on the server when the page went away, to join after the restore. */
  runningTurn: RunningTurn | null;
  /** The version tree (`exportChatTree`), with the `versionTree()` feature. */
  tree?: ChatTreeRecord;
  /** A conversation no server keeps (no session, or a transport that reads no snapshots): its messages and state. */
  state?: { messages: Message[]; custom?: unknown; artifacts: Artifact[] };
  /** The values kept with the conversation (`persistedValues(chat)`): the composer's draft, the message queue. */
  extras?: Record<string, unknown>;
}

const running = (state: ChatState<unknown>) => state.status === 'submitted' || state.status === 'streaming';

function defaultStorage(): ChatTreeStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage disabled (a sandboxed frame, privacy settings): the chat works without surviving a reload.
    return null;
  }
}

function read(storage: ChatTreeStorage | null, key: string): PersistedChat | null {
  try {
    const raw = storage?.getItem(key);
    const record = raw ? (JSON.parse(raw) as PersistedChat) : null;
    return record?.version === 1 ? record : null;
  } catch {
    return null;
  }
}

/**
 * `chat.restore(query)` with `persist()`: the conversation and the turn still running in it, in one call. A query naming
 * no session or snapshot (none stored yet: a Genkit chat's first turn) joins its `runningTurn` on the chat as it is and
 * resolves null; else the session is restored (joining the turn the server names, AG-UI and the AI SDK route) and then
 * the kept turn, which applies only while the chat shows the point it continues from.
 */
async function restoreAndJoin<S>(parts: ChatParts<S>, restore: AgentChat<S>['restore'], query?: RestoreQuery): Promise<SnapshotInfo<S> | null> {
  const { runningTurn, ...target } = query ?? {};
  const state = parts.store.getState();
  const named = query ? target.snapshotId || target.sessionId : state.snapshotId || state.sessionId;
  if (!named && runningTurn) {
    void reattachKeptTurn(parts, runningTurn);
    return null;
  }
  const info = await restore(query ? target : undefined);
  if (runningTurn) void reattachKeptTurn(parts, runningTurn);
  return info;
}

/**
 * Keeps the conversation across a reload: `createAgentChat({ transport, features: [persist()] })`, or the same
 * `features` on `useAgentChat` / `AgentChatView`. The chat starts restoring when it is first subscribed to (a mounted
 * view) or when `chat.restore()` is called without a query, never when it is made (a render stays pure). It includes
 * `resumable()`: a turn running when the page went away is joined (the transport must be `resumable: true`).
 */
export function persist(options: PersistOptions = {}): ChatFeature {
  return {
    name: 'persist',
    install<S>(parts: ChatParts<S>, chat: AgentChat<S>): Partial<AgentChat<S>> {
      // resumable() comes along unless the chat has it (in any order of the features).
      const methods = chat.hasFeature('resumable') ? {} : (resumable().install(parts as never, chat as never) as Partial<AgentChat<S>>);
      const base = chat.restore;
      const restore = ((query?: RestoreQuery) => restoreAndJoin(parts, base, query)) as AgentChat<S>['restore'];
      const subscribe = chat.subscribe;
      const key = options.key ?? 'agent-chat/chat';
      const claims: TurnClaims = { held: null, enabled: options.claim !== false };
      let storage: ChatTreeStorage | null = null;
      let record: PersistedChat = { version: 1, sessionId: null, snapshotId: null, runningTurn: null };
      let started: Promise<SnapshotInfo<S> | null> | null = null;
      let scheduled = false;
      let disposed = false;
      // A capture waiting for its task (a turn just settled): dispose() takes it at once.
      let capturing = false;
      let unsubscribe = () => {};
      let finishRestored: () => void = () => undefined;
      const restored = new Promise<void>((resolve) => (finishRestored = resolve));

      const write = () => {
        scheduled = false;
        try {
          storage?.setItem(key, JSON.stringify(record));
        } catch {
          // Storage full or disabled: the chat goes on, it just won't survive a reload.
        }
      };
      const flush = () => scheduled && write();
      // The page going (or the chat disposed): a capture still due (a turn that just ended) is taken now, then written.
      const leaving = () => {
        if (capturing) capture(chat.getState());
        flush();
      };
      const schedule = () => {
        if (scheduled) return;
        scheduled = true;
        setTimeout(flush, 0);
      };

      /** The record from the chat as it is: the light fields always, the conversation only while no turn runs. */
      const capture = (state: ChatState<S>) => {
        if (disposed) return;
        const runningTurn = state.runningTurn ?? (state.finishReason === 'detached' && !running(state as ChatState<unknown>) ? record.runningTurn : null);
        const next: PersistedChat = { ...record, sessionId: state.sessionId, snapshotId: state.snapshotId, runningTurn };
        if (!running(state as ChatState<unknown>)) {
          delete next.tree;
          delete next.state;
          if (chat.hasFeature('versionTree')) next.tree = exportChatTree(chat);
          else if (!state.sessionId || !parts.settings.options.transport.getSnapshot) {
            next.state = { messages: state.messages.map(({ role, content, metadata }) => ({ role, content, ...(metadata ? { metadata } : {}) })), artifacts: state.artifacts, ...(state.custom !== undefined ? { custom: state.custom } : {}) };
          }
        }
        record = next;
        schedule();
      };

      const start = (): Promise<SnapshotInfo<S> | null> => {
        if (started || disposed) return started ?? Promise.resolve(null);
        storage = options.storage ?? defaultStorage();
        const kept = read(storage, key);
        if (kept) record = kept;
        started = bringBack(kept).finally(() => {
          // From now on every change is kept; the tree is taken in after a turn's promise settled (a task later).
          if (!disposed) unsubscribe = subscribe((state, previous) => {
            if (state.runningTurn?.turnId !== previous.runningTurn?.turnId) holdTurn(claims, state.runningTurn?.turnId ?? null);
            if (state.messages !== previous.messages || state.status !== previous.status || state.sessionId !== previous.sessionId
              || state.snapshotId !== previous.snapshotId || state.runningTurn !== previous.runningTurn) {
              if (running(state as ChatState<unknown>)) capture(state);
              else if (!capturing) {
                capturing = true;
                setTimeout(() => {
                  capturing = false;
                  capture(chat.getState());
                }, 0);
              }
            }
          });
          finishRestored();
        });
        const page = globalThis as { addEventListener?: (type: 'pagehide', listener: () => void) => void };
        // A save still due runs as the page goes (a reload right after a change).
        page.addEventListener?.('pagehide', leaving);
        return started;
      };
      // chat.dispose(): the save that is due now, the running turn kept (to rejoin), its lock let go.
      parts.disposers.add(() => {
        leaving();
        disposed = true;
        unsubscribe();
        (globalThis as { removeEventListener?: (type: 'pagehide', listener: () => void) => void }).removeEventListener?.('pagehide', leaving);
        holdTurn(claims, null);
      });

      /** The kept conversation back, then its running turn joined (unless another tab reads it). */
      async function bringBack(kept: PersistedChat | null): Promise<SnapshotInfo<S> | null> {
        if (!kept || (!kept.sessionId && !kept.snapshotId && !kept.runningTurn && !kept.tree && !kept.state)) return null;
        const turn = kept.runningTurn && (await claimTurn(claims, kept.runningTurn.turnId)) ? kept.runningTurn : null;
        // Disposed while waiting for the lock: the turn is left to whoever comes next.
        if (disposed) {
          holdTurn(claims, null);
          return null;
        }
        try {
          if (kept.tree && chat.hasFeature('versionTree')) {
            const info = await restoreChatTree(chat, kept.tree);
            // Joined, not waited for (it runs while the page is there): as restore() does.
            if (turn) void chat.reattach(turn);
            return info;
          }
          if (kept.state && !kept.sessionId) chat.reset({ state: kept.state as never });
          const query: RestoreQuery = { sessionId: kept.sessionId, snapshotId: kept.snapshotId, runningTurn: turn };
          if (!parts.settings.options.transport.getSnapshot) {
            if (turn) void chat.reattach(turn);
            return null;
          }
          return await restore(query);
        } catch {
          // The session is gone (expired, deleted): the chat starts over, and what was kept is dropped with the next save.
          return null;
        }
      }

      keepValues(chat, {
        get: <T>(name: string) => record.extras?.[name] as T | undefined,
        set(name, value) {
          const extras = { ...record.extras };
          if (value === undefined) delete extras[name];
          else extras[name] = value;
          record = { ...record, extras };
          if (started) schedule();
        },
        restored,
      });

      return {
        ...methods,
        restore: ((query?: RestoreQuery) => (query ? restore(query) : start())) as AgentChat<S>['restore'],
        subscribe(listener) {
          // The first subscriber (a mounted view) starts the restore, after the subscription (not inside a render).
          if (!started) queueMicrotask(() => void start());
          return subscribe(listener);
        },
      };
    },
  };
}
