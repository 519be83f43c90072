// A2UI over AG-UI: surfaces travel as activities (`ACTIVITY_SNAPSHOT` with activityType `a2ui-surface`, the A2UI
// messages in `content.a2ui_operations` — `content.operations` in the A2UI middleware's first versions — grown by
// `ACTIVITY_DELTA` patches such as `add /a2ui_operations/-`) or as a CUSTOM event named `a2ui` (one message or a list).
// Each A2UI message becomes the canonical `{custom: {a2ui}}` part.
import { a2uiPart } from '../../genui/a2ui-messages.js';
import type { Part } from '../../model/part.js';
import { isRecord } from '../../util/guards.js';

/**
 * What one activity event did: the activity's new content (with the one before), or, for a delta that could not be
 * applied, the A2UI messages that stand for it (an error of the surface, or what it appended to an unknown one).
 */
export type AguiActivityUpdate = { activityType: string; previous: unknown } & ({ content: unknown } | { messages: unknown[] });

/** The activity type of an A2UI surface. */
export const AGUI_A2UI_ACTIVITY = 'a2ui-surface';
/** The CUSTOM event name that carries A2UI messages. */
export const AGUI_A2UI_EVENT = 'a2ui';

/** The A2UI messages an activity's content lists (a content that is one A2UI message is a list of one). */
export function a2uiMessagesOf(content: unknown): unknown[] {
  if (!isRecord(content)) return [];
  const list = content.a2ui_operations ?? content.operations;
  return Array.isArray(list) ? list : 'version' in content ? [content] : [];
}

/**
 * The A2UI parts of a CUSTOM `a2ui` event, or of an update of an `a2ui-surface` activity (agui-activities.ts): each
 * message its content lists that its previous content did not (as many times as it is new: a message sent again is new
 * again), so a snapshot that repeats the earlier messages (the middleware sends every state whole) adds only what
 * changed, and a delta that changes a message in place reads it again; a delta that could not be applied, the
 * messages that stand for it (agui-activity-patch.ts).
 */
export function aguiA2uiParts(type: string, value: Record<string, unknown>, update: AguiActivityUpdate | undefined): Part[] {
  if (type === 'CUSTOM') return value.name === AGUI_A2UI_EVENT ? ([] as unknown[]).concat(value.value).map(a2uiPart) : [];
  if (update?.activityType !== AGUI_A2UI_ACTIVITY) return [];
  if ('messages' in update) return update.messages.map(a2uiPart);
  // A delta leaves what it did not change as it was (the same objects): those are not new, and need no reading.
  const unchanged = new Set(a2uiMessagesOf(update.previous));
  const after = a2uiMessagesOf(update.content);
  const kept = new Set(after);
  const listed = new Map<string, number>();
  for (const message of unchanged) {
    if (kept.has(message)) continue;
    const text = JSON.stringify(message);
    listed.set(text, (listed.get(text) ?? 0) + 1);
  }
  return after.filter((message) => {
    if (unchanged.has(message)) return false;
    const text = JSON.stringify(message);
    const count = listed.get(text) ?? 0;
    listed.set(text, count - 1);
    return count <= 0;
  }).map(a2uiPart);
}
