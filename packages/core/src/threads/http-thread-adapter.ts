import { unrefTimer } from '../util/dispose.js';
import { AgentChatError, httpErrorCode } from '../model/error.js';
import { resolveHeaders } from '../transport/http-transport.js';
import type { HeadersOption } from '../transport/transport.js';
import { changeChannel } from './broadcast-changes.js';
import { isThreadSummary } from './thread-summary-check.js';
import type { ThreadAdapter, ThreadPage, ThreadSummary } from './thread-types.js';

/** Options of {@link httpThreadAdapter}. */
export interface HttpThreadAdapterOptions {
  /** The threads collection, e.g. `/api/threads`. */
  url: string;
  /** Sent with every request (the app's auth, which names the user). */
  headers?: HeadersOption;
  /** A fetch implementation; defaults to the global one, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * Read the list again when the window is focused or the page shown again (default true), as TanStack Query's
   * `refetchOnWindowFocus`: what another browser or device of the same user changed shows there.
   */
  refetchOnFocus?: boolean;
  /** Also read it again every this many ms while the page is visible (default: never). */
  refetchInterval?: number;
}

/**
 * Threads kept by a server (`GET/POST <url>`, `GET/PATCH/DELETE <url>/:id`, as the kit's agent server serves them):
 * the conversations themselves are the server's sessions, restored from it. Changes are told to this browser's other
 * tabs over a BroadcastChannel; another browser's show when this one's window is focused or shown again, or every
 * `refetchInterval` ms.
 */
export function httpThreadAdapter(options: HttpThreadAdapterOptions): ThreadAdapter {
  const channel = changeChannel(`agent-chat-threads-http:${options.url}`);
  const request = async (path: string, init: { method: string; body?: unknown }, missing?: 'null'): Promise<unknown> => {
    const headers = await resolveHeaders(options.headers, init.body === undefined ? {} : { 'content-type': 'application/json' });
    const response = await (options.fetch ?? fetch)(`${options.url}${path}`, {
      method: init.method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (response.status === 404 && missing) return null;
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new AgentChatError(httpErrorCode(response.status), `${init.method} ${options.url}${path} answered ${response.status}${detail ? `: ${detail.slice(0, 200)}` : ''}`, { status: response.status });
    }
    return response.status === 204 ? null : response.json();
  };
  const summaryOf = (value: unknown): ThreadSummary => {
    const thread = (value as { thread?: unknown } | null)?.thread;
    if (!isThreadSummary(thread)) throw new AgentChatError('http-error', `${options.url} answered with something that is not a thread.`);
    return thread;
  };
  const path = (id: string) => `/${encodeURIComponent(id)}`;
  const adapter: ThreadAdapter = {
    async list({ cursor, limit }) {
      const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
      const page = (await request(`?${query}`, { method: 'GET' })) as Partial<ThreadPage> | null;
      return { threads: (page?.threads ?? []).filter(isThreadSummary), cursor: typeof page?.cursor === 'string' ? page.cursor : null };
    },
    async get(id) {
      const value = await request(path(id), { method: 'GET' }, 'null');
      return value === null ? null : summaryOf(value);
    },
    async save(thread) {
      const { id, ...fields } = thread;
      // A thread the server does not have yet is created; then it is one PATCH per change.
      const updated = await request(path(id), { method: 'PATCH', body: fields }, 'null');
      if (updated === null) await request('', { method: 'POST', body: thread });
      channel.post({ type: 'upsert', thread });
    },
    async remove(id) {
      await request(path(id), { method: 'DELETE' }, 'null');
      channel.post({ type: 'remove', id });
    },
    // Tabs of other users may share the channel: a change counts once the server shows it to this user.
    subscribe: (listener) => channel.subscribe((change) => {
      if (change.type === 'remove') return listener(change);
      adapter.get(change.thread.id).then((thread) => thread && listener({ type: 'upsert', thread }), () => {});
    }),
    watch(refresh) {
      const page = typeof document === 'undefined' ? null : document;
      const visible = () => page?.visibilityState !== 'hidden';
      const onShown = () => {
        if (visible()) refresh();
      };
      const onFocus = options.refetchOnFocus !== false && page && typeof window !== 'undefined';
      if (onFocus) {
        window.addEventListener('focus', onShown);
        page.addEventListener('visibilitychange', onShown);
      }
      const every = options.refetchInterval;
      const timer = every && every > 0 ? unrefTimer(setInterval(onShown, every)) : undefined;
      return () => {
        if (onFocus) {
          window.removeEventListener('focus', onShown);
          page.removeEventListener('visibilitychange', onShown);
        }
        clearInterval(timer);
      };
    },
  };
  return adapter;
}
