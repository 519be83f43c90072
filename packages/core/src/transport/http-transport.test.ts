import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../chat/agent-chat.js';
import type { AgentEvent } from '../model/events.js';
import { isAgentChatError } from '../model/error.js';
import { agentFlowTransport } from '../protocols/agentflow/agentflow-transport.js';
import { aiSdkTransport } from '../protocols/ai-sdk/ai-sdk-transport.js';
import { createNdjsonFramer } from '../wire/ndjson.js';
import { encode, replayFetch } from '../../test/fixtures.js';
import { httpTransport } from './http-transport.js';
import type { FrameDecoder } from './transport.js';

/** A toy line protocol: `{"say": text}` per line, `{"end": reason}` last. */
function toyDecoder(): FrameDecoder {
  let ended = false;
  return {
    decode(frame) {
      if (frame.type !== 'value') return [];
      const value = frame.value as { say?: string; end?: 'stop' };
      if (value.say !== undefined) return [{ type: 'text-delta', text: value.say } as AgentEvent];
      ended = true;
      return [{ type: 'turn-end', finishReason: value.end ?? 'stop' }];
    },
    end: () => (ended ? [] : [{ type: 'turn-end', finishReason: 'other' }]),
  };
}

describe('httpTransport: a custom protocol without a copy of the streaming code', () => {
  it('posts the built body with the given Accept and headers, frames and decodes the answer, and ends the turn', async () => {
    const fetch = replayFetch([encode('{"say":"Hel"}\n{"say"'), encode(':"lo"}\n{"end":"stop"}\n')]);
    const seen: Array<{ body: unknown; input: unknown }> = [];
    const transport = httpTransport({
      url: 'http://toy.test/chat',
      name: 'toy',
      accept: 'application/x-ndjson',
      headers: () => ({ 'X-Token': 'abc' }),
      fetch,
      body: (request) => ({ text: request.input.message?.content, session: request.sessionId }),
      framer: createNdjsonFramer,
      decoder: (request, body) => {
        seen.push({ body, input: request.input });
        return toyDecoder();
      },
    });
    expect(transport.name).toBe('toy');
    // stop() always reaches the server: it cancels the turns a server of the kit named (none here).
    expect(typeof transport.stop).toBe('function');
    const chat = createAgentChat({ transport });
    const response = await chat.send('hi');
    expect(response.text).toBe('Hello');
    expect(response.finishReason).toBe('stop');
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]!.url).toBe('http://toy.test/chat');
    expect(fetch.calls[0]!.headers.get('accept')).toBe('application/x-ndjson');
    expect(fetch.calls[0]!.headers.get('x-token')).toBe('abc');
    expect(fetch.calls[0]!.body).toEqual({ text: [{ text: 'hi' }], session: null });
    expect(seen[0]!.body).toEqual(fetch.calls[0]!.body);
  });

  it('runs the decoder\'s end() when the body ends without the protocol\'s own end, and keeps stop and getSnapshot', async () => {
    const fetch = replayFetch([encode('{"say":"cut"}\n')]);
    const stops: unknown[] = [];
    const transport = httpTransport({
      url: 'http://toy.test/chat',
      fetch,
      body: () => ({}),
      framer: createNdjsonFramer,
      decoder: toyDecoder,
      stop: async (target) => void stops.push(target),
      getSnapshot: async () => ({ snapshotId: 's1', status: 'done' }) as never,
    });
    expect(transport.name).toBe('http');
    expect(fetch.calls).toHaveLength(0);
    const response = await createAgentChat({ transport }).send('x');
    expect(response.text).toBe('cut');
    expect(response.finishReason).toBe('other');
    await transport.stop!({ sessionId: 'a', snapshotId: null });
    expect(stops).toEqual([{ sessionId: 'a', snapshotId: null }]);
    expect(await transport.getSnapshot!({ snapshotId: 's1' })).toMatchObject({ snapshotId: 's1' });
  });

  it('reports a 4xx as an http-error with the server\'s message, as the built-in transports do', async () => {
    const fetch = replayFetch([encode('{"error":{"message":"no such agent","status":"NOT_FOUND"}}')], { status: 404 });
    const transport = httpTransport({ url: 'http://toy.test/chat', fetch, body: () => ({}), framer: createNdjsonFramer, decoder: toyDecoder });
    const response = await createAgentChat({ transport }).send('x');
    expect(response.error).toMatchObject({ code: 'not-found', status: 404, serverStatus: 'NOT_FOUND', message: 'no such agent' });
  });

  it.each([
    [401, 'unauthorized'],
    [404, 'not-found'],
    [403, 'http-error'],
    [500, 'http-error'],
  ] as const)('a %i is a typed %s error (a view tells "sign in" and "not available" from a failure)', async (status, code) => {
    const fetch = replayFetch([encode('{"status":"X","message":"m"}')], { status });
    const transport = httpTransport({ url: 'http://toy.test/chat', fetch, body: () => ({}), framer: createNdjsonFramer, decoder: toyDecoder });
    const response = await createAgentChat({ transport }).send('x');
    expect(response.error).toMatchObject({ code, status, message: 'm' });
  });
});

