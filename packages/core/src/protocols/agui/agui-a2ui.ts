// A2UI over AG-UI: surfaces travel as activities (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA` with activityType
// `a2ui-surface`, the A2UI messages in `content.a2ui_operations`, as the AG-UI A2UI middleware sends them) or as a
// CUSTOM event named `a2ui` (one message or a list). Each A2UI message becomes the canonical `{custom: {a2ui}}` part.
import type { JsonPatchOperation } from '../../model/events.js';
import { a2uiPart } from '../../genui/a2ui-messages.js';
import type { Part } from '../../model/part.js';
import { isRecord, stringOr } from '../../util/guards.js';

/** The activity type of an A2UI surface. */
export const AGUI_A2UI_ACTIVITY = 'a2ui-surface';
/** The key of an A2UI activity's content that lists its messages. */
export const AGUI_A2UI_OPERATIONS = 'a2ui_operations';
/** The CUSTOM event name that carries A2UI messages. */
export const AGUI_A2UI_EVENT = 'a2ui';

/** Reads A2UI activities and events into parts, each message once (a snapshot repeats the ones already sent). */
export function createAguiA2ui() {
  const sent = new Map<string, number>();
  return {
    /** The new A2UI parts of an ACTIVITY_SNAPSHOT / ACTIVITY_DELTA (none for other activities). */
    activity(type: string, value: Record<string, unknown>): Part[] {
      if (value.activityType !== AGUI_A2UI_ACTIVITY) return [];
      const id = stringOr(value.messageId) ?? '';
      const seen = sent.get(id) ?? 0;
      if (type === 'ACTIVITY_SNAPSHOT') {
        const operations = isRecord(value.content) && Array.isArray(value.content[AGUI_A2UI_OPERATIONS]) ? (value.content[AGUI_A2UI_OPERATIONS] as unknown[]) : [value.content];
        sent.set(id, Math.max(seen, operations.length));
        return operations.slice(seen).map(a2uiPart);
      }
      // A delta appends messages to the list (`add` at `/a2ui_operations/-` or at the next index); other edits of
      // messages already applied cannot be undone in a stream of updates, so they are not read.
      const added: Part[] = [];
      let count = seen;
      for (const operation of Array.isArray(value.patch) ? (value.patch as JsonPatchOperation[]) : []) {
        if (!isRecord(operation) || operation.op !== 'add' || typeof operation.path !== 'string') continue;
        const values = operation.path === `/${AGUI_A2UI_OPERATIONS}` && Array.isArray(operation.value) ? (operation.value as unknown[])
          : operation.path === `/${AGUI_A2UI_OPERATIONS}/-` || operation.path === `/${AGUI_A2UI_OPERATIONS}/${count}` ? [operation.value] : [];
        for (const message of values) {
          added.push(a2uiPart(message));
          count++;
        }
      }
      sent.set(id, count);
      return added;
    },
    /** The A2UI parts of a CUSTOM event named `a2ui`. */
    custom(value: Record<string, unknown>): Part[] {
      if (value.name !== AGUI_A2UI_EVENT) return [];
      return (Array.isArray(value.value) ? (value.value as unknown[]) : [value.value]).map(a2uiPart);
    },
  };
}
