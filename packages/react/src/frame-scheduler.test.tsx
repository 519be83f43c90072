import { AgentChatError, createAgentChat, type AgentEvent, type ChatStatus } from '@agent-chat/core';
import { Profiler, useLayoutEffect } from 'react';
import { fakeFrameClock, fedTransport, type FedTransport, type FrameClock } from '@agent-chat/testing';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastText, macrotask, mount, textDeltas } from '../test/harness.js';
import { useAgentChat, useAgentChatSelector, type Throttle, type UseAgentChatResult } from './index.js';

interface Commit {
  text: string;
  status: ChatStatus;
  isThinking: boolean;
}

/** Feeds each event in a macrotask of its own (each its own store update), then ends the turn. */
async function play(fed: FedTransport, events: AgentEvent[]) {
  for (const event of events) {
    fed.feed([event]);
    await macrotask();
  }
  fed.end();
}

/** Renders the hook, pushing every render and every commit into arrays (TanStack style). */
async function renderProbe(throttle?: Throttle, renderCost = 0) {
  const renders: Commit[] = [];
  const commits: Commit[] = [];
  // The clock's time at each commit (renders' costs included).
  const times: number[] = [];
  const fed = fedTransport();
  let hook!: UseAgentChatResult;
  function Probe() {
    hook = useAgentChat({ transport: fed.transport, ...(throttle !== undefined ? { throttle } : {}) });
    const seen = { text: lastText(hook.messages), status: hook.status, isThinking: hook.isThinking };
    renders.push(seen);
    spend(renderCost);
    useLayoutEffect(() => {
      commits.push(seen);
      times.push(performance.now());
    });
    return null;
  }
  const mounted = await mount(<Probe />);
  renders.length = 0;
  commits.length = 0;
  times.length = 0;
  return { renders, commits, times, fed, hook: () => hook, ...mounted };
}

/** Sends, then `perFrame` deltas per frame (each its own store update, in its own macrotask) and a frame, then the turn end. */
async function sendAcrossFrames<T>(fed: FedTransport, send: () => Promise<T>, frames: number, perFrame: number): Promise<T> {
  const sending = send();
  for (let frame = 0; frame < frames; frame++) {
    for (const delta of textDeltas(perFrame, frame * perFrame)) {
      fed.feed([delta]);
      await macrotask();
    }
    clock.nextFrame();
  }
  await play(fed, [{ type: 'turn-end', finishReason: 'stop' }]);
  return sending;
}

let clock: FrameClock;
// Main-thread time spent by renders: the clock (performance.now) runs this far ahead of the fake frames and timers, as
// if each render had taken that long.
let spent = 0;
const spend = (ms: number) => void (spent += ms);

const expectedText = (count: number) => textDeltas(count).map((event) => (event as { text: string }).text).join('');

/**
 * Frames, timers and the clock fake for the enclosing describe's tests (the scheduler waits out an interval on a timer;
 * setImmediate stays real), the clock `spent` ms ahead of them; `after` runs before they are restored.
 */
function withFakeFrames(after?: () => void): void {
  beforeEach(() => {
    clock = fakeFrameClock(vi);
    spent = 0;
    const now = performance.now.bind(performance);
    vi.spyOn(performance, 'now').mockImplementation(() => now() + spent);
  });
  afterEach(() => {
    after?.();
    vi.restoreAllMocks();
    clock.restore();
  });
}

