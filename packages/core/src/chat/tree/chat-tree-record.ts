/**
 * The conversation tree as a small JSON record an app can persist (localStorage, its own database) and restore after
 * a reload: ids, parents, the shown child at each point, and each turn's snapshot id and end. Content is included
 * only for messages no completed snapshot holds (a failed or stopped turn's, or every message on a protocol without
 * snapshots); the rest is read back from the server's snapshots. Where the server reads only a session's latest state
 * (`transport.snapshotReads: 'session'`: AG-UI, the AI SDK) the record holds every message and each turn's state, and
 * the restored tree's shown line is made the server's conversation. A turn detached at the tip of a line (the page
 * left while it ran on) is not recorded: it is still running, and reattaching reads it whole.
 */
import { AgentChatError, type AgentChatErrorCode } from '../../model/error.js';
import type { FinishReason } from '../../model/finish-reason.js';
import type { ChatMessage, MessageStatus, Role } from '../../model/message.js';
import { annotationsOf, withAnnotations, type MessageAnnotations } from '../state/message-annotations.js';
import type { Metadata, Part } from '../../model/part.js';
import { openInterrupts } from '../../model/sub-agent.js';
import type { Artifact, SnapshotInfo, SnapshotQuery } from '../../model/session.js';
import { markDenials } from '../../model/tool-outcome.js';
import type { AgentChat } from '../agent-chat.js';
import { chatTreeOf, type ChatTreeAccess } from './version-tree.js';
import { ROOT_ID } from './branch-tree.js';
import { initialChatState } from '../state/chat-state.js';
import { createChatTree, lineEndOf, type ChatTree, type LineEnd } from './chat-operations.js';
import { reconcileWithServer } from './tree-reconcile.js';

/** How one turn ended, as the record keeps it. */
export interface ChatTreeRecordEnd {
  snapshotId: string | null;
  sessionId: string | null;
  finishReason: FinishReason | null;
  error?: { code: AgentChatErrorCode; message: string };
  /** The turn's user message and the message before it, so that a failed turn can be retried after a reload. */
  turn?: { parentId: string; userId: string };
  /** The custom state and artifacts at the turn's end, where no snapshot can give them back (`snapshotReads: 'session'`). */
  custom?: unknown;
  artifacts?: Artifact[];
}

/** One message of the record, with its feedback, usage and timing when it has them. */
export interface ChatTreeRecordNode extends MessageAnnotations {
  id: string;
  /** The message before it ('' at the start). */
  parent: string;
  role: Role;
  /** The completed turn's snapshot that holds this message. */
  snapshotId?: string;
  /** The message itself, when no snapshot holds it. */
  message?: { content: Part[]; status: MessageStatus; metadata?: Metadata };
  end?: ChatTreeRecordEnd;
}

/** What `exportChatTree(chat)` returns and `restoreChatTree(chat, record)` takes. */
export interface ChatTreeRecord {
  version: 1;
  nodes: ChatTreeRecordNode[];
  /** The shown child of each message ('' for the start) that has children. */
  shown: Record<string, string>;
}

function recordEnd<S>(end: LineEnd<S>, inline: boolean): ChatTreeRecordEnd {
  const { snapshotId, sessionId, finishReason, error, custom, artifacts } = end.state;
  const record: ChatTreeRecordEnd = { snapshotId, sessionId, finishReason };
  if (error) record.error = { code: error.code, message: error.message };
  if (inline) {
    if (custom !== undefined) record.custom = custom;
    if (artifacts.length > 0) record.artifacts = artifacts;
  }
  if (end.turn?.userId) record.turn = { parentId: end.turn.parentId, userId: end.turn.userId };
  return record;
}

/**
 * Pairs a line's recorded messages with the messages a snapshot at its end holds. A message recorded with its content
 * that the snapshot does not hold (a failed or stopped turn's: the server's session skipped it) is passed over;
 * anything else out of step means the snapshot is not this line's (null).
 */
