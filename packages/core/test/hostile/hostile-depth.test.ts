import { describe, expect, it } from 'vitest';
import {
  AgentChatError, createAgentChat, scriptedTransport, type AgentEvent, type DecodedFrame, type Transport,
} from '../../src/index.js';
import { PROTOCOLS, hostileFetch, nestedJson } from './hostile-protocols.js';

describe('hostile input: values nested too deep end the turn failed with too-deep', () => {
  for (const protocol of PROTOCOLS) {
    describe(protocol.name, () => {
      for (const depth of [5_000, 100_000]) {
        it(`a value nested ${depth.toLocaleString('en')} deep: failed with too-deep, send settles, the next send works`, async () => {
          const fetch = hostileFetch((turn) => (turn === 0 ? protocol.carry(nestedJson(depth)) + protocol.okTurn() : protocol.okTurn()));
          const chat = createAgentChat({ transport: protocol.transport(fetch) });
          const failed = await chat.send('deep');
          expect(failed.finishReason).toBe('failed');
          expect(failed.error).toBeInstanceOf(AgentChatError);
          expect(failed.error).toMatchObject({ code: 'too-deep' });
          expect(chat.getState()).toMatchObject({ status: 'error', finishReason: 'failed', custom: undefined, artifacts: [] });
          const next = await chat.send('again');
          expect(next).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
          expect(chat.getState().status).toBe('ready');
        });
      }

      it('maxDepth is configurable: 40 levels pass by default, and fail under maxDepth 20', async () => {
        const body = () => protocol.carry(nestedJson(40, 'object')) + protocol.okTurn();
        const relaxed = createAgentChat({ transport: protocol.transport(hostileFetch(body)) });
        expect(await relaxed.send('x')).toMatchObject({ finishReason: 'stop', error: null });
        const strict = createAgentChat({ transport: protocol.transport(hostileFetch(body)), maxDepth: 20 });
        expect(await strict.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'too-deep' } });
      });
    });
  }

  it('the default limit is 500 levels: a frame of 500 passes, one of 501 does not', async () => {
    // the Genkit frame wraps the value in 4 levels of its own ({message:{customPatch:[{value…}]}})
    const genkit = PROTOCOLS[0]!;
    const atLimit = createAgentChat({ transport: genkit.transport(hostileFetch(() => genkit.frame(`{"message":{"customPatch":[{"op":"replace","path":"","value":${nestedJson(496, 'array')}}]}}`) + genkit.okTurn())) });
    expect(await atLimit.send('x')).toMatchObject({ finishReason: 'stop' });
    const over = createAgentChat({ transport: genkit.transport(hostileFetch(() => genkit.frame(`{"message":{"customPatch":[{"op":"replace","path":"","value":${nestedJson(497, 'array')}}]}}`) + genkit.okTurn())) });
    expect(await over.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'too-deep' } });
  });

  it('patches that each pass the limit cannot build a state deeper than maxDepth: the one that would is refused whole', async () => {
    const genkit = PROTOCOLS[0]!;
    const path = '/a'.repeat(30);
    const body = genkit.frame(`{"message":{"customPatch":[{"op":"replace","path":"","value":${nestedJson(30, 'object')}}]}}`) +
      genkit.frame(`{"message":{"customPatch":[{"op":"add","path":"${path}","value":${nestedJson(30, 'object')}}]}}`) +
      genkit.frame(`{"message":{"customPatch":[{"op":"add","path":"/b","value":1}]}}`) + genkit.okTurn();
    const chat = createAgentChat({ transport: genkit.transport(hostileFetch(() => body)), maxDepth: 50 });
    const response = await chat.send('x');
    expect(response).toMatchObject({ finishReason: 'stop', text: 'ok', error: { code: 'too-deep' } });
    expect(chat.getState().status).toBe('error');
    const custom = chat.getState().custom as Record<string, unknown>;
    expect(custom.b).toBe(1);
    expect(JSON.stringify(custom)).toBe(JSON.stringify({ ...JSON.parse(nestedJson(30, 'object')), b: 1 }));
  });

  it('a transport that is not HTTP: a 20,000-deep value overflows the reducer, and the turn still ends, too-deep', async () => {
    const deep = JSON.parse(nestedJson(20_000));
    const transport = scriptedTransport([[{ type: 'custom-snapshot', custom: deep }, { type: 'turn-end', finishReason: 'stop' }], [
      { type: 'text-delta', text: 'ok' }, { type: 'turn-end', finishReason: 'stop' },
    ]]);
    const chat = createAgentChat({ transport });
    expect(await chat.send('deep')).toMatchObject({ finishReason: 'failed', error: { code: 'too-deep' } });
    expect(chat.getState().custom).toBeUndefined();
    expect(await chat.send('again')).toMatchObject({ finishReason: 'stop', text: 'ok' });
  });
});

describe('hostile input: an exception anywhere in decoding or reducing ends the turn failed', () => {
  /** A transport whose frames are given per turn. */
  const framesTransport = (turns: Array<() => DecodedFrame[][]>): Transport => {
    let turn = 0;
    return {
      name: 'frames',
      async *run() {
        for (const frames of turns[turn++]!()) yield frames;
      },
    };
  };
  const ok: DecodedFrame[][] = [[{ raw: null, events: [{ type: 'text-delta', text: 'ok' }, { type: 'turn-end', finishReason: 'stop' }] }]];

  it('a part whose every property access throws: internal-error, store untouched by the failed read', async () => {
    const trap = new Proxy({}, { get: () => { throw new Error('boom'); }, ownKeys: () => { throw new Error('boom'); }, getOwnPropertyDescriptor: () => { throw new Error('boom'); } });
    const chat = createAgentChat({
      transport: framesTransport([
        () => [[{ raw: null, events: [{ type: 'text-delta', text: 'partial' }] }], [{ raw: null, events: [{ type: 'part-add', part: trap } as AgentEvent, { type: 'turn-end', finishReason: 'stop' }] }]],
        () => ok,
      ]),
    });
    const errors: AgentChatError[] = [];
    chat.configure({ onError: (error) => errors.push(error) });
    const failed = await chat.send('x');
    expect(failed).toMatchObject({ finishReason: 'failed', text: 'partial', error: { code: 'internal-error' } });
    expect(errors.map((error) => error.code)).toEqual(['internal-error']);
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'partial' }] });
    expect(await chat.send('again')).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
  });

  it('a frame whose events are not a list: internal-error, never a network error, and the turn ends', async () => {
    const chat = createAgentChat({ transport: framesTransport([() => [[{ raw: null, events: 42 as never }]], () => ok]) });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'internal-error' } });
    expect(chat.getState().status).toBe('error');
    expect(await chat.send('again')).toMatchObject({ finishReason: 'stop' });
  });

  it('a transport that throws a plain error mid-stream stays a network-error (not a reducer failure)', async () => {
    const transport: Transport = {
      name: 'broken',
      // eslint-disable-next-line require-yield
      async *run() {
        throw new TypeError('socket hang up');
      },
    };
    const chat = createAgentChat({ transport });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'network-error' } });
  });
});