describe('url everywhere (the deprecated aliases baseUrl and api are gone at 1.0)', () => {
  const sse = () => replayFetch([encode('data: {"type":"start"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n')]);

  it('aiSdkTransport posts to url', async () => {
    for (const [options, expected] of [
      [{ url: 'http://ai.test/url' }, 'http://ai.test/url'],
    ] as const) {
      const fetch = sse();
      await createAgentChat({ transport: aiSdkTransport({ ...options, fetch }) }).send('hi');
      expect(fetch.calls[0]!.url).toBe(expected);
    }
  });

  it('agentFlowTransport posts to <url>/v1/graph/stream and stops there', async () => {
    for (const [options, expected] of [
      [{ url: 'http://flow.test/' }, 'http://flow.test'],
      [{ url: 'http://flow.test/url' }, 'http://flow.test/url'],
    ] as const) {
      const fetch = replayFetch([encode('')]);
      const transport = agentFlowTransport({ ...options, fetch });
      await createAgentChat({ transport }).send('hi');
      await transport.stop!({ sessionId: 't1', snapshotId: null });
      expect(fetch.calls.map((call) => call.url)).toEqual([`${expected}/v1/graph/stream`, `${expected}/v1/graph/stop`]);
    }
  });

  it('a transport given no url fails at once with a typed error', () => {
    const missing = {} as { url: string };
    for (const make of [() => aiSdkTransport(missing), () => agentFlowTransport(missing)]) {
      let caught: unknown;
      try {
        make();
      } catch (error) {
        caught = error;
      }
      expect(isAgentChatError(caught) && caught.code).toBe('unsupported');
    }
  });

  describe('stop() cancels the turn on a server that keeps turns running past their request', () => {
    interface Held { url: string; turnId: string | null; respond(response: Response): void }
    /** A fetch whose turn POSTs wait for the test to answer (or their abort); cancel POSTs are recorded and answered at once. */
    function heldFetch() {
      const turns: Held[] = [];
      const cancels: string[] = [];
      const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
        const href = String(url);
        if (href.endsWith('/cancel')) {
          cancels.push(href);
          return Response.json({ status: 'cancelling' });
        }
        return new Promise<Response>((respond, reject) => {
          turns.push({ url: href, turnId: new Headers(init?.headers).get('x-agent-turn-id'), respond });
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
        });
      }) as typeof fetch;
      return Object.assign(fetchImpl, { turns, cancels });
    }
    /** A body that says one word and then stays open (the turn runs on). */
    const openBody = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(encode('{"say":"Hel"}\n')) });
    const named = (turnId: string | null) => new Response(openBody(), { status: 200, headers: turnId ? { 'x-agent-turn-id': turnId } : {} });
    const toy = (fetch: typeof globalThis.fetch) => httpTransport({ url: 'http://toy.test/chat', fetch, body: () => ({}), framer: createNdjsonFramer, decoder: toyDecoder });

    it('mid-answer: the turn the response named is cancelled (POST <url>/turns/<id>/cancel), once', async () => {
      const fetch = heldFetch();
      const chat = createAgentChat({ transport: toy(fetch) });
      const sent = chat.send('hi');
      await expect.poll(() => fetch.turns.length).toBe(1);
      fetch.turns[0]!.respond(named('turn-0123456789abcdef'));
      await expect.poll(() => chat.getState().messages.at(-1)?.content).toEqual([{ text: 'Hel' }]);
      await chat.stop();
      expect((await sent).finishReason).toBe('aborted');
      expect(fetch.cancels).toEqual(['http://toy.test/chat/turns/turn-0123456789abcdef/cancel']);
    });

    it('stopped before the response: the turn is cancelled by the id the request named it with (x-agent-turn-id)', async () => {
      const fetch = heldFetch();
      const chat = createAgentChat({ transport: toy(fetch) });
      const sent = chat.send('hi');
      await expect.poll(() => fetch.turns.length).toBe(1);
      const { turnId } = fetch.turns[0]!;
      expect(turnId).toMatch(/^[\w-]{16,}$/);
      await chat.stop();
      expect((await sent).finishReason).toBe('aborted');
      expect(fetch.cancels).toEqual([`http://toy.test/chat/turns/${turnId}/cancel`]);
    });

    it('a server that names no turn is only closed, as before; detach() cancels nothing; a turn that ended is not cancelled', async () => {
      const fetch = heldFetch();
      const chat = createAgentChat({ transport: toy(fetch) });
      const first = chat.send('hi');
      await expect.poll(() => fetch.turns.length).toBe(1);
      fetch.turns[0]!.respond(named(null));
      await expect.poll(() => chat.getState().status).toBe('streaming');
      await chat.stop();
      expect((await first).finishReason).toBe('aborted');
      const second = chat.send('again');
      await expect.poll(() => fetch.turns.length).toBe(2);
      fetch.turns[1]!.respond(named('turn-detached-0123456'));
      await expect.poll(() => chat.getState().status).toBe('streaming');
      await chat.detach();
      expect((await second).finishReason).toBe('detached');
      const third = chat.send('once more');
      await expect.poll(() => fetch.turns.length).toBe(3);
      fetch.turns[2]!.respond(new Response(encode('{"say":"ok"}\n{"end":"stop"}\n'), { headers: { 'x-agent-turn-id': 'turn-ended-0123456789' } }));
      expect((await third).finishReason).toBe('stop');
      await chat.stop();
      expect(fetch.cancels).toEqual([]);
    });

    it('the next turn is sent after the cancel of the stopped one landed (the server would refuse it as busy)', async () => {
      const order: string[] = [];
      let landCancel!: () => void;
      const turns: Array<(response: Response) => void> = [];
      const fetch = (async (url: string | URL | Request) => {
        const href = String(url);
        order.push(href.endsWith('/cancel') ? 'cancel sent' : 'turn sent');
        if (href.endsWith('/cancel')) {
          await new Promise<void>((resolve) => (landCancel = resolve));
          order.push('cancel landed');
          return Response.json({ status: 'cancelling' });
        }
        return new Promise<Response>((respond) => turns.push(respond));
      }) as typeof globalThis.fetch;
      const chat = createAgentChat({ transport: toy(fetch) });
      const first = chat.send('hi');
      await expect.poll(() => turns.length).toBe(1);
      turns[0]!(named('turn-first-0123456789'));
      await expect.poll(() => chat.getState().status).toBe('streaming');
      void chat.stop();
      await first;
      const second = chat.send('again');
      await expect.poll(() => order).toEqual(['turn sent', 'cancel sent']);
      landCancel();
      await expect.poll(() => turns.length).toBe(2);
      expect(order).toEqual(['turn sent', 'cancel sent', 'cancel landed', 'turn sent']);
      turns[1]!(new Response(encode('{"end":"stop"}\n')));
      expect((await second).finishReason).toBe('stop');
    });
  });
});
