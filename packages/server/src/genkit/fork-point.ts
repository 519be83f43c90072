/**
 * Where a turn of the AG-UI or AI SDK route runs from. Both protocols send the conversation the client shows; the
 * session on the server holds one snapshot per turn (each with its `parentId`). A request whose conversation
 * extends the session's latest completed snapshot continues it (as before); one whose conversation is an earlier
 * point of that line, or another line the client switched to (a regenerate, an edit, a send after switchBranch),
 * runs from the snapshot whose history is exactly that conversation, with Genkit's `init.snapshotId`.
 *
 * Conversations are compared turn by turn: the user message's text, the answer's text, the tool call ids (the
 * Genkit refs both protocols carry back). Candidates are the latest snapshot's ancestors, snapshot ids the client
 * names (the AI SDK message metadata `snapshotId`) and the snapshots this server's turns produced in the session
 * (kept in memory, see {@link BranchIndex}). A conversation that matches none is refused, never run on a wrong history.
 */
import type { MessageData, Part, SessionSnapshot } from 'genkit/beta';
import type { SessionStore } from 'genkit/beta';
import { interruptIdOf, lastCompletedSnapshot, partsOf, snapshotOf, type BridgeEvent, type SnapshotReader } from './bridge.js';
import { errorStatusOf } from './runtime.js';

/** One turn of a conversation, as both sides can say it. */
export interface TurnSignature {
  user: string;
  text: string;
  tools: string[];
}

/** Builds signatures turn by turn: a user message opens a turn; answers add text and tool call ids to it. */
export function signatureBuilder() {
  const turns: TurnSignature[] = [];
  return {
    turns,
    user(text: string) {
      turns.push({ user: text, text: '', tools: [] });
    },
    answer(text: string, toolCallIds: readonly string[] = []) {
      const turn = turns.at(-1);
      if (!turn) return; // answers before any user message (none in these routes)
      turn.text += text;
      for (const id of toolCallIds) if (!turn.tools.includes(id)) turn.tools.push(id);
    },
  };
}

const textOf = (parts: Part[]) => parts.map((part) => part.text ?? '').join('');

/** A Genkit history's turns (system messages skipped). */
export function genkitTurns(messages: readonly MessageData[]): TurnSignature[] {
  const builder = signatureBuilder();
  for (const message of messages) {
    const parts = partsOf(message.content);
    if (message.role === 'user') builder.user(textOf(parts));
    else if (message.role === 'model' || message.role === 'tool') {
      const refs = parts.flatMap((part) => (part.toolRequest ? [part.toolRequest.ref ?? part.toolRequest.name] : []));
      builder.answer(message.role === 'model' ? textOf(parts) : '', refs);
    }
  }
  return builder.turns;
}

const sameTurn = (a: TurnSignature, b: TurnSignature) => a.user === b.user && a.text === b.text && a.tools.join('\n') === b.tools.join('\n');

/** `prefix` is the start of `turns` (equal included). */
export function startsWith(turns: readonly TurnSignature[], prefix: readonly TurnSignature[]): boolean {
  return prefix.length <= turns.length && prefix.every((turn, index) => sameTurn(turn, turns[index]!));
}

const sameTurns = (a: readonly TurnSignature[], b: readonly TurnSignature[]) => a.length === b.length && startsWith(a, b);

/**
 * What this server's turns left in each session (bounded, least recently used sessions forgotten first): the completed
 * snapshots (the lines a request may continue) and the failed or stopped turns as their clients show them (the user
 * message, the partial answer): Genkit keeps no completed snapshot of those, so they are left out when matching.
 */
export class BranchIndex {
  private readonly sessions = new Map<string, { snapshots: string[]; failed: TurnSignature[] }>();
  constructor(private readonly limits = { sessions: 10_000, perSession: 512 }) {}

  private entry(sessionId: string) {
    const entry = this.sessions.get(sessionId) ?? { snapshots: [], failed: [] };
    this.sessions.delete(sessionId); // re-inserted last: the map's order is least recently used first
    this.sessions.set(sessionId, entry);
    if (this.sessions.size > this.limits.sessions) this.sessions.delete(this.sessions.keys().next().value!);
    return entry;
  }

  /** Forgets a session (it was deleted). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  record(sessionId: string, snapshotId: string): void {
    const { snapshots } = this.entry(sessionId);
    if (!snapshots.includes(snapshotId)) snapshots.push(snapshotId);
    if (snapshots.length > this.limits.perSession) snapshots.splice(0, snapshots.length - this.limits.perSession);
  }

  recordFailed(sessionId: string, turn: TurnSignature): void {
    const { failed } = this.entry(sessionId);
    failed.push(turn);
    if (failed.length > this.limits.perSession) failed.shift();
  }

  snapshots(sessionId: string): readonly string[] {
    return this.sessions.get(sessionId)?.snapshots ?? [];
  }

  /** A turn that failed or stopped here; a client that stopped reading early shows only the start of its answer. */
  isFailed(sessionId: string, turn: TurnSignature): boolean {
    return (this.sessions.get(sessionId)?.failed ?? []).some(
      (failed) => failed.user === turn.user && failed.text.startsWith(turn.text) && turn.tools.every((id) => failed.tools.includes(id)),
    );
  }
}

/** Collects what one turn streamed (its user message, text and tool calls), for {@link BranchIndex.recordFailed}. */
export function streamedTurn(user: string) {
  const turn: TurnSignature = { user, text: '', tools: [] };
  return {
    turn,
    see(event: BridgeEvent) {
      if (event.type === 'text') turn.text += event.delta;
      else if (event.type === 'tool-call' || event.type === 'interrupt') {
        const id = interruptIdOf(event.part);
        if (!turn.tools.includes(id)) turn.tools.push(id);
      }
    },
  };
}

