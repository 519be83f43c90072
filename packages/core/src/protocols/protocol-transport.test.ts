import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgentChat } from '../chat/agent-chat.js';
import { agentFlowTransport } from './agentflow/agentflow-transport.js';
import { aguiTransport } from './agui/agui-transport.js';
import { aiSdkTransport } from './ai-sdk/ai-sdk-transport.js';
import { genkitTransport } from './genkit/genkit-transport.js';
import { tnsaiTransport } from './tnsai/tnsai-transport.js';
import { protocolNames, protocolTransport, type ProtocolName } from './protocol-transport.js';
import { protocols } from './protocol-list.js';
import type { ProtocolTransportOptions } from '../transport/protocol-descriptor.js';
import type { Transport } from '../transport/transport.js';
import { startTnsaiLiveServer } from '../../test/tnsai-live-server.js';

afterEach(() => vi.restoreAllMocks());

const eager: Record<ProtocolName, (options: ProtocolTransportOptions) => Transport> = {
  genkit: genkitTransport,
  agentflow: agentFlowTransport,
  agui: aguiTransport,
  'ai-sdk': aiSdkTransport,
  tnsai: tnsaiTransport,
};

describe('the protocol descriptors', () => {
  it.each(protocols.map((protocol) => [protocol.name, protocol] as const))('%s: its factory is its subpath\'s, and load builds that transport', async (name, descriptor) => {
    const subpath = (await import(`./${name}/index.ts`)) as Record<string, unknown>;
    expect(subpath[descriptor.factory]).toBe(eager[name]);
    const loaded = await descriptor.load({ url: 'http://agent.test/api' });
    expect(loaded.name).toBe(name);
    expect(descriptor.contentType).toBe(descriptor.framing === 'sse' ? 'text/event-stream' : 'application/x-ndjson');
  });

  it('protocolTransport takes a descriptor as well as a name', () => {
    expect(protocolTransport(protocols[0], { url: '/api' }).name).toBe(protocols[0].name);
  });
});

describe('protocolTransport', () => {
  it.each(protocolNames)('%s: before loading anything, it has the traits and capabilities of the eager transport', (name) => {
    const url = 'http://agent.test/api';
    const lazy = protocolTransport(name, { url });
    const loaded = eager[name]({ url });
    expect(lazy.name).toBe(loaded.name);
    expect([lazy.echoesToolAnswers, lazy.snapshotReads, lazy.reruns]).toEqual([loaded.echoesToolAnswers, loaded.snapshotReads, loaded.reruns]);
    expect(typeof lazy.getSnapshot).toBe(typeof loaded.getSnapshot);
    expect(typeof lazy.reattach).toBe(typeof loaded.reattach);
    expect(typeof protocolTransport(name, { url, resumable: true }).reattach).toBe(typeof eager[name]({ url, resumable: true }).reattach);
  });

  it('is pure to create (a React render may build it): no request, nothing random, no clock', () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const random = vi.spyOn(Math, 'random');
    const now = vi.spyOn(Date, 'now');
    for (const name of protocolNames) createAgentChat({ transport: protocolTransport(name, { url: '/api/agent', fetch }) });
    expect(fetch).not.toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
  });

  it('the first send waits for the protocol module, then posts to the url with the headers', async () => {
    const server = await startTnsaiLiveServer({ writeDelayMs: 0 });
    try {
      const chat = createAgentChat({ transport: protocolTransport('tnsai', { url: server.url, headers: { authorization: 'Bearer t' } }) });
      const response = await chat.send('hello');
      expect(response.text).toBe('Hello, world!');
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.headers.authorization).toBe('Bearer t');
    } finally {
      await server.close();
    }
  });

  it('refuses an unknown protocol name with a typed error', () => {
    expect(() => protocolTransport('grpc' as ProtocolName, { url: '/x' })).toThrow(expect.objectContaining({ code: 'unsupported' }));
    expect(() => protocolTransport('toString' as ProtocolName, { url: '/x' })).toThrow(/Unknown protocol "toString"/);
  });
});
