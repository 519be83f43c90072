/**
 * The values a chat made with `persist()` keeps with its conversation under names of their own (the composer's draft,
 * the message queue), for the parts that keep them. Apart from persist.ts so that a binding reads them (a chat without
 * `persist()` has none) without shipping the feature.
 */

/** Values kept with a conversation by `persist()`: `persistedValues(chat)`. */
export interface PersistedValues {
  /** A value kept with the conversation (undefined when none). */
  get<T>(name: string): T | undefined;
  /** Keeps a value with the conversation (undefined removes it); written with the next save. */
  set(name: string, value: unknown): void;
  /** Settles once the kept conversation was restored (or there was none to restore): kept values are readable then. */
  readonly restored: Promise<void>;
}

const VALUES = new WeakMap<object, PersistedValues>();

/** The values `persist()` keeps with `chat`'s conversation; null for a chat without `persist()`. */
export function persistedValues(chat: object): PersistedValues | null {
  return VALUES.get(chat) ?? null;
}

/** `persist()`'s side: the values of `chat`. */
export function keepValues(chat: object, values: PersistedValues): void {
  VALUES.set(chat, values);
}
