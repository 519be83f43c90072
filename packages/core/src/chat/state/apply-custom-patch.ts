import { AgentChatError } from '../../model/error.js';
import type { JsonPatchOperation } from '../../model/events.js';
import { DEFAULT_MAX_DEPTH } from '../../wire/limits.js';
import { applyCopyOnWrite, unescapeSegment } from './patch-copy-on-write.js';

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

function assertSafePointer(pointer: unknown, index: number): asserts pointer is string {
  if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) {
    throw new AgentChatError('patch-failed', `Operation ${index} has an invalid JSON Pointer: ${JSON.stringify(pointer)}`);
  }
  for (const segment of pointer.split('/')) {
    if (UNSAFE_SEGMENTS.has(unescapeSegment(segment))) {
      throw new AgentChatError('unsafe-patch', `Operation ${index} targets "${segment}", which could pollute prototypes.`);
    }
  }
}

/** Prefixes a pointer so the document's root becomes an ordinary property of a wrapper. */
const underRoot = (pointer: string) => `/root${pointer}`;

/**
 * Applies an RFC 6902 patch to a custom-state document and returns the new document.
 * Atomic: all operations or none (the document is untouched when any fails, a `test` included).
 * Structural sharing: only the containers on each operation's path are copied (an insert into a long list copies that
 * list once, as an immutable update must), so the cost grows with the patch and its path, not with the document.
 * A patch that would nest the document deeper than `maxDepth` (default 500) is refused whole with `too-deep`.
 * Throws {@link AgentChatError} `patch-failed`, `unsafe-patch` or `too-deep`.
 */
export function applyCustomPatch<T>(document: T, patch: readonly JsonPatchOperation[], maxDepth = DEFAULT_MAX_DEPTH): T {
  if (!Array.isArray(patch)) throw new AgentChatError('patch-failed', 'A custom-state patch must be an array of operations.');
  const operations: JsonPatchOperation[] = patch.map((operation, index) => {
    if (typeof operation !== 'object' || operation === null || !OPS.has((operation as JsonPatchOperation).op)) {
      throw new AgentChatError('patch-failed', `Operation ${index} is not a JSON Patch operation.`, { details: operation });
    }
    assertSafePointer(operation.path, index);
    const mapped = { ...operation, path: underRoot(operation.path) } as JsonPatchOperation & { from?: string };
    if (operation.op === 'move' || operation.op === 'copy') {
      assertSafePointer(operation.from, index);
      if (operation.op === 'move' && operation.path.startsWith(`${operation.from}/`)) {
        throw new AgentChatError('patch-failed', `Operation ${index} moves a value into its own child (RFC 6902 §4.4).`);
      }
      mapped.from = underRoot(operation.from);
    }
    return mapped;
  });
  try {
    return applyCopyOnWrite(document, operations, maxDepth) as T;
  } catch (error) {
    if (error instanceof AgentChatError) throw error;
    const message = (error as Error)?.message ?? String(error);
    throw new AgentChatError('patch-failed', `A custom-state patch could not be applied: ${message.split('\n')[0]}`, {
      cause: error,
      details: patch,
    });
  }
}