describe('commit coalescing', () => {
  withFakeFrames();

  it("2,000 deltas across 20 frames give at most 21 commits with throttle 'frame', and the exact text", async () => {
    const probe = await renderProbe('frame');
    const response = await sendAcrossFrames(probe.fed, () => probe.hook().send('go'), 20, 100);
    await macrotask();
    expect(response.text).toBe(expectedText(2000));
    expect(probe.commits.length).toBeLessThanOrEqual(21);
    expect(probe.renders.length).toBe(probe.commits.length);
    // One commit per frame while streaming, each showing every delta received so far; then the turn end at once.
    expect(probe.commits.slice(0, 20).map((commit) => commit.text.length)).toEqual(Array.from({ length: 20 }, (_, index) => (index + 1) * 100));
    expect(probe.commits.at(-1)).toEqual({ text: expectedText(2000), status: 'ready', isThinking: false });
    await probe.unmount();
  });

  it("by default ('auto', commits that cost nothing), one commit per 50 ms while streaming: every third frame, the first change at the next frame, the turn end at once", async () => {
    const probe = await renderProbe();
    const response = await sendAcrossFrames(probe.fed, () => probe.hook().send('go'), 20, 100);
    await macrotask();
    expect(response.text).toBe(expectedText(2000));
    // Frames come every 16 ms here: commits at frames 1, 4, 7 … 19 (each with every delta so far), then the turn end.
    expect(probe.commits.map((commit) => commit.text.length)).toEqual([100, 400, 700, 1000, 1300, 1600, 1900, 2000]);
    expect(probe.renders.length).toBe(probe.commits.length);
    expect(probe.commits.at(-1)).toEqual({ text: expectedText(2000), status: 'ready', isThinking: false });
    await probe.unmount();
  });

  it('waiting out the 50 ms, it asks for no animation frame: one frame request per commit while streaming', async () => {
    const probe = await renderProbe();
    const frameRequests = vi.spyOn(globalThis, 'requestAnimationFrame');
    await sendAcrossFrames(probe.fed, () => probe.hook().send('go'), 20, 100);
    await macrotask();
    // Seven commits while streaming (frames 1, 4 … 19), each after one frame request; a frame asked for while nothing
    // is due still makes the browser run a frame (before: one request at every one of the 20 frames).
    expect(probe.commits.map((commit) => commit.text.length)).toEqual([100, 400, 700, 1000, 1300, 1600, 1900, 2000]);
    expect(frameRequests).toHaveBeenCalledTimes(7);
    await probe.unmount();
  });

  it('components sharing one chat still commit together, in the same frames (counted with React.Profiler)', async () => {
    const fed = fedTransport();
    const chat = createAgentChat({ transport: fed.transport });
    const commits: string[] = [];
    function Reader() {
      const { messages } = useAgentChat({ chat });
      return <p>{lastText(messages)}</p>;
    }
    const view = await mount(
      <Profiler id="chat" onRender={(_id, phase) => commits.push(phase)}>
        <Reader />
        <Reader />
        <Reader />
      </Profiler>,
    );
    commits.length = 0;
    const frameRequests = vi.spyOn(globalThis, 'requestAnimationFrame');
    await sendAcrossFrames(fed, () => chat.send('go'), 5, 40);
    await macrotask();
    // One animation frame for the three readers at each flush, none while they wait out the 50 ms (a timer does); they
    // commit together at frames 1 and 4 (50 ms apart), then at the turn end.
    expect(frameRequests).toHaveBeenCalledTimes(2);
    expect(commits).toEqual(Array(3).fill('update'));
    expect(document.body.textContent).toBe(expectedText(200).repeat(3));
    await view.unmount();
  });

  it('useAgentChatSelector commits at the same cadence, in the same commits as useAgentChat', async () => {
    const fed = fedTransport();
    const chat = createAgentChat({ transport: fed.transport });
    const commits: Array<{ hook: number; selected: number }> = [];
    function Probe() {
      const hook = lastText(useAgentChat({ chat }).messages).length;
      // A selection that changes on every token: only the frame keeps it from re-rendering 2,000 times.
      const selected = useAgentChatSelector(chat, (state) => lastText(state.messages).length);
      useLayoutEffect(() => {
        commits.push({ hook, selected });
      });
      return null;
    }
    const view = await mount(<Probe />);
    commits.length = 0;
    await sendAcrossFrames(fed, () => chat.send('go'), 20, 100);
    await macrotask();
    // Never a commit where the selector and the hook saw different states: they publish in the same frames.
    expect(commits.every((commit) => commit.hook === commit.selected)).toBe(true);
    expect(commits.map((commit) => commit.selected)).toEqual([100, 400, 700, 1000, 1300, 1600, 1900, 2000]);
    expect(commits.at(-1)).toEqual({ hook: 2000, selected: 2000 });
    await view.unmount();
  });

  it('with throttle: false, one commit per delta', async () => {
    const probe = await renderProbe(false);
    await sendAcrossFrames(probe.fed, () => probe.hook().send('go'), 20, 100);
    await macrotask();
    const grew = probe.commits.filter((commit, index) => commit.text.length === (probe.commits[index - 1]?.text.length ?? 0) + 1);
    expect(grew.length).toBe(2000);
    // The turn start, 2,000 deltas, the turn end.
    expect(probe.commits.length).toBe(2002);
    expect(probe.commits.at(-1)).toEqual({ text: expectedText(2000), status: 'ready', isThinking: false });
    await probe.unmount();
  });

  it('a number throttles to one commit per that many ms: the frame asked for once that many ms (less a quarter frame) have passed', async () => {
    // 16 ms frames: 25 ms is every second frame; 100 ms every seventh (its wait ends on a frame's start, 96 ms after
    // the last: the frame after it); the turn end at once.
    for (const [throttle, lengths] of [[25, [100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 1900, 2000]], [100, [100, 800, 1500, 2000]]] as const) {
      const probe = await renderProbe(throttle);
      await sendAcrossFrames(probe.fed, () => probe.hook().send('go'), 20, 100);
      await macrotask();
      expect(probe.commits.map((commit) => commit.text.length)).toEqual(lengths);
      expect(probe.commits.at(-1)).toEqual({ text: expectedText(2000), status: 'ready', isThinking: false });
      await probe.unmount();
    }
  });

  it('the turn end, an error and interrupts flush at once, without waiting for a frame', async () => {
    const interrupt: AgentEvent = {
      type: 'tool-request',
      part: { toolRequest: { name: 'confirm', ref: 'c1', input: {} }, metadata: { interrupt: true } },
    };
    const probe = await renderProbe();
    // No animation frame ever runs in this test: every commit below is a flush at once.
    const one = probe.hook().send('one');
    await play(probe.fed, [...textDeltas(3), { type: 'error', error: new AgentChatError('server-error', 'boom') }, { type: 'turn-end', finishReason: 'failed' }]);
    await one;
    await macrotask();
    // The error event (mid-turn, still streaming), then the turn end.
    expect(probe.commits.map((commit) => commit.status)).toEqual(['streaming', 'error']);
    expect(probe.hook().error?.code).toBe('server-error');
    expect(probe.commits.at(-1)).toMatchObject({ text: '012', isThinking: false });
    const two = probe.hook().send('two');
    await play(probe.fed, [...textDeltas(3), interrupt, { type: 'turn-end', finishReason: 'interrupted' }]);
    await two;
    await macrotask();
    expect(probe.hook().interrupts).toHaveLength(1);
    expect(probe.hook().finishReason).toBe('interrupted');
    expect(lastText(probe.hook().messages)).toBe('012');
    await probe.unmount();
  });
});

