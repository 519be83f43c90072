/**
 * "research X" on the task agent: the researcher sub-agent streams its own steps and its own webSearch call nested
 * under the research call, on each of the server's three routes; stop stops it too.
 */
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, subAgents, isToolRequestPart, textOf, type ChatMessage, type SubAgentRun, type Transport } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support.js';
import { RESEARCH_BRIEF, decideReply } from './scripted-replies.js';
import { searchResults } from './research.js';

let t: TestServer;
let slow: TestServer;
beforeAll(async () => {
  [t, slow] = await Promise.all([startTestServer(), startTestServer({ tokenDelayMs: 20 })]);
});
afterAll(() => Promise.all([t.close(), slow.close()]));

const ROUTES: Record<string, (server: TestServer) => Transport> = {
  genkit: (server) => genkitTransport({ url: server.server.agentUrl }),
  agui: (server) => aguiTransport({ url: server.server.aguiUrl }),
  aiSdk: (server) => aiSdkTransport({ url: server.server.aiSdkUrl }),
};

function researchRun(messages: readonly ChatMessage[]): SubAgentRun | undefined {
  for (const message of messages) {
    for (const part of message.content) if (isToolRequestPart(part) && part.toolRequest.name === 'research') return part.metadata?.subAgent as SubAgentRun | undefined;
  }
  return undefined;
}

describe('the scripted model, as the researcher', () => {
  it('a brief is searched (webSearch), the results summarized; "research X" asks the researcher', () => {
    expect(decideReply([{ role: 'user', content: [{ text: 'research tides' }] }])).toEqual({ kind: 'tool', name: 'research', input: { topic: 'tides' }, preamble: 'Let me ask the researcher.' });
    expect(decideReply([{ role: 'user', content: [{ text: `${RESEARCH_BRIEF} tides` }] }])).toMatchObject({ kind: 'tool', name: 'webSearch', input: { query: 'tides' } });
    expect(searchResults('Tides now').map((source) => source.url)).toEqual(['https://example.com/tides-now/overview', 'https://example.com/tides-now/history', 'https://example.com/tides-now/latest']);
  });
});

describe('"research X" on every route', () => {
  for (const [route, transportOf] of Object.entries(ROUTES)) {
    it(`${route}: the researcher's steps and its webSearch stream nested under the research call; the answer follows`, async () => {
      const chat = createAgentChat({ transport: transportOf(t), features: [subAgents()] });
      let streamed = false;
      chat.subscribe((state) => {
        const run = researchRun(state.messages);
        if (run?.status === 'running' && textOf(run.messages.flatMap((message) => message.content)).startsWith('Searching')) streamed = true;
      });
      const response = await chat.send('research tides');
      expect(response.error).toBeNull();
      const run = researchRun(chat.getState().messages)!;
      expect(run).toMatchObject({ agent: 'researcher', status: 'done' });
      const parts = run.messages.flatMap((message) => message.content);
      expect(textOf(parts)).toContain('Searching the web for “tides”.');
      expect(textOf(parts)).toContain('I found 3 sources');
      expect(parts).toContainEqual(expect.objectContaining({ toolRequest: expect.objectContaining({ name: 'webSearch', input: { query: 'tides' } }) }));
      expect(parts).toContainEqual(expect.objectContaining({ toolResponse: expect.objectContaining({ name: 'webSearch', output: searchResults('tides') }) }));
      expect(streamed).toBe(true);
      expect(response.text).toContain('Here is what the researcher found');
    });
  }

  it('stop stops the researcher too: its run ends aborted before its search came back', async () => {
    const chat = createAgentChat({ transport: ROUTES.genkit!(slow), features: [subAgents()] });
    const started = new Promise<void>((resolve) => chat.subscribe((state) => {
      if (researchRun(state.messages)?.messages.length) resolve();
    }));
    const sent = chat.send('research tides');
    await started;
    await chat.stop();
    await sent.catch(() => undefined);
    const run = researchRun(chat.getState().messages)!;
    expect(run.status).toBe('aborted');
    expect(textOf(run.messages.flatMap((message) => message.content))).not.toContain('I found');
  });
});

describe('"research X" after a reload', () => {
  for (const [route, transportOf] of Object.entries(ROUTES)) it(`${route}: the session keeps the researcher's run with the research result; a restored chat shows it on the call, done`, async () => {
    const chat = createAgentChat({ transport: transportOf(t), features: [subAgents()] });
    await chat.send('research tides');
    const live = researchRun(chat.getState().messages)!;
    // While streamed, the run has one place: the call (the result part does not carry a second copy).
    const results = chat.getState().messages.flatMap((message) => message.content).filter((part) => 'toolResponse' in part);
    expect(results.every((part) => part.metadata?.subAgent === undefined)).toBe(true);
    const reloaded = createAgentChat({ transport: transportOf(t), features: [subAgents()] });
    await reloaded.restore({ sessionId: chat.getState().sessionId! });
    const restored = researchRun(reloaded.getState().messages)!;
    expect(restored).toMatchObject({ agent: 'researcher', status: 'done' });
    const parts = (run: SubAgentRun) => run.messages.flatMap((message) => message.content);
    expect(textOf(parts(restored))).toBe(textOf(parts(live)));
    expect(parts(restored)).toContainEqual(expect.objectContaining({ toolRequest: expect.objectContaining({ name: 'webSearch' }) }));
    expect(restored.messages.every((message) => typeof message.id === 'string' && message.status === 'done')).toBe(true);
  });
});

describe('"research X carefully": the researcher asks first', () => {
  for (const [route, transportOf] of Object.entries(ROUTES)) it(`${route}: its question reaches the user (and only it); the answer goes back to the researcher, which searches and reports`, async () => {
    const chat = createAgentChat({ transport: transportOf(t), features: [subAgents()] });
    const first = await chat.send('research tides carefully');
    expect(first.finishReason).toBe('interrupted');
    const { interrupts, messages } = chat.getState();
    expect(interrupts.map((part) => part.toolRequest.name)).toEqual(['approveSearch']);
    expect(interrupts[0]!.toolRequest.input).toMatchObject({ question: 'May I search the web for “tides”?' });
    expect(researchRun(messages)!.status).toBe('interrupted');
    const answered = await chat.resume([{ toolResponse: { name: 'approveSearch', ref: interrupts[0]!.toolRequest.ref!, output: true } }]);
    expect(answered.error).toBeNull();
    const run = researchRun(chat.getState().messages)!;
    expect(run.status).toBe('done');
    const text = textOf(run.messages.flatMap((message) => message.content));
    expect(text).toContain('Searching the web for “tides”.');
    expect(text).toContain('I found 3 sources');
    expect(answered.text).toContain('Here is what the researcher found');
    expect(chat.getState().interrupts).toEqual([]);
  });
});
