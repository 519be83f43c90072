import type { ThreadContent, ThreadSummary } from './thread-types.js';

/** A stored value that has a summary's shape (a corrupt or foreign record does not). */
export function isThreadSummary(value: unknown): value is ThreadSummary {
  if (!value || typeof value !== 'object') return false;
  const thread = value as Record<string, unknown>;
  return typeof thread.id === 'string' && typeof thread.title === 'string' && typeof thread.createdAt === 'number'
    && typeof thread.updatedAt === 'number' && typeof thread.archived === 'boolean'
    && (thread.preview === undefined || typeof thread.preview === 'string');
}

/** A stored value that has a thread content's shape. */
export function isThreadContent(value: unknown): value is ThreadContent {
  if (!value || typeof value !== 'object') return false;
  const tree = (value as { tree?: { version?: unknown; nodes?: unknown; shown?: unknown } }).tree;
  return !!tree && tree.version === 1 && Array.isArray(tree.nodes) && !!tree.shown && typeof tree.shown === 'object';
}