describe("the render budget (throttle: 'auto', the default)", () => {
  // The measuring part is a chunk of its own, loaded by the first deferred change: imported here first, so that the
  // scheduler's own import finds it loaded and measures from the first commit (the next describe tests the loading).
  beforeAll(() => import('./render-budget.js'));
  withFakeFrames();

  /** The commits while streaming `frames` frames of 100 deltas each, in hundreds of deltas (the frame they landed on), and the turn end. */
  async function framesOfCommits(throttle: Throttle | undefined, renderCost: number, frames: number) {
    const probe = await renderProbe(throttle, renderCost);
    const response = await sendAcrossFrames(probe.fed, () => probe.hook().send('go'), frames, 100);
    await macrotask();
    expect(response.text).toBe(expectedText(frames * 100));
    expect(probe.commits.at(-1)).toEqual({ text: expectedText(frames * 100), status: 'ready', isThinking: false });
    const gaps = probe.times.slice(1, -1).map((at, index) => at - probe.times[index]!);
    await probe.unmount();
    return { frames: probe.commits.map((commit) => commit.text.length / 100), gaps };
  }

  it('commits of up to 5 ms (a tenth of 50) keep one per 50 ms, every third frame, as a fixed 50', async () => {
    const fixed = await framesOfCommits(50, 0, 20);
    expect(fixed.frames).toEqual([1, 4, 7, 10, 13, 16, 19, 20]);
    for (const cost of [0, 2, 5]) expect((await framesOfCommits(undefined, cost, 20)).frames).toEqual(fixed.frames);
    expect((await framesOfCommits('auto', 5, 20)).frames).toEqual(fixed.frames);
  });

  it('costlier commits stretch the interval to ten times their cost (the median of the last five): 10 ms → one per 100 ms', async () => {
    const { frames, gaps } = await framesOfCommits(undefined, 10, 40);
    // The first three commits 50 ms apart (the median of five costs counts the ones not measured yet as free), then
    // 100: six frames (96 ms) and the render's 10 ms.
    expect(frames).toEqual([1, 4, 7, 13, 19, 25, 31, 37, 40]);
    expect(gaps.slice(3)).toEqual(Array(4).fill(106));
  });

  it('stretched at most to 150 ms: 40 ms commits are 150 ms apart, not 400', async () => {
    const { frames, gaps } = await framesOfCommits(undefined, 40, 40);
    // 50 ms after a 40 ms render is the next frame; once three costs are in, seven frames (112 ms) and the 40 ms.
    expect(frames).toEqual([1, 2, 3, 10, 17, 24, 31, 38, 40]);
    expect(gaps.slice(3)).toEqual(Array(4).fill(152));
  });

  it('a number stays a fixed interval however costly the commits (deterministic): 100 ms with 40 ms renders', async () => {
    const { gaps } = await framesOfCommits(100, 40, 40);
    // Four frames and the 40 ms render: 104 ms, never stretched.
    expect(gaps).toEqual(Array(gaps.length).fill(104));
    expect(gaps.length).toBe(9);
  });

  it('however costly the commits, the first change after a quiet spell shows at the next frame and the turn end at once; a quiet second forgets the costs', async () => {
    const probe = await renderProbe(undefined, 40);
    const sending = probe.hook().send('go');
    const frameOf = async (deltas: number, from: number) => {
      for (const delta of textDeltas(deltas, from)) {
        probe.fed.feed([delta]);
        await macrotask();
      }
      clock.nextFrame();
      await macrotask();
    };
    for (let frame = 0; frame < 20; frame++) await frameOf(10, frame * 10);
    // Stretched to 150 ms by now (as above).
    expect(probe.times.at(-1)! - probe.times.at(-2)!).toBe(152);
    // A quiet spell (a tool runs): what was pending shows 150 ms after the last commit; 1.5 s on, one token shows at the
    // next frame.
    clock.advance(1500);
    await macrotask();
    expect(probe.commits.at(-1)!.text).toBe(expectedText(200));
    const streamed = probe.commits.length;
    await frameOf(1, 200);
    expect(probe.commits.length).toBe(streamed + 1);
    expect(probe.commits.at(-1)!.text).toBe(expectedText(201));
    // The costs from before more than a second without commits no longer count: the next changes 50 ms apart again (the first frame after
    // 50 ms less the render's 40: the next one), until three new costs are in.
    await frameOf(1, 201);
    expect(probe.commits.length).toBe(streamed + 2);
    // The turn end, with deltas pending, at once: no frame runs.
    probe.fed.feed(textDeltas(5, 202));
    await macrotask();
    await play(probe.fed, [{ type: 'turn-end', finishReason: 'stop' }]);
    await sending;
    await macrotask();
    expect(probe.commits.at(-1)).toEqual({ text: expectedText(207), status: 'ready', isThinking: false });
    await probe.unmount();
  });
});

