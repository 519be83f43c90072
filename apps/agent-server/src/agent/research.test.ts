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
afterAll(() => Promise.all([t.dispose(), slow.dispose()]));

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
  it('genkit: a reload while the researcher\'s question waits shows the question again; the answer goes back to the researcher, which finishes', async () => {
    const chat = createAgentChat({ transport: ROUTES.genkit!(t), features: [subAgents()] });
    await chat.send('research tides carefully');
    const asked = chat.getState().interrupts[0]!;
    expect(asked.toolRequest.name).toBe('approveSearch');
    const reloaded = createAgentChat({ transport: ROUTES.genkit!(t), features: [subAgents()] });
    await reloaded.restore({ sessionId: chat.getState().sessionId! });
    const waiting = reloaded.getState().interrupts;
    expect(waiting.map((part) => [part.toolRequest.name, part.toolRequest.ref])).toEqual([['approveSearch', asked.toolRequest.ref]]);
    expect(waiting[0]!.toolRequest.input).toMatchObject({ question: 'May I search the web for “tides”?' });
    expect(researchRun(reloaded.getState().messages)).toMatchObject({ agent: 'researcher', status: 'interrupted' });
    const answered = await reloaded.resume([{ toolResponse: { name: 'approveSearch', ref: asked.toolRequest.ref!, output: true } }]);
    expect(answered.error).toBeNull();
    const run = researchRun(reloaded.getState().messages)!;
    expect(run.status).toBe('done');
    expect(textOf(run.messages.flatMap((message) => message.content))).toContain('I found 3 sources');
    expect(answered.text).toContain('Here is what the researcher found');
    expect(reloaded.getState().interrupts).toEqual([]);
  });
});

