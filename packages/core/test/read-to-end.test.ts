import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgentChat, httpTransport, type AgentEvent } from '../src/index.js';
import { readToEnd } from '../src/chat/turn/read-to-end.js';
import { createNdjsonFramer } from '../src/wire-entry.js';
import { listenOnLoopback, type LoopbackServer } from './http-test-server.js';

let server: LoopbackServer | null = null;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = null;
});

/**
 * A server that sends a turn's text and its end, then keeps the body open `lingerMs` before closing it (as servers do
 * that flush, log or persist after the last frame). Resolves each request's fate: 'finished' or 'aborted' by the client.
 */
async function lingeringServer(lingerMs: number, { sendEnd = true } = {}) {
  const fates: Promise<'finished' | 'aborted'>[] = [];
  server = await listenOnLoopback((req, res: ServerResponse) => {
    req.resume();
    fates.push(new Promise((resolve) => {
      res.on('finish', () => resolve('finished'));
      res.on('close', () => { if (!res.writableFinished) resolve('aborted'); });
    }));
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    res.write(`${JSON.stringify({ text: 'Hello' })}\n${sendEnd ? `${JSON.stringify({ end: 'stop' })}\n` : ''}`);
    const later = setTimeout(() => res.end(`${JSON.stringify({ note: 'after the end' })}\n`), lingerMs);
    res.on('close', () => clearTimeout(later));
  });
  const transport = httpTransport({
    url: server.baseUrl,
    accept: 'application/x-ndjson',
    body: (request) => ({ input: request.input }),
    framer: (limits) => createNdjsonFramer(limits),
    decoder: () => ({
      decode(frame): AgentEvent[] {
        const value = frame.type === 'value' ? (frame.value as { text?: string; end?: 'stop' }) : {};
        if (value.text) return [{ type: 'text-delta', text: value.text, messageKey: 'm' }];
        if (value.end) return [{ type: 'turn-end', finishReason: value.end }];
        return [];
      },
      end: () => [],
    }),
  });
  return { fates, transport };
}

describe('a turn body is read to its end', () => {
  it('the turn ends at its end frame, and the body the server closes a little later is not cancelled', async () => {
    const { fates, transport } = await lingeringServer(150);
    const chat = createAgentChat({ transport });
    const response = await chat.send('hi');
    expect(response.text).toBe('Hello');
    expect(chat.getState().status).toBe('ready');
    expect(await fates[0]).toBe('finished');
    await chat.send('again');
    expect(await fates[1]).toBe('finished');
  });

  it('stop() still cancels the request of a running turn', async () => {
    const { fates, transport } = await lingeringServer(60_000, { sendEnd: false });
    const chat = createAgentChat({ transport });
    const turn = chat.send('hi');
    await vi.waitFor(() => expect(fates).toHaveLength(1));
    await chat.stop();
    expect((await turn).finishReason).toBe('aborted');
    expect(await fates[0]).toBe('aborted');
  });
});

describe('readToEnd', () => {
  it('reads to the end, then cancels a body still open after its time', async () => {
    vi.useFakeTimers();
    const abort = vi.fn();
    let release: () => void = () => {};
    let reads = 0;
    const frames: AsyncIterator<never[]> = {
      next: async () => {
        reads++;
        if (reads < 3) return { done: false, value: [] };
        await new Promise<void>((resolve) => { release = resolve; });
        return { done: true, value: undefined };
      },
    };
    readToEnd(frames, abort, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(reads).toBe(3);
    expect(abort).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(abort).toHaveBeenCalledTimes(1);
    release();
  });
});