/** Where the turn runs from: the session's latest state, a snapshot, the start (an empty history), or nowhere known. */
export type ForkPoint =
  | { kind: 'continue' }
  | { kind: 'snapshot'; snapshotId: string }
  | { kind: 'start' }
  | { kind: 'unknown'; message: string };

export interface ForkQuery {
  sessionId: string;
  /** The conversation before the turn's new (or rerun) user message. */
  prior: TurnSignature[];
  /** The request is a rerun of the first turn (a regenerate or an edit said so), not a client sending only its new message. */
  rerunsStart: boolean;
  /** Snapshot ids the client names (checked: they must belong to the session and match `prior`). */
  hints?: readonly string[];
}

export interface ForkDeps {
  snapshots: SnapshotReader;
  index: BranchIndex;
}

async function readById(reader: SnapshotReader, snapshotId: string): Promise<SessionSnapshot | undefined> {
  try {
    return snapshotOf((await reader.run({ snapshotId })).result);
  } catch (error) {
    const { status } = errorStatusOf(error);
    if (status === 'NOT_FOUND' || status === 'INVALID_ARGUMENT') return undefined;
    throw error;
  }
}

const historyOf = (snapshot: SessionSnapshot) => genkitTurns(snapshot.state?.messages ?? []);
const belongs = (snapshot: SessionSnapshot, sessionId: string) => (snapshot.sessionId ?? snapshot.state?.sessionId) === sessionId && snapshot.status === 'completed';

export async function findForkPoint({ snapshots, index }: ForkDeps, query: ForkQuery): Promise<ForkPoint> {
  const { sessionId } = query;
  // Turns that failed or were stopped here have no snapshot: the client still shows them, the session skipped them.
  const prior = query.prior.filter((turn) => !index.isFailed(sessionId, turn));
  const latest = await lastCompletedSnapshot(snapshots, sessionId);
  if (!latest) return { kind: 'continue' }; // a new session (or one whose turns all failed): nothing to fork from
  const latestTurns = historyOf(latest);
  if (sameTurns(latestTurns, prior)) return { kind: 'continue' };
  // Nothing the session completed before the message: a rerun of the first turn, or a client whose history holds only
  // turns that failed or stopped here (a regenerate or an edit after a stopped first turn) runs from the start; a
  // client that sends only its new message continues.
  if (prior.length === 0) return query.rerunsStart || query.prior.length > 0 ? { kind: 'start' } : { kind: 'continue' };

  const seen = new Set<string>([latest.snapshotId]);
  const matches = (snapshot: SessionSnapshot | undefined) => !!snapshot && belongs(snapshot, sessionId) && sameTurns(historyOf(snapshot), prior);
  // The latest line first (regenerate and edit there), then the lines the client names or this server ran.
  for (let at = latest.parentId; at && !seen.has(at); ) {
    seen.add(at);
    const snapshot = await readById(snapshots, at);
    if (matches(snapshot)) return { kind: 'snapshot', snapshotId: at };
    at = snapshot?.parentId;
  }
  for (const id of [...(query.hints ?? []), ...[...index.snapshots(sessionId)].reverse()]) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (matches(await readById(snapshots, id))) return { kind: 'snapshot', snapshotId: id };
  }
  // The client shows turns the server never completed (a failed or stopped answer) after the latest state: continue it.
  if (startsWith(prior, latestTurns)) return { kind: 'continue' };
  return {
    kind: 'unknown',
    message: `The conversation this request carries is not a line of session ${sessionId} this server knows (it has ${latestTurns.length} turns; the request ${prior.length} before its message). Reload the chat, or start a new one.`,
  };
}

/** Where a fork from the first turn stores its empty start: the agent's session store. */
export type StartStore = Pick<SessionStore<unknown>, 'saveSnapshot'>;

/** An empty snapshot of the session to run its first turn again from (Genkit forks only from a stored snapshot). */
export async function saveStartSnapshot(store: StartStore, sessionId: string): Promise<string> {
  const now = new Date().toISOString();
  const id = await store.saveSnapshot(undefined, () => ({
    sessionId,
    createdAt: now,
    updatedAt: now,
    status: 'completed',
    state: { sessionId, messages: [], artifacts: [], custom: undefined },
  }));
  if (!id) throw new Error(`The start of session ${sessionId} could not be stored.`);
  return id;
}

/** The `init.snapshotId` a fork point runs with (the start is stored first); undefined continues the session. */
export async function forkSnapshotId(store: StartStore, sessionId: string, point: ForkPoint): Promise<string | undefined> {
  if (point.kind === 'snapshot') return point.snapshotId;
  if (point.kind === 'start') return saveStartSnapshot(store, sessionId);
  return undefined;
}

/** After a turn: a completed snapshot is a line to continue; a failed or stopped new message is a turn to skip. */
export function recordTurnEnd(index: BranchIndex, sessionId: string, end: { finishReason: string; snapshotId?: string }, streamed: TurnSignature | undefined): void {
  if (end.finishReason === 'failed' || end.finishReason === 'aborted') {
    if (streamed) index.recordFailed(sessionId, streamed);
  } else if (end.snapshotId) index.record(sessionId, end.snapshotId);
}

/** The text of a new user message, as it opens a turn's signature. */
export const userTextOf = (message: MessageData) => textOf(partsOf(message.content));
