// @vitest-environment jsdom
import { createAgentChat, textOf } from '@agent-chat/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFrameClock, fedTransport, type FrameClock } from './index.js';

let clock: FrameClock | undefined;
afterEach(() => clock?.restore());

describe('fakeFrameClock', () => {
  it('runs animation frames and timers only when the test moves it; performance.now() is its time', async () => {
    clock = fakeFrameClock(vi);
    const seen: string[] = [];
    const start = performance.now();
    requestAnimationFrame(() => seen.push(`frame at ${performance.now() - start}`));
    setTimeout(() => seen.push('timer'), 40);
    let immediate = false;
    setImmediate(() => (immediate = true));
    await clock.settle(1);
    // setImmediate is real: the chat's own work goes on between frames.
    expect(immediate).toBe(true);
    expect(seen).toEqual([]);
    clock.nextFrame();
    expect(seen).toEqual(['frame at 16']);
    clock.advance(24);
    expect(seen).toEqual(['frame at 16', 'timer']);
    clock.restore();
    clock = undefined;
    const real = await new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0));
    expect(real).toBe(true);
  });
});

describe('fedTransport', () => {
  it('plays what the test feeds, one read per feed, and ends the turn on end(); the next turn plays what comes after', async () => {
    const fed = fedTransport();
    const chat = createAgentChat({ transport: fed.transport });
    const last = () => textOf(chat.getState().messages.at(-1)!.content);
    const sent = chat.send('hi');
    fed.feed([{ type: 'text-delta', text: 'Hel', messageKey: 'm' }]);
    await vi.waitFor(() => expect(last()).toBe('Hel'));
    expect(chat.getState().status).toBe('streaming');
    fed.feed([{ type: 'text-delta', text: 'lo', messageKey: 'm' }, { type: 'text-delta', text: '.', messageKey: 'm' }]);
    fed.feed([{ type: 'turn-end', finishReason: 'stop' }]);
    fed.end();
    expect((await sent).finishReason).toBe('stop');
    expect(last()).toBe('Hello.');
    const next = chat.send('again');
    fed.feed([{ type: 'text-delta', text: 'Again.', messageKey: 'n' }, { type: 'turn-end', finishReason: 'stop' }]);
    fed.end();
    expect((await next).finishReason).toBe('stop');
    expect(last()).toBe('Again.');
  });
});
