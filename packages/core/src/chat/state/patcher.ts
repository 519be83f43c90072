import type * as Patching from './apply-custom-patch.js';

/** What applies the agent's custom-state patches and re-applies local writes: fast-json-patch on an immer draft. */
export type Patcher = typeof Patching;

let patcher: Patcher | undefined;
let loading: Promise<Patcher> | undefined;

/**
 * Loads the custom-state patcher, a chunk of its own (`apply-custom-patch.js`, with fast-json-patch): no first render
 * needs it, so a page does not load it first. A turn starts loading it, as does a local write (`setCustom`) or a state
 * entered with pending writes; a turn waits for it only before the first batch of frames that needs it. A failed load
 * is tried again by the next caller.
 */
export function loadPatcher(): Promise<Patcher> {
  return (loading ??= import('./apply-custom-patch.js').then(
    (module) => (patcher = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/** Starts loading the patcher, if it is not loaded (a failure is left to whoever waits for it). */
export function preloadPatcher(): void {
  if (!patcher) loadPatcher().catch(() => undefined);
}

/** The patcher, once loaded ({@link loadPatcher}); undefined before. */
export const loadedPatcher = (): Patcher | undefined => patcher;
