import {
  isInterruptPart, isMediaPart, isReasoningPart, isTextPart,
  type AgentEvent, type ChatState, type Part,
} from '@agent-chat/core';
import type { AgentChat } from '@agent-chat/core';

/** What one timeline entry records, named after the event it stands for. */
export type TimelineKind = AgentEvent['type'];

/** One step of a turn: consecutive deltas (and identical passthrough frames) merge into one entry with a count. */
export interface TimelineEntry {
  kind: TimelineKind;
  /** Milliseconds since the turn started. */
  at: number;
  detail: string;
  count: number;
  /** Characters added, for text and reasoning deltas. */
  chars?: number;
}

/** The timeline of the current (or last) turn. */
export interface TurnTimeline {
  /** The turn's number: from the recorder's numbering when one is set, else counted from 1 since the last start over; 0 before any. */
  turn: number;
  entries: readonly TimelineEntry[];
}

const inTurn = (state: ChatState<unknown>) => state.status === 'submitted' || state.status === 'streaming';
// A turn with endless passthrough frames or tool calls keeps only its latest entries (the turn start stays).
const MAX_ENTRIES = 500;

function describePart(part: Part): string {
  if (isTextPart(part)) return 'text';
  if (isReasoningPart(part)) return 'reasoning';
  if (isMediaPart(part)) return `media ${part.media.contentType ?? ''}`.trim();
  return 'data' in part ? 'data' : 'custom';
}

function describeRaw(raw: unknown): string {
  if (raw && typeof raw === 'object') {
    const { type, event, name } = raw as Record<string, unknown>;
    const label = [type, event, name].filter((value) => typeof value === 'string').join(' ');
    if (label) return label;
    return Object.keys(raw).slice(0, 4).join(', ');
  }
  return raw == null ? '' : String(raw).slice(0, 80);
}

/**
 * Records a turn's timeline. Events come from `chat.onEvent` as the dialect sent them (two artifact versions in one
 * network read stay two entries); the store tells turn starts, the turn end (`state.turnEnd`, its snapshot included)
 * and history swaps — a `branch`, `reset` or `restore` starts the timeline over rather than listing as events.
 * Connect it with {@link TimelineRecorder.connect}, or feed `record` and `event` yourself.
 */
