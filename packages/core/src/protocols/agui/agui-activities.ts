// The AG-UI activities the kit reads (A2UI surfaces, artifacts): each one's content, as its ACTIVITY_SNAPSHOTs set it
// and its ACTIVITY_DELTAs patch it (RFC 6902, by the lazily loaded activity patcher).
import { genUiError } from '../../genui/genui-error.js';
import type { AguiActivityUpdate } from './agui-a2ui.js';
import type { ActivityPatcher } from './agui-activity-patcher.js';


/**
 * Follows the activities of the types `reads` names, by messageId. A snapshot sets the content (as the spec says, a
 * `replace: false` snapshot of an activity that exists leaves it as it stands: undefined); a delta patches it.
 */
export function createAguiActivities(reads: ReadonlySet<unknown>, patcher: () => ActivityPatcher | undefined) {
  const contents = new Map<unknown, unknown>();
  return (type: string, value: Record<string, unknown>): AguiActivityUpdate | undefined => {
    const { messageId: id, activityType } = value;
    if (!reads.has(activityType)) return undefined;
    const known = contents.has(id);
    const previous = contents.get(id);
    if (type === 'ACTIVITY_SNAPSHOT') {
      if (known && value.replace === false) return undefined;
      contents.set(id, value.content);
      return { activityType: activityType as string, previous, content: value.content };
    }
    const apply = patcher();
    const update = apply ? apply(activityType as string, previous, known, value) : { messages: [genUiError('malformed', 'The activity patcher could not be loaded.')] };
    if ('content' in update) contents.set(id, update.content);
    return { activityType: activityType as string, previous, ...update };
  };
}
