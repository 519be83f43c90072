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
    expect(transport.stop).toBeUndefined();
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
});