export function createTimelineRecorder(now: () => number = () => performance.now()) {
  let turn = 0;
  let published: TurnTimeline = { turn, entries: [] };
  // The entries being written: a copy, so a published timeline never changes under React.
  let draft: TimelineEntry[] | null = null;
  let startedAt = now();
  // Between the turn's start and its end: events outside it (e.g. an aborted turn closing after a reset) are not listed.
  let active = false;
  // The turn end the store reported, listed when its `turn-end` event arrives (after the frame's other events).
  let ending: ChatState<unknown>['turnEnd'] | undefined;
  const versions = new Map<string, number>();
  const listeners = new Set<() => void>();
  // The app's numbering of a turn starting now (e.g. its list of finished turns plus one), so both show one number.
  let numbering: (() => number) | undefined;

  const changed = () => listeners.forEach((listener) => listener());

  const push = (kind: TimelineKind, detail: string, chars?: number) => {
    const entries = (draft ??= [...published.entries]);
    const last = entries[entries.length - 1];
    if (last?.kind === kind && (chars !== undefined || (kind === 'passthrough' && last.detail === detail))) {
      entries[entries.length - 1] = { ...last, count: last.count + 1, ...(chars !== undefined ? { chars: (last.chars ?? 0) + chars } : {}) };
      return;
    }
    entries.push({ kind, at: now() - startedAt, detail, count: 1, ...(chars !== undefined ? { chars } : {}) });
    if (entries.length > MAX_ENTRIES) entries.splice(1, entries.length - MAX_ENTRIES);
  };

  const endTurn = () => {
    if (ending === undefined) return;
    const end = ending;
    ending = undefined;
    active = false;
    push('turn-end', `${end?.finishReason ?? 'unknown'}${end?.snapshotId ? ` · snapshot ${end.snapshotId}` : ' · no snapshot'}`);
  };

  const startOver = (next: number) => {
    turn = next;
    draft = [];
    active = false;
    ending = undefined;
  };

  const recorder = {
    /** The timeline so far: a new object after every change, the same one otherwise. */
    get(): TurnTimeline {
      if (draft) published = { turn, entries: draft };
      draft = null;
      return published;
    },
    /** Calls `listener` after every change; returns the unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Folds one store update (`chat.subscribe`'s `(next, previous)`) into the timeline. */
    record(next: ChatState<unknown>, previous: ChatState<unknown>): void {
      if (inTurn(next) && !inTurn(previous)) {
        endTurn();
        startOver(numbering ? numbering() : turn + 1);
        startedAt = now();
        active = true;
        push('turn-start', next.status);
        changed();
      } else if (!inTurn(next)) {
        // Outside a turn only branch/reset/restore change the history or the snapshot; during one, they drop the
        // turn's messages or clear its end, which a real turn end never does.
        const swapped = inTurn(previous)
          ? next.messages.length < previous.messages.length || next.turnEnd === null
          : next.messages !== previous.messages || next.snapshotId !== previous.snapshotId;
        if (swapped) {
          startOver(0);
          versions.clear();
          changed();
        } else if (inTurn(previous)) ending = next.turnEnd;
      }
    },
    /** Folds one reduced event (`chat.onEvent`'s `(event, raw)`) into the timeline. */
    event(event: AgentEvent, raw: unknown): void {
      if (!active) return;
      switch (event.type) {
        case 'text-delta':
        case 'reasoning-delta':
          push(event.type, '', event.text.length);
          break;
        case 'part-add':
          push('part-add', describePart(event.part));
          break;
        case 'tool-request':
          push('tool-request', `${event.part.toolRequest.name}${isInterruptPart(event.part) ? ' (interrupt)' : ''}`);
          break;
        case 'tool-response':
          push('tool-response', event.part.toolResponse.name);
          break;
        case 'message-complete':
          push('message-complete', `${event.message.role}, ${event.message.content.length} part${event.message.content.length === 1 ? '' : 's'}`);
          break;
        case 'custom-patch':
          push('custom-patch', event.patch.map((op) => `${op.op} ${op.from !== undefined ? `${op.from || '""'} → ` : ''}${op.path || '""'}`).join(', '));
          break;
        case 'custom-snapshot':
          push('custom-snapshot', event.custom && typeof event.custom === 'object' ? Object.keys(event.custom).join(', ') : typeof event.custom);
          break;
        case 'artifact-upsert': {
          const name = event.artifact.name ?? 'unnamed';
          const version = (versions.get(name) ?? 0) + 1;
          versions.set(name, version);
          push('artifact-upsert', `${name} v${version}`);
          break;
        }
        case 'artifacts-snapshot':
          push('artifacts-snapshot', event.artifacts.map((artifact) => artifact.name ?? 'unnamed').join(', ') || 'none');
          break;
        case 'state-snapshot':
          push('state-snapshot', `${event.state.messages?.length ?? 0} messages`);
          break;
        case 'interrupt-request':
          push('interrupt-request', event.parts.map((part) => part.toolRequest.name).join(', '));
          break;
        case 'session':
          push('session', [event.sessionId && `session ${event.sessionId}`, event.snapshotId && `snapshot ${event.snapshotId}`].filter(Boolean).join(' · '));
          break;
        case 'turn-start': {
          // The server's start adds its ids to the entry the store's start made.
          const entries = (draft ??= [...published.entries]);
          const ids = [event.sessionId && `session ${event.sessionId}`, event.runId && `run ${event.runId}`].filter(Boolean).join(' · ');
          if (ids && entries[0]?.kind === 'turn-start') entries[0] = { ...entries[0], detail: `${entries[0].detail} · ${ids}` };
          break;
        }
        case 'error':
          push('error', `${event.error.code}: ${event.error.message}`);
          break;
        case 'passthrough':
          push('passthrough', describeRaw(raw));
          break;
        case 'turn-end':
          endTurn();
          break;
      }
      changed();
    },
    /**
     * Numbers turns as the app does: `turnNumber()` is asked at each turn start for the number of the turn starting
     * (after a reload or a branch too, where counting from the page's first turn would disagree). `undefined` counts
     * from 1 again.
     */
    numberTurns(turnNumber: (() => number) | undefined): void {
      numbering = turnNumber;
    },
    /** Listens to a chat's store and events; returns the unsubscribe. */
    connect<S>(chat: AgentChat<S>): () => void {
      const offStore = chat.subscribe(recorder.record);
      const offEvents = chat.onEvent(recorder.event);
      return () => {
        offStore();
        offEvents();
      };
    },
  };
  return recorder;
}

/** What {@link createTimelineRecorder} returns. */
export type TimelineRecorder = ReturnType<typeof createTimelineRecorder>;
