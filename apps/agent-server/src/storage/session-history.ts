/**
 * A stored Genkit session read back for a page that reloads: its conversation grouped into turns, its custom state,
 * artifacts and open interrupts, from the last completed snapshot (what the next turn continues from). The AG-UI
 * connect request (agui-connect.ts) and the AI SDK chat loader (ai-sdk-chat.ts) write it in their own protocol.
 */
import type { Artifact, MessageData, Part, ToolRequestPart, ToolResponsePart } from 'genkit/beta';
import { interruptsOf, lastCompletedSnapshot, type SnapshotReader } from '../protocols/genkit-bridge.js';

/** A running turn's user message (kept by the turn store as the route gave it), when it is one. */
export function turnMessage(input: unknown): MessageData | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { role, content } = input as { role?: unknown; content?: unknown };
  return typeof role === 'string' && Array.isArray(content) ? (input as MessageData) : undefined;
}

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
    artifacts: (state?.artifacts ?? []) as Artifact[],
    interrupts: interruptsOf(snapshot),
  };
}

/** The text of a message's parts. */
export const textOf = (parts: Part[]) => parts.map((part) => part.text ?? '').join('');
export const reasoningOf = (parts: Part[]) => parts.map((part) => part.reasoning ?? '').join('');
export const toolRequestsOf = (parts: Part[]) => parts.filter((part): part is ToolRequestPart => !!part.toolRequest);
export const toolResponsesOf = (parts: Part[]) => parts.filter((part): part is ToolResponsePart => !!part.toolResponse);
