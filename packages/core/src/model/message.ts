import type { Metadata, Part } from './part.js';

/** Who wrote a message. */
export type Role = 'user' | 'model' | 'tool' | 'system';

/** A chat message, in Genkit's shape. */
export interface Message {
  role: Role;
  content: Part[];
  metadata?: Metadata;
}

/** Lifecycle of a message in the store. */
export type MessageStatus = 'streaming' | 'done' | 'aborted' | 'failed';

/** Tokens a turn's model call used, as the protocol reported them. */
export interface MessageUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/** How long an answer took, measured by the kit: from the send to its first token, to its end, and its output rate. */
export interface MessageTiming {
  /** From the start of the turn to its first text or reasoning token. */
  firstTokenMs?: number;
  /** From the start of the turn to its end. */
  durationMs?: number;
  /** Output tokens (from the usage the protocol reported) per second of streaming, from the first token to the end. */
  tokensPerSecond?: number;
  /** From the first reasoning token to the first answer token (or the end): set as soon as the answer starts. */
  reasoningMs?: number;
}

/** What the user thought of an answer. */
export interface MessageFeedback {
  rating: 'up' | 'down';
  comment?: string;
}

/** A message as the store keeps it: a stable id and a status. */
export interface ChatMessage extends Message {
  id: string;
  status: MessageStatus;
  /** Where alternatives exist (an edited message, a regenerated answer): this one's 0-based `index` of `count`. */
  siblings?: { index: number; count: number };
  /** The snapshot of the completed turn that produced this message, where the protocol has snapshots. */
  snapshotId?: string;
  /** The tokens the turn that produced this answer used, where the protocol reports them (on the turn's last model message). */
  usage?: MessageUsage;
  /** The kit's measurement of the turn that produced this answer (on the turn's last model message). */
  timing?: MessageTiming;
  /** The user's rating of this answer (`chat.setFeedback`). */
  feedback?: MessageFeedback;
}

const ROLES: readonly Role[] = ['user', 'model', 'tool', 'system'];

/** Maps provider role names (assistant, ai, human, …) onto the canonical four. */
export function normalizeRole(role: unknown, fallback: Role = 'model'): Role {
  if (typeof role !== 'string') return fallback;
  const lower = role.toLowerCase();
  if ((ROLES as readonly string[]).includes(lower)) return lower as Role;
  if (lower === 'assistant' || lower === 'ai') return 'model';
  if (lower === 'human') return 'user';
  if (lower === 'developer') return 'system';
  return fallback;
}

/** Builds a user message from text or parts. */
export function userMessage(content: string | Part[]): Message {
  return { role: 'user', content: typeof content === 'string' ? [{ text: content }] : content };
}

/** Strips store-only fields, giving the wire shape. */
export function toMessage(message: ChatMessage | Message): Message {
  const result: Message = { role: message.role, content: message.content };
  if (message.metadata) result.metadata = message.metadata;
  return result;
}
