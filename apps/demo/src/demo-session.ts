import {
  aguiTransport, aiSdkTransport, genkitTransport, persistChatTree,
  type AgentChat, type AgentResponse, type ChatTreeStorage, type JsonPatchOperation, type RunningTurn, type SessionState, type SnapshotInfo, type Transport,
} from '@agent-chat/core';
import { DEFAULT_BASE, ROUTES, routePath } from '@agent-chat/core/contract';
import { playRecording, recordTransport, type Recording, type RecordingTransport } from '@agent-chat/testing';
import { createDemoChat } from './demo-chat.js';
import { writeLocation, type ChatMode, type Protocol } from './demo-location.js';
import { demoUser } from './conversations/demo-user.js';
import type { TaskState } from '@agent-chat/agent-server';
import { entryFromResponse, nextTurnNumber, timelineFromSnapshots, turnNumberAt, type TimelineEntry } from './timeline.js';

/** What the panels around the chat show: the turns so far and the session's status line. */
interface SessionView {
  timeline: TimelineEntry[];
  restoring: boolean;
  notice: string | null;
}

/** One chat in one mode, plus its snapshot timeline; lives outside React so StrictMode cannot double it. */
export interface DemoSession {
  mode: ChatMode;
  /** Server-managed mode: the protocol the chat speaks now (client-managed mode is Genkit's own). */
  readonly protocol: Protocol;
  /** Switches the protocol from the next turn on: same chat, same Genkit session behind all three routes. */
  setProtocol(protocol: Protocol): void;
  chat: AgentChat<TaskState>;
  /** The turns since the chat started (or its protocol last changed), as a replayable recording. */
  recording(): Recording;
  subscribe(listener: () => void): () => void;
  getView(): SessionView;
  /** Server-managed: loads the session named in the URL (once). */
  restore(): void;
  /** Forks the conversation at an earlier turn. */
  branchFrom(entry: TimelineEntry): void;
  newChat(): void;
  /**
   * Plays a recording file's text (Save recording's) into a new chat, offline: each recorded turn's question is asked
   * again and answered with the recorded bytes, through the recorded protocol's own decoder. The next message is live.
   */
  replay(file: string): Promise<void>;
  /** The number of a turn starting now, as the snapshot timeline will list it (for the turn inspector). */
  nextTurnNumber(): number;
}

const CLIENT_KEY = 'agent-chat-demo/client-session';
const SERVER_KEY = 'agent-chat-demo/server-session';
// The conversation tree of a server-managed session (edits, regenerated answers): its lines come back after a reload.
const treeKey = (sessionId: string) => `agent-chat-demo/tree/${sessionId}`;
// The turn running in a server-managed session: a page reloaded mid-answer reattaches to it (Genkit's snapshots do not name it).
const runningKey = (sessionId: string) => `agent-chat-demo/running/${sessionId}`;
// The first turn of a new Genkit session: Genkit names the session only in the turn's last frame, so until then the
// running turn is kept without one, and a page reloaded mid-answer reattaches to it on an empty chat.
const FIRST_TURN_KEY = 'agent-chat-demo/running-first-turn';
// Ticks made in the task panel that no turn has carried to the agent yet (`state.customWrites`), per session: a page
// reloaded before the next message still sends them.
const writesKey = (mode: ChatMode, sessionId: string | null) => `agent-chat-demo/writes/${mode === 'server' ? sessionId ?? 'new' : 'client'}`;

interface SavedClientSession {
  state: SessionState<TaskState>;
  timeline: TimelineEntry[];
}

/** This tab's storage for the trees, or none where storage is disabled (the chat still works, without versions after a reload). */
const treeStorage = (): ChatTreeStorage => {
  try {
    return window.sessionStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  }
};

function readStorage<T>(key: string): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the chat still works, it just won't survive a reload.
  }
}

/** The server-managed session to continue: the URL's, or the one this tab used before switching modes. */
export function rememberedServerSession(fromUrl: string | null): string | null {
  return fromUrl ?? readStorage<string>(SERVER_KEY);
}

/**
 * The transport for a mode and protocol: the same Genkit agent behind `/api/agent`, `/api/agui` and `/api/ai-sdk`.
 * Resumable: a dropped connection is reattached, a reload finds the turn still running, Stop cancels it on the server.
 */