function alignHeld(path: readonly ChatTreeRecordNode[], held: readonly { role: Role; content: Part[] }[]): Array<[ChatTreeRecordNode, number]> | null {
  const pairs: Array<[ChatTreeRecordNode, number]> = [];
  let next = 0;
  for (const recorded of path) {
    const candidate = held[next];
    const inline = recorded.message;
    if (candidate && candidate.role === recorded.role && (!inline || JSON.stringify(inline.content) === JSON.stringify(candidate.content))) pairs.push([recorded, next++]);
    else if (!inline) return null;
  }
  return next === held.length ? pairs : null;
}

/** The record of a chat's conversation tree: small JSON to persist, for {@link restoreChatTree} after a reload. */
export function exportChatTree<S>(chat: AgentChat<S>): ChatTreeRecord {
  const access = chatTreeOf<S>(chat, 'exportChatTree');
  const tree = access.tree();
  const inline = access.transport().snapshotReads === 'session';
  const skipped = detachedTips(tree);
  const nodes: ChatTreeRecordNode[] = [];
  const shown: Record<string, string> = {};
  const visit = (parent: string) => {
    const { children, shown: child } = tree.inspect(parent);
    if (child !== undefined && !skipped.has(child)) shown[parent] = child;
    for (const id of children) {
      // A detached turn at a line's tip runs on: its messages come back whole when the page reattaches to it.
      if (skipped.has(id)) continue;
      const message = tree.message(id)!;
      const end = tree.inspect(id).end;
      const node: ChatTreeRecordNode = { id, parent, role: message.role };
      if (message.snapshotId) node.snapshotId = message.snapshotId;
      if (!message.snapshotId || inline) node.message = { content: message.content, status: message.status, ...(message.metadata ? { metadata: message.metadata } : {}) };
      Object.assign(node, annotationsOf(message));
      if (end) node.end = recordEnd(end, inline);
      nodes.push(node);
      visit(id);
    }
  };
  visit(ROOT_ID);
  return { version: 1, nodes, shown };
}

/**
 * The messages of detached turns at the tips of lines (the page left while they ran on): the tip and, up the line, the
 * rest of its turn (its question, its tool traffic), as far as no other line branches off.
 */
function detachedTips<S>(tree: ChatTree<S>): Set<string> {
  const skipped = new Set<string>();
  const visit = (id: string) => {
    const { children, end } = tree.inspect(id);
    for (const child of children) visit(child);
    if (id === ROOT_ID || children.length > 0 || end?.state.finishReason !== 'detached') return;
    const start = end.turn?.parentId;
    for (let at: string | undefined = id; at !== undefined && at !== ROOT_ID && at !== start; at = tree.parentOf(at)) {
      const { children: below, end: own } = tree.inspect(at);
      if (below.some((child) => !skipped.has(child)) || (at !== id && own)) break;
      skipped.add(at);
    }
  };
  visit(ROOT_ID);
  return skipped;
}

/**
 * Restores every line of a chat's conversation tree from a record (`exportChatTree`), each from the snapshots it
 * names, and shows the record's shown line: the branch switchers come back after a reload. Messages found nowhere
 * are left out with what follows them. Resolves with the snapshot the shown line ends at.
 */
