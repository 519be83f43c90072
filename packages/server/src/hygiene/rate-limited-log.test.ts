import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rateLimitedLog } from './rate-limited-log.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rateLimitedLog', () => {
  it('writes the first N lines of a window, then one "suppressed K" line when the window ends', () => {
    const written: string[] = [];
    const log = rateLimitedLog((line) => written.push(line), { maxLines: 5, windowMs: 60_000 });
    for (let i = 0; i < 1000; i++) log(`bad request ${i}`);
    expect(written).toEqual(['bad request 0', 'bad request 1', 'bad request 2', 'bad request 3', 'bad request 4']);
    vi.advanceTimersByTime(59_999);
    expect(written).toHaveLength(5);
    vi.advanceTimersByTime(1);
    expect(written.at(-1)).toBe('[agent-chat] suppressed 995 log lines in the last 60s');

    // A new window writes again, and a quiet one adds no summary.
    log('later');
    expect(written.at(-1)).toBe('later');
    vi.advanceTimersByTime(60_000);
    expect(written).toHaveLength(7);
  });

  it('cuts long entries, so N entries cost at most N × maxChars', () => {
    const written: string[] = [];
    const log = rateLimitedLog((line) => written.push(line), { maxLines: 3, maxChars: 100 });
    for (let i = 0; i < 50; i++) log('x'.repeat(50_000));
    expect(written).toHaveLength(3);
    expect(written.every((line) => line === `${'x'.repeat(100)}…`)).toBe(true);
  });
});
