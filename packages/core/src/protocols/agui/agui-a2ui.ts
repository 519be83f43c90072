// A2UI over AG-UI: surfaces travel as activities (`ACTIVITY_SNAPSHOT` with activityType `a2ui-surface`, the A2UI
// messages in `content.a2ui_operations`, as the AG-UI A2UI middleware sends them) or as a CUSTOM event named `a2ui`
// (one message or a list). Each A2UI message becomes the canonical `{custom: {a2ui}}` part.
import { a2uiPart } from '../../genui/a2ui-messages.js';
import type { Part } from '../../model/part.js';
import { isRecord } from '../../util/guards.js';

/** The activity type of an A2UI surface. */
export const AGUI_A2UI_ACTIVITY = 'a2ui-surface';
/** The CUSTOM event name that carries A2UI messages. */
export const AGUI_A2UI_EVENT = 'a2ui';

/**
 * Reads A2UI activities and events into parts, each message once: a snapshot of an activity lists all of its messages
 * so far, so only those past the ones its previous snapshot listed are new. (An ACTIVITY_DELTA is not read.)
 */
export function createAguiA2ui(): (type: string, value: Record<string, unknown>) => Part[] {
  const sent = new Map<unknown, number>();
  return (type, value) => {
    let messages: unknown[] = [];
    if (type === 'CUSTOM') {
      if (value.name === AGUI_A2UI_EVENT) messages = ([] as unknown[]).concat(value.value);
    } else if (value.activityType === AGUI_A2UI_ACTIVITY) {
      const { content } = value;
      const all = isRecord(content) && Array.isArray(content.a2ui_operations) ? (content.a2ui_operations as unknown[]) : [content];
      const seen = sent.get(value.messageId) ?? 0;
      sent.set(value.messageId, Math.max(seen, all.length));
      messages = all.slice(seen);
    }
    return messages.map(a2uiPart);
  };
}
