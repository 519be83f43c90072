import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** One macrotask. */
export const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Waits until `check` passes (or throws its last error after `timeoutMs`: 10 s, as Testing Library's waits in
 * test/setup.ts, for a loaded machine).
 */
export async function until(check: () => void, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/**
 * Mounts with `createRoot` outside `act`, so React schedules and commits as in an app (one commit per frame while a
 * turn streams): the way to count renders that also holds in production React.
 */
export function mount(element: ReactNode): { container: HTMLElement; root: Root; unmount: () => void } {
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(element));
  return {
    container,
    root,
    unmount() {
      root.unmount();
      container.remove();
    },
  };
}