describe("the render budget's chunk, loaded on use", () => {
  withFakeFrames(() => {
    vi.doUnmock('./render-budget.js');
    vi.resetModules();
  });

  it('is loaded by the first change deferred while a turn runs; until it is there commits are 50 ms apart, then costly ones stretch', async () => {
    // A scheduler of its own (a fresh module), whose chunk arrives when the test says so.
    vi.resetModules();
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let asked = 0;
    vi.doMock('./render-budget.js', async (importOriginal: () => Promise<unknown>) => {
      asked++;
      await arrived;
      return importOriginal();
    });
    const { coalesceStore } = await import('./frame-scheduler.js');
    const fed = fedTransport();
    const chat = createAgentChat({ transport: fed.transport });
    const store = coalesceStore(chat, 'auto');
    // Each commit costs 40 ms of the main thread (the listener stands for React's render).
    const times: number[] = [];
    const unsubscribe = store.subscribe(() => {
      times.push(performance.now());
      spend(40);
    });
    await macrotask();
    // No turn yet: nothing loaded.
    expect(asked).toBe(0);
    const sending = chat.send('go');
    const frames = async (count: number, from: number) => {
      for (let frame = 0; frame < count; frame++) {
        fed.feed(textDeltas(1, from + frame));
        await macrotask();
        clock.nextFrame();
        await macrotask();
      }
    };
    await frames(10, 0);
    expect(asked).toBe(1);
    // Not there: the floor, 50 ms (the first frame after 50 ms less the 40 ms render: every frame), however costly.
    const before = times.slice(1).map((at, index) => at - times[index]!);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.every((gap) => gap < 60)).toBe(true);
    arrive();
    // The scheduler's import and this one are the same module: loaded once this one is.
    await import('./render-budget.js');
    await macrotask();
    const loaded = times.length;
    await frames(60, 10);
    // There: measured from its first commit on, three 40 ms costs stretch the interval to its ceiling, 150 ms.
    const after = times.slice(loaded).map((at, index) => at - times[loaded + index - 1]!);
    expect(after.slice(3)).toEqual(Array(after.length - 3).fill(152));
    expect(after.length).toBeGreaterThanOrEqual(7);
    fed.feed([{ type: 'turn-end', finishReason: 'stop' }]);
    fed.end();
    await sending;
    unsubscribe();
  });
});
