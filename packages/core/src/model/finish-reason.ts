/** Why a turn ended (lowercase, Genkit's set). */
export type FinishReason =
  | 'stop'
  | 'length'
  | 'blocked'
  | 'interrupted'
  | 'aborted'
  | 'detached'
  | 'failed'
  | 'other'
  | 'unknown';

/** Every finish reason, in the canonical model's order. */
export const FINISH_REASONS: readonly FinishReason[] = [
  'stop', 'length', 'blocked', 'interrupted', 'aborted', 'detached', 'failed', 'other', 'unknown',
];

const ALIASES: Record<string, FinishReason> = {
  // OpenAI / AI SDK / TnsAI spellings
  'end_turn': 'stop',
  'stop_sequence': 'stop',
  'max_tokens': 'length',
  'content_filter': 'blocked',
  'content-filter': 'blocked',
  'safety': 'blocked',
  'tool_calls': 'other',
  'tool-calls': 'other',
  'error': 'failed',
  'cancelled': 'aborted',
  'canceled': 'aborted',
  'interrupt': 'interrupted',
  'success': 'stop',
};

/** Normalizes any dialect's finish reason (any case) onto {@link FinishReason}; unknown strings map to 'other'. */
export function normalizeFinishReason(value: unknown): FinishReason {
  if (typeof value !== 'string' || value === '') return 'unknown';
  const lower = value.toLowerCase();
  if ((FINISH_REASONS as readonly string[]).includes(lower)) return lower as FinishReason;
  return ALIASES[lower] ?? 'other';
}
