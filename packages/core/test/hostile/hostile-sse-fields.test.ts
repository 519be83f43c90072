import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../../src/index.js';
import { createSseFramer, readFrames } from '../../src/wire-entry.js';
import { PROTOCOLS, encode, hostileFetch } from './hostile-protocols.js';

const protocol = (name: string) => PROTOCOLS.find((candidate) => candidate.name === name)!;

describe('hostile input: SSE fields other than data are ignored', () => {
  it('genkit: `foo: {"result":…}` neither ends the turn nor injects text; its `error:` field still fails the turn', async () => {
    const genkit = protocol('genkit');
    const injected = 'foo: {"result":{"finishReason":"stop","message":{"role":"model","content":[{"text":"INJECTED"}]}}}\n\n';
    const chat = createAgentChat({ transport: genkit.transport(hostileFetch(() => injected + genkit.okTurn())) });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
    expect(JSON.stringify(chat.getState().messages)).not.toContain('INJECTED');

    const failing = createAgentChat({ transport: genkit.transport(hostileFetch(() => 'error: {"error":{"message":"quota","status":"RESOURCE_EXHAUSTED"}}\n\n')) });
    expect(await failing.send('x')).toMatchObject({ finishReason: 'failed', error: { code: 'server-error', serverStatus: 'RESOURCE_EXHAUSTED' } });
  });

  const injections: Record<string, string> = {
    agui: '{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"INJECTED"}',
    'ai-sdk': '{"type":"text-delta","id":"t1","delta":"INJECTED"}',
  };
  for (const [name, value] of Object.entries(injections)) {
    it(`${name}: neither \`foo:\` nor Genkit's \`error:\` field is read as an event`, async () => {
      const sse = protocol(name);
      const turn = sse.okTurn();
      // the fields go in the middle of the turn, where an injected text delta would land in the message
      const cut = turn.indexOf('\n\n', turn.indexOf('"ok"')) + 2;
      const body = `${turn.slice(0, cut)}foo: ${value}\n\nerror: ${value}\n\nretry-after: ${value}\n\n${turn.slice(cut)}`;
      const chat = createAgentChat({ transport: sse.transport(hostileFetch(() => body)) });
      expect(await chat.send('x')).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
      expect(JSON.stringify(chat.getState().messages)).not.toContain('INJECTED');
    });
  }

  it('the framer: `error:` becomes a frame only where asked (errorField), every other unknown field never', async () => {
    const bytes = encode('foo: {"a":1}\n\nevent: x\nid: 3\nbar: {"b":2}\ndata: {"c":3}\n\nerror: {"d":4}\n\n');
    const frames = async (errorField: boolean) => {
      const all = [];
      for await (const batch of readFrames(new Blob([bytes]).stream(), createSseFramer({ errorField }))) all.push(...batch);
      return all;
    };
    expect(await frames(false)).toEqual([{ type: 'value', value: { c: 3 }, event: 'x', id: '3' }]);
    expect(await frames(true)).toEqual([
      { type: 'value', value: { c: 3 }, event: 'x', id: '3' },
      { type: 'value', value: { d: 4 }, event: 'error', field: 'error' },
    ]);
  });
});

describe('hostile input: NDJSON fields a protocol does not define are ignored', () => {
  it('tnsai: an unknown field holding a DONE, and an unknown chunk type, change nothing', async () => {
    const tnsai = protocol('tnsai');
    const body = '{"type":"CONTENT","content":"o","foo":{"type":"DONE","finishReason":"ERROR"}}\n{"type":"INJECT","content":"INJECTED"}\n{"type":"CONTENT","content":"k"}\n{"type":"DONE"}\n';
    const chat = createAgentChat({ transport: tnsai.transport(hostileFetch(() => body)) });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
    expect(JSON.stringify(chat.getState().messages)).not.toContain('INJECTED');
  });

  it('agentflow: an unknown event and an unknown envelope field change nothing', async () => {
    const agentflow = protocol('agentflow');
    const body = '{"event":"inject","message":{"role":"assistant","content":[{"type":"text","text":"INJECTED"}],"delta":false},"thread_id":"t-1"}\n' +
      '{"event":"message","foo":{"event":"error","data":{"message":"INJECTED"}},"message":{"role":"assistant","content":[{"type":"text","text":"ok"}],"delta":false},"thread_id":"t-1"}\n';
    const chat = createAgentChat({ transport: agentflow.transport(hostileFetch(() => body)) });
    expect(await chat.send('x')).toMatchObject({ finishReason: 'stop', text: 'ok', error: null });
    expect(JSON.stringify(chat.getState().messages)).not.toContain('INJECTED');
  });
});
