import { agentFlowTransport, createAgentChat, scriptedTransport, tnsaiTransport, type AgentChat } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentFlowLiveServer, type AgentFlowLiveServer } from '../../core/test/agentflow-live-server.js';
import { startTnsaiLiveServer, type TnsaiLiveServer } from '../../core/test/tnsai-live-server.js';
import { chatOutcome } from './chat-outcome.js';
import { playRecording } from './play-recording.js';
import { recordTransport, type TransportFactory } from './record-transport.js';
import { parseRecording, type Recording } from './recording.js';

let tnsai: TnsaiLiveServer;
let agentflow: AgentFlowLiveServer;
beforeAll(async () => {
  [tnsai, agentflow] = await Promise.all([startTnsaiLiveServer(), startAgentFlowLiveServer()]);
});
afterAll(async () => {
  await Promise.all([tnsai.close(), agentflow.close()]);
});

/** Records one turn both ways (bytes through the factory's fetch, frames around the transport); the live chat too. */
async function recordBoth(factory: TransportFactory, message: string, fetchImpl?: typeof globalThis.fetch) {
  const bytes = recordTransport(factory, fetchImpl ? { fetch: fetchImpl } : {});
  const frames = recordTransport(bytes);
  const live = createAgentChat({ transport: frames });
  await live.send(message);
  return { live, bytes: bytes.recording(), frames: frames.recording() };
}

async function expectSameReplay(live: AgentChat, recordings: Recording[]) {
  for (const recording of recordings) {
    const { chat } = await playRecording(parseRecording(JSON.parse(JSON.stringify(recording))), { speed: Infinity });
    expect(chatOutcome(chat.getState())).toEqual(chatOutcome(live.getState()));
  }
}

describe('recordTransport', () => {
  it('keeps the bytes whole: AgentFlow JSON with no newlines, split inside UTF-8 characters, replays as live', async () => {
    const { live, bytes, frames } = await recordBoth((fetch) => agentFlowTransport({ url: agentflow.baseUrl, fetch }), 'concat');
    expect(live.getState().messages.at(-1)?.content).toEqual([{ text: 'The capital of France is Paris — é 世界.' }]);
    expect(bytes.turns[0]!.frames.length).toBeGreaterThan(3);
    expect(bytes.turns[0]!.frames.map((frame) => frame.raw).join('')).toContain('é 世界');
    await expectSameReplay(live, [bytes, frames]);
  });

  it('records an HTTP error (status, status text, the server\'s body) and replays the same error', async () => {
    const { live, bytes, frames } = await recordBoth((fetch) => tnsaiTransport({ url: tnsai.url.replace('/chat/stream', '/fail'), fetch }), 'hi');
    expect(live.getState().error).toMatchObject({ code: 'http-error', status: 429, message: 'slow down' });
    expect(bytes.turns[0]).toMatchObject({ status: 429, frames: [], end: 'complete' });
    expect(JSON.parse(bytes.turns[0]!.body!)).toMatchObject({ error: { message: 'slow down' } });
    expect(frames.turns[0]).toMatchObject({ status: 429 });
    await expectSameReplay(live, [bytes, frames]);
  });

  it('records a body that broke off mid-stream as broken, with what broke it, and replays the break', async () => {
    const breaking: typeof globalThis.fetch = async () => {
      let reads = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (reads++ === 0) controller.enqueue(new TextEncoder().encode('{"type":"CONTENT","content":"Par"}\n'));
          else controller.error(new TypeError('socket hang up'));
        },
      });
      return new Response(body, { status: 200 });
    };
    const { live, bytes, frames } = await recordBoth((fetch) => tnsaiTransport({ url: 'http://127.0.0.1:9/chat', fetch }), 'hi', breaking);
    expect(live.getState().error).toMatchObject({ code: 'network-error', message: 'The stream broke off: socket hang up' });
    expect(live.getState().messages.at(-1)?.content).toEqual([{ text: 'Par' }]);
    expect(bytes.turns[0]).toMatchObject({ end: 'broken', error: 'socket hang up' });
    expect(frames.turns[0]).toMatchObject({ end: 'broken', error: 'socket hang up' });
    await expectSameReplay(live, [bytes, frames]);
  });

  it('records a server it could not reach as unreachable, and replays that', async () => {
    const refused: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const { live, bytes, frames } = await recordBoth((fetch) => tnsaiTransport({ url: 'http://127.0.0.1:9/chat', fetch }), 'hi', refused);
    expect(bytes).toMatchObject({ url: 'http://127.0.0.1:9/chat', turns: [{ end: 'unreachable', error: 'fetch failed' }] });
    expect(live.getState().error).toMatchObject({ code: 'network-error', message: 'Could not reach http://127.0.0.1:9/chat: fetch failed' });
    await expectSameReplay(live, [bytes]);
    // the frame form sees only the transport's error: it replays as a network error too, as a broken stream
    expect(frames.turns[0]).toMatchObject({ end: 'broken', error: 'fetch failed' });
    const { chat } = await playRecording(frames, { speed: Infinity });
    expect(chat.getState().error).toMatchObject({ code: 'network-error', message: 'The stream broke off: fetch failed' });
  });

  it('passes everything through unchanged, and refuses a transport that names no known protocol', async () => {
    const scripted = scriptedTransport([[{ type: 'text-delta', text: 'hi' }, { type: 'turn-end', finishReason: 'stop' }]]);
    expect(() => recordTransport(scripted)).toThrow(/Cannot record a "scripted" transport/);
    const plain = createAgentChat({ transport: tnsaiTransport({ url: tnsai.url }) });
    const recorded = createAgentChat({ transport: recordTransport((fetch) => tnsaiTransport({ url: tnsai.url, fetch })) });
    const [a, b] = [await plain.send('hello'), await recorded.send('hello')];
    // all but the server's own request counter and the session id each chat made
    expect({ ...b, sessionId: null, raw: null }).toEqual({ ...a, sessionId: null, raw: null });
  });
});

describe('parseRecording', () => {
  it('accepts a version 1 recording and says what is wrong with anything else', () => {
    const good = { version: 1, protocol: 'tnsai', turns: [{ request: {}, frames: [{ at: 0, raw: '{}\n' }], end: 'complete' }] };
    expect(parseRecording(good).capture).toBe('bytes');
    expect(() => parseRecording(null)).toThrow(/not an object/);
    expect(() => parseRecording({ ...good, version: 2 })).toThrow(/unsupported version 2/);
    expect(() => parseRecording({ ...good, protocol: 'grpc' })).toThrow(/unknown protocol grpc/);
    expect(() => parseRecording({ ...good, turns: [{ request: {}, frames: [{ raw: 'x' }] }] })).toThrow(/turn 0 has a frame without at\/raw/);
  });
});
