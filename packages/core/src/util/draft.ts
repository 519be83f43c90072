// The store's immutable updates: a recipe mutates a draft, and the result is a new frozen state that shares every
// untouched subtree with the old one. This is the part of immer the chat uses (`produce` with auto-freeze, `current`,
// `isDraft`, a deep `freeze`), for plain objects and arrays only (the chat state is JSON-like: no Map, Set or class to
// draft; a class instance such as an `AgentChatError` is kept as it is, as immer keeps it). Issue 29: immer's own
// `produce` was 4 kB of every app's 18 kB budget; these ~100 lines are under 1 kB.

/** A writable view of `T`: what a recipe gets to mutate. */
export type Draft<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { -readonly [K in keyof T]: Draft<T[K]> } : T;

interface DraftState {
  readonly base: Record<PropertyKey, unknown>;
  /** The shallow copy that writes go to (and child drafts are kept in), made at the first write or child draft. */
  copy: Record<PropertyKey, unknown> | null;
  modified: boolean;
  readonly parent: DraftState | null;
  /** The finished value, once `produce` has finalized this draft. */
  result?: unknown;
}

const drafts = new WeakMap<object, DraftState>();

/** Only plain objects and arrays are drafted (immer's default). */
function isDraftable(value: unknown): value is Record<PropertyKey, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Whether `value` is a draft of a running recipe. */
export const isDraft = (value: unknown): boolean => typeof value === 'object' && value !== null && drafts.has(value);

function prepareCopy(state: DraftState): Record<PropertyKey, unknown> {
  state.copy ??= (Array.isArray(state.base) ? [...state.base] : { ...state.base }) as Record<PropertyKey, unknown>;
  return state.copy;
}

function markChanged(state: DraftState): void {
  for (let at: DraftState | null = state; at && !at.modified; at = at.parent) {
    at.modified = true;
    prepareCopy(at);
  }
}

function createDraft(base: Record<PropertyKey, unknown>, parent: DraftState | null): Record<PropertyKey, unknown> {
  const state: DraftState = { base, copy: null, modified: false, parent };
  const source = () => state.copy ?? state.base;
  const write = (key: PropertyKey, value: unknown): boolean => {
    const current = source()[key];
    if (!state.modified && Object.is(current, value) && (value !== undefined || key in source())) return true;
    markChanged(state);
    state.copy![key] = value;
    return true;
  };
  // The proxy's target is an empty object or array, never the (frozen) base: a frozen target would forbid returning a
  // child draft for its properties. Array.isArray sees through to the target, so an array draft is an array.
  const target = Array.isArray(base) ? [] : Object.create(Object.getPrototypeOf(base) as object | null);
  const proxy = new Proxy(target as Record<PropertyKey, unknown>, {
    get(_, key) {
      const value = source()[key];
      // Only a value of the base is drafted: a value the recipe put there is its own already.
      if (state.result !== undefined || !isDraftable(value) || value !== state.base[key]) return value;
      const child = createDraft(value, state);
      prepareCopy(state)[key] = child;
      return child;
    },
    set: (_, key, value) => write(key, value),
    defineProperty: (_, key, descriptor) => write(key, descriptor.value),
    deleteProperty(_, key) {
      if (!(key in source())) return true;
      markChanged(state);
      delete state.copy![key];
      return true;
    },
    has: (_, key) => key in source(),
    ownKeys: () => Reflect.ownKeys(source()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(source(), key);
      if (!descriptor) return undefined;
      // An array's length is the one property the (array) target has: its configurability must agree.
      return { writable: true, configurable: !Array.isArray(base) || key !== 'length', enumerable: descriptor.enumerable, value: source()[key] };
    },
  });
  drafts.set(proxy, state);
  return proxy;
}

/** Deep-freezes `value` (plain objects and arrays; what is frozen already is not walked again). Returns it. */
export function freeze<T>(value: T, _deep = true): T {
  if (!isDraftable(value) || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) freeze(value[key]);
  return value;
}

/** The finished value of `value`: a draft's result (its copy with every child finished, frozen), or a new value frozen with the drafts in it finished. */
function finalize(value: unknown): unknown {
  const state = typeof value === 'object' && value !== null ? drafts.get(value) : undefined;
  if (!state) {
    if (!isDraftable(value) || Object.isFrozen(value)) return value;
    for (const key of Reflect.ownKeys(value)) {
      const child = value[key];
      const done = finalize(child);
      if (done !== child) value[key] = done;
    }
    return Object.freeze(value);
  }
  if (state.result !== undefined) return state.result;
  if (!state.modified) {
    state.result = state.base;
    return state.base;
  }
  const copy = state.copy!;
  state.result = copy;
  for (const key of Reflect.ownKeys(copy)) {
    const child = copy[key];
    const done = finalize(child);
    if (done !== child) copy[key] = done;
  }
  return Object.freeze(copy);
}

/**
 * Runs `recipe` on a draft of `base` and returns the new state: `base` itself when nothing changed, else a frozen copy
 * sharing every untouched subtree. A recipe may instead return a new value, which is returned (frozen); one that does
 * both throws, as immer's does.
 */
export function produce<T>(base: T, recipe: (draft: Draft<T>) => T | void | undefined): T {
  if (!isDraftable(base)) return (recipe(base as Draft<T>) ?? base) as T;
  const draft = createDraft(base, null);
  const returned = recipe(draft as Draft<T>);
  if (returned === undefined || returned === draft) return finalize(draft) as T;
  // As immer: one or the other, so that no change is silently lost.
  if (drafts.get(draft)!.modified) throw new Error('A recipe returned a new value and also changed its draft: do one or the other.');
  return finalize(returned) as T;
}

/** A snapshot of a draft as it is now (not frozen, the draft stays usable); a value that is not a draft is returned as is. */
export function current<T>(value: T): T {
  const state = typeof value === 'object' && value !== null ? drafts.get(value) : undefined;
  if (!state) return value;
  if (!state.modified) return state.base as T;
  const copy = (Array.isArray(state.copy) ? [...state.copy] : { ...state.copy }) as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(copy)) copy[key] = current(copy[key]);
  return copy as T;
}
