import {
  isInterruptPart, isMediaPart, isReasoningPart, isTextPart, isToolRequestPart, isToolResponsePart,
  type Artifact, type ChatMessage, type ChatState, type Part,
} from '@agent-chat/core';
import { diffCustom } from './custom-diff.js';

/** What one timeline entry records, named after the event it stands for. */
export type TimelineKind =
  | 'turn-start' | 'text-delta' | 'reasoning-delta' | 'tool-request' | 'tool-response' | 'part-add'
  | 'message-complete' | 'custom-patch' | 'artifact-upsert' | 'interrupt-request' | 'error' | 'turn-end';

/** One step of a turn, as seen in the store: consecutive text deltas merge into one entry with a count. */
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
  turn: number;
  entries: readonly TimelineEntry[];
}

const inTurn = (state: ChatState<unknown>) => state.status === 'submitted' || state.status === 'streaming';
// A restore or reset may swap the whole history: look at no more than this many changed messages from the end.
const MAX_CHANGED_MESSAGES = 64;

/** Records a turn's timeline from store updates: feed it every `(next, previous)` pair the store notifies. */
export function createTimelineRecorder(now: () => number = () => performance.now()) {
  let timeline: TurnTimeline = { turn: 0, entries: [] };
  let startedAt = now();
  // The entries being written during one `record`: a copy, so the published timeline never changes under React.
  let draft: TimelineEntry[] | null = null;
  const versions = new Map<string, { version: number; signature: string }>();

  const push = (kind: TimelineKind, detail: string, chars?: number) => {
    const entries = (draft ??= [...timeline.entries]);
    const last = entries[entries.length - 1];
    if (chars !== undefined && last?.kind === kind) {
      entries[entries.length - 1] = { ...last, count: last.count + 1, chars: (last.chars ?? 0) + chars };
      return;
    }
    entries.push({ kind, at: now() - startedAt, detail, count: 1, ...(chars !== undefined ? { chars } : {}) });
  };

  const diffPart = (part: Part, before: Part | undefined) => {
    if (isTextPart(part) || isReasoningPart(part)) {
      const text = isTextPart(part) ? part.text : part.reasoning;
      const previous = before && isTextPart(before) ? before.text : before && isReasoningPart(before) ? before.reasoning : '';
      if (text.length > previous.length && text.startsWith(previous)) push(isTextPart(part) ? 'text-delta' : 'reasoning-delta', '', text.length - previous.length);
      else if (text !== previous) push('part-add', isTextPart(part) ? 'text replaced' : 'reasoning replaced');
    } else if (isToolRequestPart(part)) {
      push(isInterruptPart(part) ? 'interrupt-request' : 'tool-request', `${part.toolRequest.name}${before ? ' (updated)' : ''}`);
    } else if (isToolResponsePart(part)) {
      push('tool-response', part.toolResponse.name);
    } else {
      push('part-add', isMediaPart(part) ? `media ${part.media.contentType ?? ''}`.trim() : 'data' in part ? 'data' : 'custom');
    }
  };

  const diffMessages = (previous: readonly ChatMessage[], next: readonly ChatMessage[]) => {
    let first = next.length;
    while (first > 0 && next.length - first < MAX_CHANGED_MESSAGES && next[first - 1] !== previous[first - 1]) first--;
    for (let index = first; index < next.length; index++) {
      const message = next[index]!;
      const before = previous[index]?.id === message.id ? previous[index] : undefined;
      message.content.forEach((part, at) => {
        const old = before?.content[at];
        if (part !== old) diffPart(part, old);
      });
      if (message.status !== 'streaming' && before?.status !== message.status) push('message-complete', `${message.role} ${message.status}`);
    }
  };

  const diffArtifacts = (next: readonly Artifact[]) => {
    next.forEach((artifact, index) => {
      const key = artifact.name ?? `#${index}`;
      const signature = JSON.stringify(artifact.parts);
      const known = versions.get(key);
      if (known?.signature === signature) return;
      const version = (known?.version ?? 0) + 1;
      versions.set(key, { version, signature });
      push('artifact-upsert', `${artifact.name ?? `unnamed #${index + 1}`} v${version}`);
    });
  };

  return {
    /** The timeline so far: a new object after every change, the same one otherwise. */
    get: () => timeline,
    /** Folds one store update into the timeline. */
    record(next: ChatState<unknown>, previous: ChatState<unknown>): void {
      let turn = timeline.turn;
      if (inTurn(next) && !inTurn(previous)) {
        startedAt = now();
        turn++;
        draft = [];
        push('turn-start', next.status);
      }
      if (next.messages !== previous.messages) diffMessages(previous.messages, next.messages);
      if (next.custom !== previous.custom) {
        const changes = diffCustom(previous.custom, next.custom);
        if (changes.length > 0) push('custom-patch', changes.map((change) => `${change.op} ${change.path || '""'}`).join(', '));
      }
      if (next.artifacts !== previous.artifacts) diffArtifacts(next.artifacts);
      if (next.error && next.error !== previous.error) push('error', `${next.error.code}: ${next.error.message}`);
      if (inTurn(previous) && !inTurn(next)) {
        const snapshot = next.snapshotId !== previous.snapshotId && next.snapshotId ? ` · snapshot ${next.snapshotId}` : ' · no new snapshot';
        push('turn-end', `${next.finishReason ?? 'unknown'}${snapshot}`);
      }
      if (draft) timeline = { turn, entries: draft };
      draft = null;
    },
  };
}
