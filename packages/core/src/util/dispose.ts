// `await using` support without raising the lib the packages compile against: the well-known symbol's type (as
// TypeScript's lib esnext.disposable and @types/node declare it) and its value where the runtime lacks it.

declare global {
  interface SymbolConstructor {
    /** The method `await using` calls when its block ends (explicit resource management). */
    readonly asyncDispose: unique symbol;
  }
}

/** `Symbol.asyncDispose` (Node 20+, current browsers); elsewhere the registered symbol polyfills use, so nothing throws. */
export const asyncDispose: typeof Symbol.asyncDispose = (Symbol.asyncDispose ?? Symbol.for('Symbol.asyncDispose')) as typeof Symbol.asyncDispose;

/** Lets a timer not keep a Node process alive (browsers' numeric timers have nothing to unref). */
export function unrefTimer<T>(timer: T): T {
  (timer as { unref?: () => void } | undefined)?.unref?.();
  return timer;
}
