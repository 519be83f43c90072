/**
 * A restored conversation tree made to agree with the server, for protocols whose server keeps only a session's latest
 * conversation (AG-UI threads, AI SDK chats): the kit keeps the tree, the server says what the shown line is now.
 */
import { AgentChatError } from '../../model/error.js';
import type { ChatMessage, Message } from '../../model/message.js';
import { isMediaPart, isTextPart, isToolRequestPart, isToolResponsePart, type Part } from '../../model/part.js';
import { openInterrupts } from '../../model/sub-agent.js';
import type { SnapshotInfo } from '../../model/session.js';
import { markDenials } from '../../model/tool-outcome.js';
import { ROOT_ID } from './branch-tree.js';
import { initialChatState } from '../state/chat-state.js';
import { lineEndOf, type ChatTree, type LineEnd } from './chat-operations.js';

/** What identifies a part across protocols and reloads: its text, its tool call, its media (metadata aside). */
function partKey(part: Part): string | null {
  if (isTextPart(part)) return part.text === '' ? null : `t:${part.text}`;
  if (isToolRequestPart(part)) return `q:${part.toolRequest.name}:${part.toolRequest.ref ?? ''}`;
  if (isToolResponsePart(part)) return `r:${part.toolResponse.name}:${part.toolResponse.ref ?? ''}`;
  if (isMediaPart(part)) return `m:${part.media.url}`;
  return null;
}

/** The same message, as the kit recorded it and as the server gives it back. */
export function sameMessage(a: Pick<Message, 'role' | 'content'>, b: Pick<Message, 'role' | 'content'>): boolean {
  if (a.role !== b.role) return false;
  const keys = (message: Pick<Message, 'content'>) => message.content.map(partKey).filter((key) => key !== null).join('\u0000');
  return keys(a) === keys(b);
}

/** The end of the server's line: its state, interrupts, finish and snapshot, and the turn record the tree had there. */
function serverEnd<S>(info: SnapshotInfo<S>, last: ChatMessage | undefined, kept: LineEnd<S> | undefined): LineEnd<S> {
  const interrupted = info.finishReason === 'interrupted';
  const error = info.error ? new AgentChatError('server-error', info.error.message) : null;
  const state = initialChatState<S>({
    custom: info.state?.custom,
    artifacts: info.state?.artifacts ?? [],
    sessionId: info.sessionId ?? info.state?.sessionId ?? null,
    snapshotId: info.snapshotId ?? null,
    finishReason: info.finishReason ?? null,
    turnEnd: info.finishReason ? { finishReason: info.finishReason, ...(info.snapshotId ? { snapshotId: info.snapshotId } : {}) } : null,
    interrupts: interrupted && last ? openInterrupts(last.content) : [],
    error,
  });
  return lineEndOf(state, null, kept?.turn);
}

/**
 * Makes the tree's shown line the server's conversation (`info`): its messages are followed down the tree (the shown
 * child first), those the tree lacks are added as a new line. When the server holds the whole shown line, or the line
 * only goes on with messages no completed turn holds (a stopped or failed turn's), the line is the record's; otherwise
 * it ends where the server's does, with the server's state.
 */
export function reconcileWithServer<S>(tree: ChatTree<S>, info: SnapshotInfo<S>, createId: () => string): void {
  const held = markDenials((info.state?.messages ?? []).map((message) => ({ ...message, id: createId(), status: 'done' as const })));
  const lastHeld = held[held.length - 1];
  let at = ROOT_ID;
  let matched = 0;
  // Down the tree along the server's messages; a stopped or failed turn's messages (no completed turn's snapshot holds
  // them, nor does the server) are passed over when the server's next message follows them.
  let passing = ROOT_ID;
  while (matched < held.length) {
    const { children, shown } = tree.inspect(passing);
    const order = shown === undefined ? children : [shown, ...children.filter((id) => id !== shown)];
    const found = order.find((id) => sameMessage(tree.message(id)!, held[matched]!));
    if (found !== undefined) {
      at = passing = found;
      matched++;
      continue;
    }
    const unheld = order.find((id) => tree.message(id)!.snapshotId === undefined);
    if (unheld === undefined) break;
    passing = unheld;
  }
  if (matched < held.length) {
    tree.extend(at, held.slice(matched), serverEnd(info, lastHeld, undefined));
    return;
  }
  const line = tree.lineIds();
  const below = at === ROOT_ID ? line : line.includes(at) ? line.slice(line.indexOf(at) + 1) : null;
  if (below !== null && below.length > 0 && below.every((id) => tree.message(id)!.snapshotId === undefined)) return;
  if (below === null || below.length > 0) tree.cut(at);
  tree.extend(at, [], serverEnd(info, lastHeld, tree.inspect(at).end));
}