export function transportFor(mode: ChatMode, protocol: Protocol, fetch?: typeof globalThis.fetch): Transport {
  // Every request names this browser's user (the agent server's stand-in for auth): its conversations are its own.
  const headers = () => ({ 'x-agent-user': demoUser() });
  if (mode === 'client') return genkitTransport({ url: '/api/agent-client', fetch, headers, resumable: true });
  const url = routePath(DEFAULT_BASE, ROUTES[protocol]);
  if (protocol === 'agui') return aguiTransport({ url, fetch, headers, resumable: true });
  if (protocol === 'ai-sdk') return aiSdkTransport({ url, fetch, headers, resumable: true });
  return genkitTransport({ url, fetch, headers, resumable: true });
}

/** The transport, recording every turn's bytes (a recording holds one protocol: a switch starts a new one). */
const recordedTransportFor = (mode: ChatMode, protocol: Protocol): RecordingTransport =>
  recordTransport((fetch) => transportFor(mode, protocol, fetch));

/** Creates the chat for a mode: `/api/agent` keeps the session on the server, `/api/agent-client` in this tab. */
export function createDemoSession(mode: ChatMode, sessionId: string | null, initialProtocol: Protocol = 'genkit'): DemoSession {
  let protocol: Protocol = mode === 'server' ? initialProtocol : 'genkit';
  const saved = mode === 'client' ? readStorage<SavedClientSession>(CLIENT_KEY) : null;
  let view: SessionView = { timeline: saved?.timeline ?? [], restoring: mode === 'server' && sessionId !== null, notice: null };
  const listeners = new Set<() => void>();
  const update = (next: Partial<SessionView>) => {
    view = { ...view, ...next };
    for (const listener of listeners) listener();
  };
  let clientState: SessionState<TaskState> | null = saved?.state ?? null;
  const saveClient = () => writeStorage(CLIENT_KEY, clientState ? { state: clientState, timeline: view.timeline } : null);
  const setSession = (id: string | null) => {
    writeLocation({ mode, sessionId: id, protocol });
    if (mode === 'server') writeStorage(SERVER_KEY, id);
  };

  // Bumped by a new chat and a branch: a turn that started before (and ends after, aborted) belongs to no timeline.
  let conversation = 0;
  let turnConversation = 0;

  const onTurnEnd = (response: AgentResponse<TaskState>) => {
    if (turnConversation !== conversation) return;
    const entry = entryFromResponse(response as AgentResponse, chat.getState().messages, view.timeline.at(-1));
    update({ timeline: [...view.timeline, entry], notice: null });
    if (mode === 'server' && response.sessionId) setSession(response.sessionId);
    if (mode === 'client') {
      if (response.state) clientState = response.state;
      saveClient();
    }
  };

  let recorder = recordedTransportFor(mode, protocol);
  const customWrites = readStorage<JsonPatchOperation[][]>(writesKey(mode, sessionId));
  const chat = createDemoChat({
    transport: recorder,
    ...(mode === 'server' && sessionId ? { sessionId } : {}),
    ...(clientState ? { state: clientState } : {}),
    ...(customWrites ? { customWrites } : {}),
    onTurnEnd,
  });
  // Pending writes are kept with the session they belong to (and dropped once a turn delivered them).
  chat.subscribe((state, previous) => {
    if (state.customWrites !== previous.customWrites || state.sessionId !== previous.sessionId) {
      if (state.sessionId !== previous.sessionId) writeStorage(writesKey(mode, previous.sessionId), null);
      writeStorage(writesKey(mode, state.sessionId), state.customWrites ?? null);
    }
  });

  // The conversation a turn belongs to is the one shown when it started (turns run one at a time, each to its end).
  chat.subscribe((state, previous) => {
    const running = (status: string) => status === 'submitted' || status === 'streaming';
    if (running(state.status) && !running(previous.status)) turnConversation = conversation;
  });

  if (mode === 'server') {
    // AG-UI and AI SDK sessions are named when a turn starts: a reload in the middle of the first one finds it.
    chat.subscribe((state, previous) => {
      if (state.sessionId && state.sessionId !== previous.sessionId && state.status !== 'ready') setSession(state.sessionId);
    });
    // Keep the running turn until it ends here; a detached one (leaving the page) is what the next page load reattaches to.
    chat.subscribe((state, previous) => {
      const key = state.sessionId ? runningKey(state.sessionId) : FIRST_TURN_KEY;
      if (state.sessionId && !previous.sessionId) {
        // The session is named: its running turn is kept under it from now on.
        writeStorage(FIRST_TURN_KEY, null);
        if (state.runningTurn && !state.turnEnd) writeStorage(key, state.runningTurn);
      }
      if (state.runningTurn && state.runningTurn !== previous.runningTurn) writeStorage(key, state.runningTurn);
      else if (state.turnEnd && !previous.turnEnd && state.finishReason !== 'detached') {
        writeStorage(key, null);
        writeStorage(FIRST_TURN_KEY, null);
      }
    });
  }
  // Keep the tree of the shown session after every turn, switched version and rewind: its versions survive a reload.
  const keptTree = mode === 'server' ? persistChatTree(chat, { storage: treeStorage(), key: treeKey }) : null;

  /** The session's tree when this tab kept one, else its latest snapshot. */
  const restoreSession = async (id: string): Promise<SnapshotInfo> =>
    (await keptTree?.restore(id)) ?? chat.restore({ sessionId: id });

  let restoreStarted = false;
  return {
    mode,
    get protocol() {
      return protocol;
    },
    setProtocol(next) {
      if (mode !== 'server' || next === protocol) return;
      protocol = next;
      recorder = recordedTransportFor(mode, protocol);
      chat.configure({ transport: recorder });
      writeLocation({ mode, sessionId: chat.getState().sessionId, protocol });
      update({ notice: null });
    },
    chat,
    recording: () => recorder.recording(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getView: () => view,
    nextTurnNumber: () => nextTurnNumber(view.timeline),
    restore() {
      if (restoreStarted || mode !== 'server') return;
      restoreStarted = true;
      if (!sessionId) {
        // No session yet: a first turn that was running when the page went away is read on to its end.
        const first = readStorage<RunningTurn>(FIRST_TURN_KEY);
        if (first) void chat.reattach(first);
        return;
      }
      setSession(sessionId);
      // Read before the restore shows the session: its turn end would clear the kept turn.
      const kept = readStorage<RunningTurn>(runningKey(sessionId));
      restoreSession(sessionId)
        .then(async (latest) => {
          const timeline = await timelineFromSnapshots(chat as AgentChat<unknown>, latest);
          // A turn sent while restoring already started a timeline of its own; keep it.
          update({ restoring: false, ...(view.timeline.length === 0 && { timeline }) });
          // AG-UI and the AI SDK name a running turn themselves (restore reattached); a Genkit one is the kept one.
          if (kept) void chat.reattach(kept);
        })
        .catch((error: unknown) => {
          chat.reset();
          setSession(null);
          update({
            restoring: false,
            timeline: [],
            notice: `Session ${sessionId} could not be restored (${(error as Error).message}). This is a new conversation.`,
          });
        });
    },
    branchFrom(entry) {
      const index = view.timeline.indexOf(entry);
      if (index < 0) return;
      conversation++;
      if (mode === 'server' && entry.snapshotId) chat.branch(entry.snapshotId);
      else if (mode === 'client' && entry.state) {
        clientState = entry.state as SessionState<TaskState>;
        chat.reset({ state: clientState });
      } else return;
      update({ timeline: view.timeline.slice(0, index + 1), notice: `Branched from turn ${turnNumberAt(index)}: the next message forks the conversation there.` });
      if (mode === 'client') saveClient();
    },
    async replay(file) {
      this.newChat();
      update({ notice: 'Replaying the recording…' });
      try {
        const { transport } = await playRecording<TaskState>(JSON.parse(file) as unknown, { into: chat, trimColdStart: true });
        const played = transport.turnsPlayed();
        update({ notice: `Replayed ${played} turn${played === 1 ? '' : 's'} of the recording (${transport.recording.protocol}), offline. The next message goes to the agent.` });
      } catch (error) {
        update({ notice: `The recording could not be replayed (${(error as Error).message}).` });
      } finally {
        chat.configure({ transport: recorder });
      }
    },
    newChat() {
      conversation++;
      writeStorage(FIRST_TURN_KEY, null);
      chat.reset();
      recorder.clear();
      clientState = null;
      update({ timeline: [], notice: null, restoring: false });
      if (mode === 'server') setSession(null);
      else saveClient();
    },
  };
}
