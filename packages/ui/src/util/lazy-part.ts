import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';

/** What `React.lazy` loads: a module whose default export is the component. */
interface LoadedModule<T> {
  default: T;
}

/**
 * For `React.lazy` when the module is already loaded: a thenable that calls back at once, so the lazy component
 * renders in the same pass instead of suspending once (React reads a lazy module's status right after `then`).
 */
function loadNow<T>(value: T): Promise<LoadedModule<T>> {
  const thenable = { then: (resolve: (module: LoadedModule<T>) => void) => resolve({ default: value }) };
  return thenable as unknown as Promise<LoadedModule<T>>;
}

/** A part in a chunk of its own: `preload()` starts loading it, `Component` renders it (under a `Suspense`). */
export interface LazyPart<P> {
  /** Loads the chunk once; a failed load is tried again at the next call. */
  preload: () => Promise<void>;
  /** The part, `React.lazy`: suspends until the chunk is there, renders at once if it already is, `failed` if it cannot load. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** The part under a `Suspense` of its own whose fallback is `failed` with the same props (the plain part, or nothing). */
  Lazy: (props: P) => ReactElement;
}

/**
 * A part loaded on demand. `load` is the `import()` (literal, so bundlers split it off); `pick` takes the component
 * from the module; `failed` renders instead when the chunk cannot load (the part's plain fallback).
 */
export function lazyPart<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, failed: ComponentType<P>): LazyPart<P> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const start = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy((): Promise<LoadedModule<ComponentType<P>>> => (loaded
    ? loadNow(pick(loaded))
    : start().then((module) => ({ default: pick(module) }), () => ({ default: failed }))));
  // One wrapper for every part (each used to write its own): the chunk's part, the plain one while it loads.
  const element = (type: ComponentType<P>, props: P) => createElement(type as ComponentType<object>, props as object);
  const Lazy = (props: P) => createElement(Suspense, { fallback: element(failed, props) }, element(Component, props));
  return { preload: () => start().then(() => undefined), Component, Lazy };
}
