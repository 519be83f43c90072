import type { ChatState } from './core-api.js';

/** Options of {@link chatOutcome}. */
export interface ChatOutcomeOptions {
  /**
   * Replace every id (`id`, `ref`, `*Id` keys) by its order of first appearance (`#1`, `#2`…), so that two runs
   * against a server minting fresh ids compare equal. Default false: message ids, which the chat mints, are always
   * dropped.
   */
  normalizeIds?: boolean;
}

/**
 * What a chat ended with, in plain JSON: messages (without their chat-minted ids, and without `timing`, the kit's
 * wall-clock measurement of each run, nor those of sub-agent runs), custom state, artifacts, the end.
 */
export interface ChatOutcome {
  messages: Array<{ role: string; content: unknown[]; status?: string; metadata?: unknown }>;
  custom: unknown;
  artifacts: unknown[];
  status: string;
  finishReason: string | null;
  interrupts: unknown[];
  sessionId: string | null;
  snapshotId: string | null;
  error: { code: string; message: string; status?: number } | null;
}

const ID_KEY = /^(id|ref)$|Id$/;

function normalize(value: unknown, ids: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => normalize(item, ids));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (ID_KEY.test(key) && typeof item === 'string') {
        if (!ids.has(item)) ids.set(item, `#${ids.size + 1}`);
        return [key, ids.get(item)];
      }
      return [key, normalize(item, ids)];
    }),
  );
}

type OutcomeMessage = ChatState<unknown>['messages'][number];

/**
 * A message without its chat-minted id and the kit's wall-clock measurements: its `timing`, and in the sub-agent runs
 * its tool calls carry (`metadata.subAgent`, the subAgents() feature) their `startedAt`, `durationMs` and their own
 * messages' ids and timing, at every depth.
 */
function withoutClock({ id: _id, timing: _timing, ...message }: OutcomeMessage): Omit<OutcomeMessage, 'id' | 'timing'> {
  if (!message.content.some((part) => part.metadata?.subAgent !== undefined)) return message;
  const content = message.content.map((part) => {
    const run = part.metadata?.subAgent;
    if (typeof run !== 'object' || run === null || !Array.isArray((run as { messages?: unknown }).messages)) return part;
    const { startedAt: _startedAt, durationMs: _durationMs, messages, ...kept } = run as { startedAt?: number; durationMs?: number; messages: OutcomeMessage[] };
    return { ...part, metadata: { ...part.metadata, subAgent: { ...kept, messages: messages.map(withoutClock) } } };
  });
  return { ...message, content };
}

/** The final state of a chat in a form to compare (`toEqual`) or snapshot: live against replay, or two recordings. */
export function chatOutcome(state: ChatState<unknown>, options: ChatOutcomeOptions = {}): ChatOutcome {
  const outcome: ChatOutcome = JSON.parse(
    JSON.stringify({
      messages: state.messages.map(withoutClock),
      custom: state.custom ?? null,
      artifacts: state.artifacts,
      status: state.status,
      finishReason: state.finishReason,
      interrupts: state.interrupts,
      sessionId: state.sessionId,
      snapshotId: state.snapshotId,
      error: state.error ? { code: state.error.code, message: state.error.message, ...(state.error.status ? { status: state.error.status } : {}) } : null,
    }),
  );
  return options.normalizeIds ? (normalize(outcome, new Map()) as ChatOutcome) : outcome;
}
