/**
 * A stored Genkit session read back for a page that reloads: its conversation grouped into turns, its custom state,
 * artifacts and open interrupts, from the last completed snapshot (what the next turn continues from). The AG-UI
 * connect request (agui-connect.ts) and the AI SDK chat loader (ai-sdk-chat.ts) write it in their own protocol.
 */
import type { Artifact, MessageData, Part, ToolRequestPart, ToolResponsePart } from 'genkit/beta';
import { interruptsOf, lastCompletedSnapshot, type SnapshotReader } from './bridge.js';
import { isRecord } from './runtime.js';

/** A running turn's user message (kept by the turn store as the route gave it), when it is one. */
export function turnMessage(input: unknown): MessageData | undefined {
  return isMessageData(input) ? input : undefined;
}

/** A Genkit message's shape: a `role` and its `content` parts. */
export const isMessageData = (value: unknown): value is MessageData => isRecord(value) && typeof value.role === 'string' && Array.isArray(value.content);

export interface SessionHistory {
  sessionId: string;
  /** The last completed snapshot (absent for a session with none). */
  snapshotId?: string;
  messages: MessageData[];
  custom: unknown;
  artifacts: Artifact[];
  /** The interrupts the last turn left open (answer them to continue). */
  interrupts: ToolRequestPart[];
}

export async function readSessionHistory(reader: SnapshotReader, sessionId: string): Promise<SessionHistory> {
  const snapshot = await lastCompletedSnapshot(reader, sessionId);
  const state = snapshot?.state;
  return {
    sessionId,
    ...(snapshot && { snapshotId: snapshot.snapshotId }),
    messages: (state?.messages ?? []).filter((message) => message.role !== 'system'),
    custom: state?.custom ?? null,
    artifacts: state?.artifacts ?? [],
    interrupts: interruptsOf(snapshot),
  };
}

/** The text of a message's parts. */
export const textOf = (parts: Part[]) => parts.map((part) => part.text ?? '').join('');
export const reasoningOf = (parts: Part[]) => parts.map((part) => part.reasoning ?? '').join('');
export const toolRequestsOf = (parts: Part[]) => parts.filter((part): part is ToolRequestPart => !!part.toolRequest);
export const toolResponsesOf = (parts: Part[]) => parts.filter((part): part is ToolResponsePart => !!part.toolResponse);
