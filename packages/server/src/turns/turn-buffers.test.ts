import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { TurnBuffers, TurnGapError, type Turn } from './turn-buffers.js';

const started = (buffers: TurnBuffers, sessionId?: string): Turn => {
  const result = buffers.start('/api/test', sessionId);
  if (!('turn' in result)) throw new Error('expected a new turn');
  return result.turn;
};

async function collect(frames: AsyncIterable<{ seq: number; data: string }>, limit = Infinity) {
  const out: Array<{ seq: number; data: string }> = [];
  for await (const frame of frames) {
    out.push(frame);
    if (out.length >= limit) break;
  }
  return out;
}

describe('TurnBuffers', () => {
  it('numbers frames from 0; a reader gets the buffered frames, then the live tail, and stops when the turn ends', async () => {
    const buffers = new TurnBuffers();
    const turn = started(buffers);
    expect(buffers.append(turn, 'data: a')).toBe(0);
    const reading = collect(buffers.read(turn, -1));
    buffers.append(turn, 'data: b');
    await Promise.resolve();
    buffers.append(turn, 'data: c');
    buffers.end(turn);
    expect(await reading).toEqual([
      { seq: 0, data: 'data: a' },
      { seq: 1, data: 'data: b' },
      { seq: 2, data: 'data: c' },
    ]);
    expect(buffers.append(turn, 'data: late')).toBe(-1);
  });

  it('readBatches hands every frame written since the last read at once, and listens to its signal once for the whole read', async () => {
    const buffers = new TurnBuffers();
    const turn = started(buffers);
    const gone = new AbortController();
    const listen = vi.spyOn(gone.signal, 'addEventListener');
    buffers.append(turn, 'data: a');
    buffers.append(turn, 'data: b');
    const batches = buffers.readBatches(turn, -1, gone.signal);
    expect((await batches.next()).value).toEqual([{ seq: 0, data: 'data: a' }, { seq: 1, data: 'data: b' }]);
    const waiting = batches.next(); // waits for the live tail
    buffers.append(turn, 'data: c');
    buffers.append(turn, 'data: d');
    expect((await waiting).value).toEqual([{ seq: 2, data: 'data: c' }, { seq: 3, data: 'data: d' }]);
    for (const data of ['e', 'f', 'g']) {
      const next = batches.next();
      buffers.append(turn, `data: ${data}`);
      await next;
    }
    const last = batches.next();
    gone.abort(); // the reader went away: the waiting read ends at once, its listener removed
    expect(await last).toEqual({ done: true, value: undefined });
    expect(listen).toHaveBeenCalledTimes(1);
  });

  it('property: read N frames, stop, read after N-1 → every frame exactly once, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string(), { minLength: 1, maxLength: 40 }), fc.nat(), fc.nat(), async (datas, cutSeed, liveSeed) => {
        const buffers = new TurnBuffers();
        const turn = started(buffers);
        const live = liveSeed % (datas.length + 1); // frames written before anyone reads; the rest arrive live
        datas.slice(0, live).forEach((data) => buffers.append(turn, data));
        const cut = 1 + (cutSeed % datas.length);
        const writer = (async () => {
          for (const data of datas.slice(live)) {
            await Promise.resolve();
            buffers.append(turn, data);
          }
          buffers.end(turn);
        })();
        const head = await collect(buffers.read(turn, -1), cut);
        const rest = await collect(buffers.read(turn, head.at(-1)!.seq));
        await writer;
        expect([...head, ...rest].map((frame) => frame.data)).toEqual(datas);
        expect([...head, ...rest].map((frame) => frame.seq)).toEqual(datas.map((_, index) => index));
      }),
    );
  });

  it('one running turn per session: a second start is a conflict until the first ends', () => {
    const buffers = new TurnBuffers();
    const first = started(buffers, 's1');
    expect(buffers.start('/api/test', 's1')).toEqual({ conflict: first });
    expect('turn' in buffers.start('/api/test', 's2')).toBe(true);
    expect('turn' in buffers.start('/api/test')).toBe(true); // a new session has no id yet
    expect(buffers.running('s1')).toBe(first);
    buffers.end(first);
    expect(buffers.running('s1')).toBeUndefined();
    expect(buffers.latest('s1')).toBe(first);
    expect('turn' in buffers.start('/api/test', 's1')).toBe(true);
  });

  it('keeps an ended turn for the retention window only', () => {
    let now = 1000;
    const buffers = new TurnBuffers({ retentionMs: 60_000, now: () => now });
    const turn = started(buffers, 's');
    buffers.append(turn, 'data: x');
    now += 120_000; // running turns never expire
    expect(buffers.get(turn.turnId)).toBe(turn);
    buffers.end(turn);
    now += 59_999;
    expect(buffers.get(turn.turnId)).toBe(turn);
    now += 1;
    expect(buffers.get(turn.turnId)).toBeUndefined();
    expect(buffers.latest('s')).toBeUndefined();
  });

  it('keeps every ended turn exactly for its own window, whatever the order of starts, ends, followers, deletions and time (the pruning reads only ended turns, oldest first)', () => {
    const RETENTION = 100;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('start' as const), session: fc.nat(1) }),
      fc.record({ kind: fc.constant('end' as const), session: fc.nat(1) }),
      fc.record({ kind: fc.constant('hold' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.nat(150) }),
      fc.record({ kind: fc.constant('delete' as const), session: fc.nat(1) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60, size: 'max' }), (ops) => {
        let now = 0;
        const buffers = new TurnBuffers({ retentionMs: RETENTION, now: () => now });
        // The model: each turn's end time, its followers that hold it (a paused response), and whether it is gone.
        const model: { turn: Turn; session: string; endedAt?: number; holds: Array<() => void>; gone: boolean }[] = [];
        for (const step of ops) {
          if (step.kind === 'start') {
            const result = buffers.start('/api/test', `s${step.session}`);
            if ('turn' in result) {
              buffers.append(result.turn, 'x');
              model.push({ turn: result.turn, session: `s${step.session}`, holds: [], gone: false });
            }
          } else if (step.kind === 'end') {
            const entry = model.find((m) => m.session === `s${step.session}` && m.endedAt === undefined && !m.gone);
            if (entry) {
              buffers.end(entry.turn);
              entry.endedAt = now;
            }
          } else if (step.kind === 'hold' || step.kind === 'release') {
            // A follower of a turn still kept; a release lets go of one that holds a turn.
            const among = model.filter((m) => !m.gone && (step.kind === 'hold' || m.holds.length > 0));
            const entry = among[step.pick % Math.max(among.length, 1)];
            if (!entry) continue;
            if (step.kind === 'hold') entry.holds.push(buffers.follow(entry.turn, -1, { frames: () => false, end: () => {} }).stop);
            else entry.holds.pop()?.();
          } else if (step.kind === 'wait') now += step.ms;
          else {
            buffers.forgetSession(`s${step.session}`);
            for (const m of model) if (m.session === `s${step.session}`) m.gone = true;
          }
          for (const m of model) {
            if (!m.gone && m.endedAt !== undefined && m.holds.length === 0 && now - m.endedAt >= RETENTION) m.gone = true;
            expect(buffers.get(m.turn.turnId)).toBe(m.gone ? undefined : m.turn);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('caps a turn’s buffer (oldest frames dropped: reading before them is a TurnGapError) and all buffers (ended turns go oldest first)', async () => {
    const buffers = new TurnBuffers({ maxTurnBytes: 10, maxTotalBytes: 12 });
    const turn = started(buffers);
    for (const data of ['aaaa', 'bbbb', 'cccc', 'dddd']) buffers.append(turn, data);
    expect(buffers.firstSeq(turn)).toBe(2);
    await expect(collect(buffers.read(turn, 0))).rejects.toBeInstanceOf(TurnGapError);
    buffers.end(turn);
    expect(await collect(buffers.read(turn, 1))).toEqual([
      { seq: 2, data: 'cccc' },
      { seq: 3, data: 'dddd' },
    ]);
    const next = started(buffers);
    buffers.append(next, 'eeeeeeee');
    buffers.end(next); // 16 bytes buffered > 12: the older ended turn goes
    expect(buffers.get(turn.turnId)).toBeUndefined();
    expect(buffers.get(next.turnId)).toBe(next);
  });

  it('never forgets an ended turn that a reader still drains (over the budget or past the retention window): the response would end short', async () => {
    let now = 0;
    const buffers = new TurnBuffers({ maxTotalBytes: 100, retentionMs: 1000, now: () => now });
    const turn = started(buffers, 'slow');
    for (let index = 0; index < 3; index++) buffers.append(turn, `data: ${index}`.padEnd(10));
    const reader = buffers.readBatches(turn, -1);
    expect((await reader.next()).value).toHaveLength(3); // its socket is slow: it has 3 frames of 10 so far
    for (let index = 3; index < 10; index++) buffers.append(turn, `data: ${index}`.padEnd(10));
    buffers.end(turn);
    const other = started(buffers, 'fast');
    buffers.append(other, 'x'.repeat(50));
    buffers.end(other); // 150 bytes > 100: an ended turn must go, but not the one being read
    now += 5000; // and the retention window passed
    expect(buffers.get(turn.turnId)).toBe(turn);
    let rest = 0;
    for (let next = await reader.next(); !next.done; next = await reader.next()) rest += next.value.length;
    expect(rest).toBe(7);
    expect(buffers.get(turn.turnId)).toBeUndefined(); // read to the end: now it goes
  });

  it('follow: the buffered frames at once, then what a tick wrote in one batch; false pauses it until resume; end once', async () => {
    const buffers = new TurnBuffers();
    const turn = started(buffers);
    buffers.append(turn, 'a');
    const batches: string[][] = [];
    let accept = true;
    const end = vi.fn();
    const following = buffers.follow(turn, -1, { frames: (batch) => (batches.push(batch.map((frame) => frame.data)), accept), end });
    expect(batches).toEqual([['a']]);
    buffers.append(turn, 'b');
    buffers.append(turn, 'c');
    expect(batches).toHaveLength(1); // woken after this tick, not at each frame
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['a'], ['b', 'c']]);
    accept = false; // the socket is full
    buffers.append(turn, 'd');
    await new Promise((resolve) => setImmediate(resolve));
    buffers.append(turn, 'e');
    buffers.end(turn);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['a'], ['b', 'c'], ['d']]);
    expect(end).not.toHaveBeenCalled();
    accept = true;
    following.resume(); // drained: what came meanwhile, then the end
    expect(batches).toEqual([['a'], ['b', 'c'], ['d'], ['e']]);
    expect(end).toHaveBeenCalledTimes(1);
    expect(end).toHaveBeenCalledWith();
  });

  it('follow: the first frames after the response started (a first token) go at the end of the task that wrote them, later ones once per pass of the event loop', async () => {
    const buffers = new TurnBuffers();
    const turn = started(buffers);
    buffers.append(turn, 'start'); // written before the response followed: handed over at once
    const batches: string[][] = [];
    buffers.follow(turn, -1, { frames: (batch) => (batches.push(batch.map((frame) => frame.data)), true), end: vi.fn() });
    expect(batches).toEqual([['start']]);
    /** Runs `write` in a timer's task (as a model's token comes) and says how many batches went out by the end of that task. */
    const inATimer = (write: () => void) =>
      new Promise<number>((resolve) =>
        setTimeout(() => {
          write();
          queueMicrotask(() => resolve(batches.length));
        }, 1),
      );
    // The model's first token, three frames in one task: out before the task ends, not after the event loop's pass.
    expect(await inATimer(() => ['step', 'text-start', 'delta 1'].forEach((data) => buffers.append(turn, data)))).toBe(2);
    expect(batches[1]).toEqual(['step', 'text-start', 'delta 1']);
    // The tokens after it: once per pass (under load several tokens of a stream in one write).
    expect(await inATimer(() => buffers.append(turn, 'delta 2'))).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([['start'], ['step', 'text-start', 'delta 1'], ['delta 2']]);
  });

  it('follow: stop() ends it without a call (the response went away), and lets the turn go', async () => {
    let now = 0;
    const buffers = new TurnBuffers({ retentionMs: 10, now: () => now });
    const turn = started(buffers);
    const frames = vi.fn(() => true);
    const end = vi.fn();
    buffers.follow(turn, -1, { frames, end }).stop();
    buffers.append(turn, 'a');
    buffers.end(turn);
    await new Promise((resolve) => setImmediate(resolve));
    expect(frames).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();
    now += 10;
    expect(buffers.get(turn.turnId)).toBeUndefined();
  });

  it('a reader stops when its signal aborts (the response closed)', async () => {
    const buffers = new TurnBuffers();
    const turn = started(buffers);
    buffers.append(turn, 'a');
    const gone = new AbortController();
    const reading = collect(buffers.read(turn, -1, gone.signal));
    await Promise.resolve();
    gone.abort();
    expect(await reading).toEqual([{ seq: 0, data: 'a' }]);
    expect(buffers.runningTurns()).toEqual([turn]);
  });
});
