import { unrefTimer } from '../util/dispose.js';
import type { ThreadChange } from './thread-types.js';

/**
 * Tells the other tabs of this origin about a store's changes over a `BroadcastChannel` (where there is one), and
 * hears theirs. A tab does not hear its own messages.
 */
export interface ChangeChannel {
  post(change: ThreadChange): void;
  subscribe(listener: (change: ThreadChange) => void): () => void;
}

function isChange(value: unknown): value is ThreadChange {
  if (!value || typeof value !== 'object') return false;
  const change = value as { type?: unknown; id?: unknown; thread?: { id?: unknown } };
  return (change.type === 'remove' && typeof change.id === 'string') || (change.type === 'upsert' && typeof change.thread?.id === 'string');
}

/** A change channel named `name`; without `BroadcastChannel` (Node before 18, old browsers) it tells no one. */
export function changeChannel(name: string): ChangeChannel {
  const listeners = new Set<(change: ThreadChange) => void>();
  let channel: BroadcastChannel | null = null;
  const open = () => {
    if (channel || typeof BroadcastChannel === 'undefined') return channel;
    // Node's channel would keep the process alive until closed: unref'd, a script that forgets dispose() still exits.
    channel = unrefTimer(new BroadcastChannel(name));
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isChange(event.data)) for (const listener of listeners) listener(event.data);
    };
    return channel;
  };
  return {
    post: (change) => open()?.postMessage(change),
    subscribe(listener) {
      listeners.add(listener);
      open();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && channel) {
          channel.close();
          channel = null;
        }
      };
    },
  };
}
