import { textOf, type AgentEvent, type Message } from '@agent-chat/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** One macrotask; `setImmediate`, which the tests' fake timers leave real. */
export const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Mounts with `createRoot` outside `act`, so React schedules and commits exactly as in an app:
 * the way to count commits (a layout-effect counter) that holds in production React too.
 */
export async function mount(element: ReactNode): Promise<{ root: Root; unmount: () => Promise<void> }> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(element));
  await macrotask();
  return {
    root,
    async unmount() {
      root.unmount();
      container.remove();
      await macrotask();
    },
  };
}

/** `count` text deltas of one model message: '0', '1', … '9', '0', … */
export function textDeltas(count: number, from = 0): AgentEvent[] {
  return Array.from({ length: count }, (_, index): AgentEvent => ({ type: 'text-delta', text: String((from + index) % 10), messageKey: 'm' }));
}

/** The text of the last model message ('' before there is one). */
export function lastText(messages: readonly Message[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]!.role === 'model') return textOf(messages[index]!.content);
  }
  return '';
}
