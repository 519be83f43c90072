// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpThreadAdapter } from './http-thread-adapter.js';

const hidden = (value: boolean) => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
afterEach(() => {
  hidden(false);
  vi.useRealTimers();
});

describe('httpThreadAdapter watch (another browser\'s changes reach no BroadcastChannel)', () => {
  it('asks for a refresh when the window is focused or the page shown again, not while it is hidden', () => {
    const refresh = vi.fn();
    const stop = httpThreadAdapter({ url: '/api/threads' }).watch!(refresh);
    window.dispatchEvent(new Event('focus'));
    expect(refresh).toHaveBeenCalledTimes(1);
    hidden(true);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).toHaveBeenCalledTimes(1);
    hidden(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new Event('focus'));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refetchOnFocus: false hears no focus; refetchInterval polls while the page is visible', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const refresh = vi.fn();
    const stop = httpThreadAdapter({ url: '/api/threads', refetchOnFocus: false, refetchInterval: 1000 }).watch!(refresh);
    window.dispatchEvent(new Event('focus'));
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(refresh).toHaveBeenCalledTimes(2);
    hidden(true);
    vi.advanceTimersByTime(3000);
    expect(refresh).toHaveBeenCalledTimes(2);
    hidden(false);
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});
