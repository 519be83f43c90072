import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgentChat, scriptedTransport, type AgentResponse } from '../../src/index.js';
import { PROTOCOLS, controlledBody, hostileFetch, type ControlledBody } from './hostile-protocols.js';

const protocol = (name: string) => PROTOCOLS.find((candidate) => candidate.name === name)!;

// What a turn loads on demand (its protocol's transport, the failure path's modules) is in before fake time starts: a
// first load is real I/O, which advancing fake time does not wait for (this file failed so whenever it ran first in
// its worker, or alone). One silent turn cut by a 1 ms deadline and one answered turn per protocol, on real timers.
beforeAll(async () => {
  for (const { name } of PROTOCOLS) {
    const sse = protocol(name);
    const chat = createAgentChat({ transport: sse.transport(hostileFetch((turn) => (turn > 0 ? sse.okTurn() : controlledBody().stream))), timeout: 1 });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'timeout' } });
    expect(await chat.send('again')).toMatchObject({ finishReason: 'stop' });
  }
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Settles `promise` into a box, so the test can look whether it has settled while fake time runs. */
function track<T>(promise: Promise<T>) {
  const box: { value?: T; settled: boolean } = { settled: false };
  void promise.then((value) => {
    box.value = value;
    box.settled = true;
  });
  return box;
}

describe('hostile input: a server that accepts and goes silent meets a deadline', () => {
  for (const { name } of PROTOCOLS) {
    it(`${name}: timeout ends a silent turn failed with timeout; the body is cancelled and the next send works`, async () => {
      const sse = protocol(name);
      const bodies: ControlledBody[] = [];
      const fetch = hostileFetch((turn) => {
        if (turn > 0) return sse.okTurn();
        const body = controlledBody();
        bodies.push(body);
        return body.stream;
      });
      const chat = createAgentChat({ transport: sse.transport(fetch), timeout: 5_000 });
      const turn = track(chat.send('x'));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(turn.settled).toBe(false);
      expect(chat.getState().status).toBe('submitted');
      await vi.advanceTimersByTimeAsync(1);
      expect(turn.settled).toBe(true);
      expect(turn.value).toMatchObject({ finishReason: 'failed', error: { code: 'timeout' } });
      expect(chat.getState()).toMatchObject({ status: 'error', error: { code: 'timeout' } });
      expect(bodies[0]!.cancelled).toBe(true);
      expect(await chat.send('again')).toMatchObject({ finishReason: 'stop', text: 'ok' });
    });
  }

  it('idleTimeout counts bytes, not frames: a frame trickling in stays alive, silence ends it', async () => {
    const genkit = protocol('genkit');
    const body = controlledBody();
    const chat = createAgentChat({ transport: genkit.transport(hostileFetch(() => body.stream)), idleTimeout: 1_000 });
    const turn = track(chat.send('x'));
    body.push('data: {"message":{"modelChunk":{"role":"model","index":0,"content":[{"text":"ok"}]}}}\n\ndata: {"message":');
    for (let second = 0; second < 10; second++) {
      await vi.advanceTimersByTimeAsync(900);
      body.push(' ');
    }
    expect(turn.settled).toBe(false);
    expect(chat.getState().status).toBe('streaming');
    await vi.advanceTimersByTimeAsync(999);
    expect(turn.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(turn.value).toMatchObject({ finishReason: 'failed', text: 'ok', error: { code: 'timeout' } });
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'ok' }] });
  });

  it('per call: send, sendStream and resume take timeout and idleTimeout over the chat options', async () => {
    const tnsai = protocol('tnsai');
    const chat = createAgentChat({ transport: tnsai.transport(hostileFetch(() => controlledBody().stream)), timeout: 60_000 });
    const short = track(chat.send('x', { timeout: 100 }));
    await vi.advanceTimersByTimeAsync(100);
    expect(short.value).toMatchObject({ error: { code: 'timeout', details: { timeout: 100 } } });
    const idle = track(chat.sendStream('x', () => undefined, { idleTimeout: 250 }));
    await vi.advanceTimersByTimeAsync(250);
    expect(idle.value).toMatchObject({ error: { code: 'timeout', details: { timeout: 250 } } });
    const resumed = track(chat.resume([], { timeout: 30 }));
    await vi.advanceTimersByTimeAsync(30);
    expect(resumed.value).toMatchObject({ error: { code: 'timeout' } });
    const chatWide = track(chat.send('x'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(chatWide.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(chatWide.value).toMatchObject({ error: { code: 'timeout', details: { timeout: 60_000 } } });
  });

  it('a turn that ends in time clears its deadlines: nothing fires later', async () => {
    const genkit = protocol('genkit');
    const onError = vi.fn();
    const chat = createAgentChat({ transport: genkit.transport(hostileFetch(() => genkit.okTurn())), timeout: 1_000, idleTimeout: 500, onError });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'stop' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onError).not.toHaveBeenCalled();
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('idleTimeout also watches a transport that is not HTTP (between batches of events)', async () => {
    const transport = scriptedTransport([[{ type: 'text-delta', text: 'a' }, { type: 'text-delta', text: 'b' }, { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 2_000 });
    const chat = createAgentChat({ transport, idleTimeout: 1_000 });
    const turn = track(chat.send('x'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(turn.value).toMatchObject({ finishReason: 'failed', error: { code: 'timeout' } });
  });
});

describe('hostile input: a deadline tells the server, as stop() does', () => {
  it('agentflow: POST /v1/graph/stop with the thread id', async () => {
    const agentflow = protocol('agentflow');
    const body = controlledBody();
    const fetch = hostileFetch(() => body.stream);
    const chat = createAgentChat({ transport: agentflow.transport(fetch), timeout: 1_000 });
    const turn = track(chat.send('x'));
    body.push('{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":"partial"}],"delta":true},"thread_id":"t-9"}\n');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(turn.value).toMatchObject({ finishReason: 'failed', text: 'partial', error: { code: 'timeout' } });
    expect(fetch.calls.at(-1)).toEqual({ url: 'http://agent.test/v1/graph/stop', body: { thread_id: 't-9' } });
  });

  it('genkit: POST <url>/abort for the snapshot a detached turn left running', async () => {
    const genkit = protocol('genkit');
    const fetch = hostileFetch((turn) =>
      turn === 0 ? genkit.frame('{"result":{"finishReason":"detached","snapshotId":"snap-1","sessionId":"s-1"}}') : controlledBody().stream,
    );
    const chat = createAgentChat({ transport: genkit.transport(fetch), idleTimeout: 2_000 });
    const detached: AgentResponse = await chat.send({ message: { role: 'user', content: [{ text: 'work' }] }, detach: true });
    expect(detached).toMatchObject({ finishReason: 'detached', snapshotId: 'snap-1' });
    const turn = track(chat.send('x'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(turn.value).toMatchObject({ error: { code: 'timeout' } });
    expect(fetch.calls.at(-1)).toEqual({ url: 'http://agent.test/chatAgent/abort', body: { data: { snapshotId: 'snap-1' } } });
  });
});
