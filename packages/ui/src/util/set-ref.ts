import type { Ref } from 'react';

/** Hands `value` to a ref of either kind (a callback, or an object's `current`); nothing for none. */
export function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
