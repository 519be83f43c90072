import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-queue.js';

/** A turn that waits until released (or aborted) and records its order. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const turn = async (signal: AbortSignal) => {
    log.push(`start ${name}`);
    await Promise.race([released, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
    log.push(`${signal.aborted ? 'aborted' : 'end'} ${name}`);
    return name;
  };
  return { turn, release };
}

describe('turn queue', () => {
  it('starts an idle turn at once and runs queued turns one at a time, in call order', async () => {
    const log: string[] = [];
    const queue = createTurnQueue();
    const a = gate(log, 'a');
    const b = gate(log, 'b');
    const first = queue.run(a.turn, () => 'dropped');
    const second = queue.run(b.turn, () => 'dropped');
    expect(log).toEqual(['start a']);
    expect(queue.busy).toBe(true);
    b.release();
    a.release();
    expect(await first).toBe('a');
    expect(await second).toBe('b');
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(queue.busy).toBe(false);
  });

  it('cancel aborts the running turn, drops the queued one and bumps the generation; later turns run', async () => {
    const log: string[] = [];
    const queue = createTurnQueue();
    const a = gate(log, 'a');
    const first = queue.run(a.turn, () => 'dropped a');
    const second = queue.run(gate(log, 'b').turn, () => 'dropped b');
    expect(queue.generation).toBe(0);
    queue.cancel();
    expect(queue.generation).toBe(1);
    expect(await first).toBe('a');
    expect(await second).toBe('dropped b');
    const c = gate(log, 'c');
    const third = queue.run(c.turn, () => 'dropped c');
    c.release();
    expect(await third).toBe('c');
    expect(log).toEqual(['start a', 'aborted a', 'start c', 'end c']);
  });

  it('the caller\'s signal aborts its running turn, or drops it while queued, and a failed turn does not block the next', async () => {
    const log: string[] = [];
    const queue = createTurnQueue();
    const failing = queue.run(async () => {
      throw new Error('boom');
    }, () => 'dropped');
    await expect(failing).rejects.toThrow('boom');

    const running = new AbortController();
    const queued = new AbortController();
    const a = gate(log, 'a');
    const first = queue.run(a.turn, () => 'dropped a', running.signal);
    const second = queue.run(gate(log, 'b').turn, () => 'dropped b', queued.signal);
    queued.abort();
    running.abort();
    expect(await first).toBe('a');
    expect(await second).toBe('dropped b');
    expect(log).toEqual(['start a', 'aborted a']);
  });
});
