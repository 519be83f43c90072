// A2UI over the AI SDK's UI message stream: `data-a2ui` parts whose `data` is one A2UI message or a list of them.
import { a2uiPart, type A2uiPart } from '../../genui/a2ui-messages.js';

/** The data part type that carries A2UI messages (server to client: surfaces; client to server: actions). */
export const AI_SDK_A2UI_PART = 'data-a2ui';

/** The canonical A2UI parts of a `data-a2ui` part's data. */
export function aiSdkA2uiParts(data: unknown): A2uiPart[] {
  return ([] as unknown[]).concat(data).map(a2uiPart);
}
