/**
 * Browser notifications for background runs (`createThreadList({ backgroundRuns: { notify: true } })`): a thread whose
 * turn ends, or asks for an answer, while the page is hidden shows a `Notification`; clicking it shows the thread. The
 * permission is asked when a run first goes to the background (a thread switch: a user's gesture), never at load.
 */
import type { ThreadSummary } from './thread-types.js';

/** Why a thread needs the user: its background run ended (`unread`) or waits for an answer (`needsYou`). */
export type RunNotificationKind = 'unread' | 'needsYou';

/** A notification's text, from the thread and why it is shown (default: its title; its preview or "Waiting for your answer"). */
export type RunNotificationText = (thread: ThreadSummary, kind: RunNotificationKind) => { title: string; body?: string };

/** `backgroundRuns` as an object: how many, and whether a hidden page notifies. */
export interface BackgroundRunOptions {
  /** How many threads may go on answering while another one is shown (default 3). */
  max?: number;
  /** A browser notification when a background run ends or needs an answer while the page is hidden (default false); a function gives its text. */
  notify?: boolean | RunNotificationText;
}

interface NotificationLike {
  onclick: ((this: unknown, event: unknown) => unknown) | null;
  close(): void;
}
interface NotificationApi {
  readonly permission: 'default' | 'denied' | 'granted';
  requestPermission(): Promise<string>;
  new (title: string, options?: { body?: string; tag?: string }): NotificationLike;
}

const defaultText: RunNotificationText = (thread, kind) => ({
  title: thread.title || 'New answer',
  ...(kind === 'needsYou' ? { body: 'Waiting for your answer' } : thread.preview ? { body: thread.preview } : {}),
});

const api = () => (globalThis as { Notification?: NotificationApi }).Notification;

/** The notifier of a thread list (null when `notify` is off). */
export function runNotifications(notify: BackgroundRunOptions['notify'], show: (id: string) => void) {
  if (!notify) return null;
  const text = typeof notify === 'function' ? notify : defaultText;
  return {
    /** A run went to the background (in a user's gesture): ask for the permission once, if nobody did yet. */
    ask(): void {
      const Notification = api();
      if (Notification?.permission === 'default') void Notification.requestPermission().catch(() => undefined);
    },
    /** The thread's background run ended: a notification, when the page is hidden and notifications are allowed. */
    tell(thread: ThreadSummary | undefined, kind: RunNotificationKind): void {
      const Notification = api();
      const page = (globalThis as { document?: { visibilityState?: string } }).document;
      if (!thread || !Notification || Notification.permission !== 'granted' || page?.visibilityState !== 'hidden') return;
      const { title, body } = text(thread, kind);
      const shown = new Notification(title, { tag: `agent-chat/${thread.id}`, ...(body ? { body } : {}) });
      shown.onclick = () => {
        (globalThis as { focus?: () => void }).focus?.();
        show(thread.id);
        shown.close();
      };
    },
  };
}