describe('the question and the kept run on the wire, in each protocol\'s own shape', () => {
  /** A fetch that keeps every response body it passes on (the SSE `data:` values, or the JSON). */
  function tapped() {
    const bodies: Promise<string>[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const response = await globalThis.fetch(input, init);
      bodies.push(response.clone().text());
      return response;
    };
    const frames = async () => (await Promise.all(bodies)).join('\n').split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]').map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
    return { fetch, bodies, frames };
  }

  it('AG-UI: the question is an Interrupt of the researcher\'s run, SUBAGENT_FINISHED suspended names it; connect announces the kept run before the attributed messages; every event passes @ag-ui/core\'s schemas', async () => {
    const { EventSchemas } = await import('@ag-ui/core/schemas');
    const tap = tapped();
    const chat = createAgentChat({ transport: aguiTransport({ url: t.server.aguiUrl, fetch: tap.fetch }), features: [subAgents()] });
    await chat.send('research tides carefully');
    const asked = chat.getState().interrupts[0]!;
    const events = await tap.frames();
    for (const event of events) EventSchemas.parse(event);
    const runId = (events.find((event) => event.type === 'SUBAGENT_STARTED') as { subagentRunId: string }).subagentRunId;
    expect(events).toContainEqual(expect.objectContaining({ type: 'SUBAGENT_FINISHED', subagentRunId: runId, outcome: { type: 'suspended', interruptIds: [asked.toolRequest.ref] } }));
    const finished = events.find((event) => event.type === 'RUN_FINISHED') as { outcome: { interrupts: Record<string, unknown>[] } };
    expect(finished.outcome.interrupts).toEqual([expect.objectContaining({ id: asked.toolRequest.ref, subagentRunId: runId, message: 'May I search the web for “tides”?' })]);
    // A reload while the question waits: connect asks the same question, and the reloaded chat's answer goes back too.
    const waiting = tapped();
    const reloaded = createAgentChat({ transport: aguiTransport({ url: t.server.aguiUrl, fetch: waiting.fetch }), features: [subAgents()] });
    await reloaded.restore({ sessionId: chat.getState().sessionId! });
    const connected = (await waiting.frames()).find((event) => event.type === 'RUN_FINISHED') as { outcome: { interrupts: Record<string, unknown>[] } };
    expect(connected.outcome.interrupts).toEqual([expect.objectContaining({ id: asked.toolRequest.ref, subagentRunId: runId })]);
    expect(reloaded.getState().interrupts.map((part) => part.toolRequest.ref)).toEqual([asked.toolRequest.ref]);
    const answered = await reloaded.resume([{ toolResponse: { name: 'approveSearch', ref: asked.toolRequest.ref!, output: true } }]);
    expect(answered.text).toContain('Here is what the researcher found');

    const restore = tapped();
    await createAgentChat({ transport: aguiTransport({ url: t.server.aguiUrl, fetch: restore.fetch }), features: [subAgents()] }).restore({ sessionId: chat.getState().sessionId! });
    const connect = await restore.frames();
    for (const event of connect) EventSchemas.parse(event);
    const types = connect.map((event) => event.type);
    expect(types.indexOf('SUBAGENT_STARTED')).toBeLessThan(types.indexOf('MESSAGES_SNAPSHOT'));
    expect(types.indexOf('SUBAGENT_FINISHED')).toBeGreaterThan(types.indexOf('MESSAGES_SNAPSHOT'));
    const started = connect.find((event) => event.type === 'SUBAGENT_STARTED') as { subagentRunId: string; parentToolCallId: string; name: string };
    expect(started.name).toBe('researcher');
    const snapshot = connect.find((event) => event.type === 'MESSAGES_SNAPSHOT') as { messages: { role: string; subagentRunId?: string; toolCalls?: { id: string; function: { name: string } }[] }[] };
    const attributed = snapshot.messages.filter((message) => message.subagentRunId === started.subagentRunId);
    expect(attributed.flatMap((message) => message.toolCalls ?? []).map((call) => call.function.name)).toEqual(['approveSearch', 'webSearch']);
    // The researcher's messages are not the conversation's: the parent's own carry no attribution.
    expect(snapshot.messages.filter((message) => message.subagentRunId === undefined).flatMap((message) => message.toolCalls ?? []).map((call) => call.id)).toContain(started.parentToolCallId);
  });

  it('AI SDK: the research call asks approval in the question\'s name, the question is \'approval-requested\' in the researcher\'s UI message; a stored chat\'s research output is the researcher\'s UI message; every chunk passes the ai package\'s schema', async () => {
    const { uiMessageChunkSchema } = await import('ai');
    const tap = tapped();
    const chat = createAgentChat({ transport: aiSdkTransport({ url: t.server.aiSdkUrl, fetch: tap.fetch }), features: [subAgents()] });
    await chat.send('research tides carefully');
    const asked = chat.getState().interrupts[0]!;
    const chunks = await tap.frames();
    const schema = uiMessageChunkSchema();
    for (const chunk of chunks) expect((await schema.validate!(chunk)).success).toBe(true);
    const research = chat.getState().messages.flatMap((message) => message.content).find((part) => isToolRequestPart(part) && part.toolRequest.name === 'research');
    const callRef = research && isToolRequestPart(research) ? research.toolRequest.ref : undefined;
    expect(chunks).toContainEqual({ type: 'tool-approval-request', approvalId: `approval-${asked.toolRequest.ref}`, toolCallId: callRef });
    const outputs = chunks.filter((chunk) => chunk.type === 'tool-output-available' && chunk.preliminary === true) as { output: { parts: Record<string, unknown>[] } }[];
    expect(outputs.at(-1)!.output.parts).toContainEqual(expect.objectContaining({ type: 'tool-approveSearch', state: 'approval-requested', approval: { id: `approval-${asked.toolRequest.ref}` } }));
    // A reload while the question waits: the stored chat's research call asks the same approval; approving it answers
    // the researcher's question.
    const reloaded = createAgentChat({ transport: aiSdkTransport({ url: t.server.aiSdkUrl }), features: [subAgents()] });
    await reloaded.restore({ sessionId: chat.getState().sessionId! });
    const waiting = reloaded.getState().interrupts;
    expect(waiting.map((part) => [part.toolRequest.ref, (part.metadata?.interrupt as { approvalId?: string }).approvalId])).toEqual([[callRef, `approval-${asked.toolRequest.ref}`]]);
    const answered = await reloaded.resume([{ toolResponse: { name: 'research', ref: callRef!, output: true } }]);
    expect(answered.text).toContain('Here is what the researcher found');

    const stored = await (await globalThis.fetch(`${t.server.aiSdkUrl}/chats/${chat.getState().sessionId!}`)).json() as { messages: { parts: Record<string, unknown>[] }[] };
    const call = stored.messages.flatMap((message) => message.parts).find((part) => part.type === 'tool-research') as { state: string; output: { role: string; parts: { type: string }[]; metadata: unknown } };
    expect(call.state).toBe('output-available');
    expect(call.output).toMatchObject({ role: 'assistant', metadata: { agent: 'researcher', status: 'done' } });
    expect(call.output.parts.map((part) => part.type).filter((type) => type.startsWith('tool-'))).toEqual(['tool-approveSearch', 'tool-webSearch']);
  });
});
