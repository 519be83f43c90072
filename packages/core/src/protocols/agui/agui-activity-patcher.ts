import type { applyActivityDelta } from './agui-activity-patch.js';

/** What applies an ACTIVITY_DELTA to an activity's content (agui-activity-patch.ts). */
export type ActivityPatcher = typeof applyActivityDelta;

let patcher: ActivityPatcher | undefined;
let loading: Promise<ActivityPatcher | undefined> | undefined;

/**
 * Loads the activity patcher, a chunk of its own (with fast-json-patch): the AG-UI transport starts it with each request
 * and hands the response on once it is here, so no frame is decoded before it. Resolves undefined when it cannot be
 * loaded (offline): the turn goes on, and each ACTIVITY_DELTA of an A2UI surface is an error part. A failed load is tried
 * again by the next request.
 */
export function loadActivityPatcher(): Promise<ActivityPatcher | undefined> {
  return (loading ??= import('./agui-activity-patch.js').then(
    (module) => (patcher = module.applyActivityDelta),
    () => (loading = undefined),
  ));
}

/** The activity patcher, once loaded ({@link loadActivityPatcher}); undefined before. */
export const loadedActivityPatcher = (): ActivityPatcher | undefined => patcher;
