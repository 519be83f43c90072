// An AG-UI ACTIVITY_DELTA applied to the activity's content: its RFC 6902 patch, each operation applied by
// fast-json-patch (validated, its prototype-pollution ban on) on an immer draft of the content, so a delta costs what it
// changes (the paths it writes are copied, the rest is shared), not the size of the content. A chunk of its own, loaded
// by the AG-UI transport while a turn's request is under way (agui-activity-patcher.ts): no frame waits for it.
import { applyOperation, applyPatch, deepClone, getValueByPointer, type Operation } from 'fast-json-patch/module/core.mjs';
import { produce } from 'immer';
import { genUiError } from '../../genui/genui-error.js';
import { exceedsDepth, pointerDepth } from '../../util/depth.js';
import { isRecord, stringOr } from '../../util/guards.js';
import { DEFAULT_MAX_DEPTH } from '../../wire/limits.js';
import { AGUI_A2UI_ACTIVITY, a2uiMessagesOf } from './agui-a2ui.js';

/** A pointer with a `__proto__`, `constructor` or `prototype` segment (fast-json-patch's own ban covers only some). */
const UNSAFE = /(?:^|\/)(?:__proto__|constructor|prototype)(?:\/|$)/;

/** The value an operation puts in the content (for its depth): an add's or replace's value, a move's or copy's source. */
function valueOf(content: unknown, operation: Operation): unknown {
  if (operation.op === 'add' || operation.op === 'replace') return operation.value;
  if (operation.op !== 'move' && operation.op !== 'copy') return undefined;
  try {
    return getValueByPointer(content, operation.from);
  } catch {
    return undefined; // fast-json-patch reports the path that does not resolve
  }
}

/**
 * The activity's content after the patch: a new value (the content given is not changed, nor is the patch: the values it
 * adds are copies; what the patch does not touch is shared). All or nothing. Throws (with the reason) on a patch that is
 * not a list of operations, one that targets a prototype, one that fast-json-patch refuses (a path that does not
 * resolve, a failed `test` …) and one that would nest the content deeper than `maxDepth`.
 */
export function applyActivityPatch(content: unknown, patch: unknown, maxDepth = DEFAULT_MAX_DEPTH): unknown {
  if (!Array.isArray(patch)) throw new TypeError('an ACTIVITY_DELTA patch must be a list of operations');
  for (const [index, operation] of (patch as unknown[]).entries()) {
    const { path, from } = (isRecord(operation) ? operation : {}) as { path?: unknown; from?: unknown };
    if (typeof path !== 'string') throw new TypeError(`operation ${index} is not a JSON Patch operation`);
    if ([path, from].some((pointer) => typeof pointer === 'string' && UNSAFE.test(pointer))) throw new TypeError(`operation ${index} targets a prototype`);
  }
  const operations = deepClone(patch) as Operation[];
  // Each value is walked before anything recursive (fast-json-patch's validation, immer's freeze) meets it.
  for (const operation of operations) {
    if (exceedsDepth(valueOf(content, operation), maxDepth - pointerDepth(operation.path))) throw new TypeError(`the content would nest deeper than ${maxDepth} levels`);
  }
  // An operation on the whole content replaces it: done on a copy, outside a draft.
  if (operations.some((operation) => operation.path === '') || typeof content !== 'object' || content === null) {
    return applyPatch(deepClone(content) as unknown, operations, true, true, true).newDocument;
  }
  return produce(content, (draft: unknown) => {
    for (const [index, operation] of operations.entries()) applyOperation(draft, operation, true, true, true, index);
  });
}

/** The surface an activity's messages are about (the first that names one). */
function surfaceOf(messages: unknown[]): string | undefined {
  for (const message of messages) {
    for (const body of isRecord(message) ? Object.values(message) : []) {
      const surfaceId = isRecord(body) ? stringOr(body.surfaceId) : undefined;
      if (surfaceId) return surfaceId;
    }
  }
  return undefined;
}

/** A patch that only appends A2UI messages (`add /a2ui_operations/-`): those messages. */
function appendedMessages(patch: unknown): unknown[] | undefined {
  if (!Array.isArray(patch) || patch.length === 0) return undefined;
  const appends = (patch as unknown[]).every((operation) => isRecord(operation) && operation.op === 'add' && /^\/(?:a2ui_operations|operations)\/-$/.test(String(operation.path)));
  return appends ? (patch as Array<{ value?: unknown }>).map((operation) => operation.value) : undefined;
}

/**
 * One ACTIVITY_DELTA (`value`) of an activity of `activityType` whose content is `previous` (`known`: this stream has
 * it): the new content; else, for an A2UI surface, the messages that stand for the delta: those it appends to a surface
 * this stream does not have (one of an earlier run, as the A2UI middleware grows it), or a typed error of the surface.
 */
export function applyActivityDelta(activityType: string, previous: unknown, known: boolean, value: Record<string, unknown>): { content: unknown } | { messages: unknown[] } {
  try {
    if (!known) throw new TypeError(`activity ${JSON.stringify(value.messageId)} was not created in this stream`);
    return { content: applyActivityPatch(previous, value.patch) };
  } catch (error) {
    if (activityType !== AGUI_A2UI_ACTIVITY) return { messages: [] };
    const message = `An ACTIVITY_DELTA of A2UI surface activity ${JSON.stringify(value.messageId)} could not be applied: ${(error as Error).message}.`;
    return { messages: (known ? undefined : appendedMessages(value.patch)) ?? [genUiError('malformed', message, surfaceOf(a2uiMessagesOf(previous)))] };
  }
}