export async function restoreChatTree<S>(chat: AgentChat<S>, record: ChatTreeRecord): Promise<SnapshotInfo<S> | null> {
  const access = chatTreeOf<S>(chat, 'restoreChatTree');
  const started = access.generation();
  const getSnapshot = (query: SnapshotQuery) => chat.getSnapshot(query);
  if (record.version !== 1) throw new AgentChatError('unsupported', `Unknown chat tree record version ${String(record.version)}.`);
  const byId = new Map(record.nodes.map((node) => [node.id, node]));
  const pathTo = (id: string): string[] => {
    const path: string[] = [];
    for (let at: string | undefined = id; at && at !== ROOT_ID; at = byId.get(at)?.parent) path.push(at);
    return path.reverse();
  };
  // Snapshots by id, where the server has them (else every message is in the record).
  const readsById = access.transport().snapshotReads !== 'session';
  const ids = new Set(readsById ? record.nodes.flatMap((node) => (node.end?.snapshotId ? [node.end.snapshotId] : [])) : []);
  const snapshots = new Map<string, SnapshotInfo<S>>();
  await Promise.all([...ids].map(async (snapshotId) => {
    try {
      snapshots.set(snapshotId, await getSnapshot({ snapshotId }));
    } catch {
      // A snapshot the server no longer has: the messages only it held are left out.
    }
  }));

  const messages = new Map<string, ChatMessage>();
  for (const node of record.nodes) {
    if (node.message) messages.set(node.id, { id: node.id, role: node.role, ...node.message });
  }
  const ends = record.nodes.filter((node) => node.end?.snapshotId && node.snapshotId === node.end.snapshotId);
  for (const node of ends.map((end) => ({ end, path: pathTo(end.id) })).sort((a, b) => b.path.length - a.path.length)) {
    const held = markDenials(snapshots.get(node.end.snapshotId!)?.state?.messages ?? []);
    const pairs = alignHeld(node.path.map((id) => byId.get(id)!), held);
    for (const [recorded, index] of pairs ?? []) {
      if (!messages.has(recorded.id)) messages.set(recorded.id, { id: recorded.id, ...held[index]!, status: 'done', ...(recorded.snapshotId ? { snapshotId: recorded.snapshotId } : {}) });
    }
  }

  for (const node of record.nodes) {
    const message = messages.get(node.id);
    if (message) messages.set(node.id, withAnnotations(message, node));
  }

  const lineEnd = (node: ChatTreeRecordNode): LineEnd<S> => {
    const end = node.end!;
    const snapshot = end.snapshotId ? snapshots.get(end.snapshotId) : undefined;
    const last = messages.get(node.id);
    const interrupts = end.finishReason === 'interrupted' && last ? openInterrupts(last.content) : [];
    const state = initialChatState<S>({
      custom: snapshot ? snapshot.state?.custom : (end.custom as S | undefined),
      artifacts: snapshot?.state?.artifacts ?? end.artifacts ?? [],
      sessionId: end.sessionId,
      snapshotId: end.snapshotId,
      finishReason: end.finishReason,
      turnEnd: end.finishReason ? { finishReason: end.finishReason, ...(end.snapshotId ? { snapshotId: end.snapshotId } : {}) } : null,
      interrupts,
      error: end.error ? new AgentChatError(end.error.code, end.error.message) : null,
    });
    const user = end.turn ? messages.get(end.turn.userId) : undefined;
    const turn = end.turn && user ? { input: { message: { role: user.role, content: user.content } }, ...end.turn } : undefined;
    return lineEndOf(state, null, turn);
  };
  const tree = createChatTree<S>(lineEndOf(initialChatState<S>(), null));
  // Parents before children (the record's order): each message appended in O(1), then every recorded choice set
  // alone, so a long conversation restores in linear time.
  for (const node of record.nodes) {
    const message = messages.get(node.id);
    if (message && (node.parent === ROOT_ID || tree.has(node.parent)) && !tree.has(node.id)) tree.append(node.parent, message, node.end ? lineEnd(node) : undefined);
  }
  for (const [parent, child] of Object.entries(record.shown)) {
    if (parent === ROOT_ID || tree.has(parent)) tree.choose(parent, tree.inspect(parent).children.indexOf(child));
  }
  if (access.transport().snapshotReads === 'session') return restoreSessionLine(access, tree, record, started);
  const shownEnd = tree.lineEnd().state.snapshotId;
  return access.load(tree, started) ? (shownEnd && snapshots.get(shownEnd)) || null : null;
}

/** The session's latest state made the shown line of the restored tree (its running turn read on): what the server holds. */
async function restoreSessionLine<S>(access: ChatTreeAccess<S>, tree: ChatTree<S>, record: ChatTreeRecord, started: number): Promise<SnapshotInfo<S> | null> {
  // The shown line's session (a rerun from the start of an AG-UI thread made a new thread: its versions span two).
  const sessionId = tree.lineEnd().state.sessionId ?? record.nodes.find((node) => node.end?.sessionId)?.end?.sessionId;
  const transport = access.transport();
  if (!sessionId || !transport.getSnapshot) {
    access.load(tree, started);
    return null;
  }
  const info = (await transport.getSnapshot({ sessionId })) as SnapshotInfo<S>;
  reconcileWithServer(tree, info, () => access.createId());
  if (!access.load(tree, started)) return null;
  access.reattach(info);
  return info;
}
