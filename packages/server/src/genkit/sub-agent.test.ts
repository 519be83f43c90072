/**
 * A Genkit agent that delegates to a sub-agent through a tool, served by the package's three handlers: the
 * sub-agent's stream reaches each client in its protocol's own shape (Genkit custom.subAgent chunks, AG-UI SUBAGENT_*
 * events, AI SDK preliminary tool outputs) and every client shows the same nested run. Real `genkit/beta` agents on
 * small offline models; the clients are @agent-chat/core's transports.
 */
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, subAgents, isToolRequestPart, textOf, type ChatMessage, type SubAgentRun, type Transport } from '@agent-chat/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { uiMessageChunkSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { genkitRoutes } from './index.js';
import { delegatingAgent } from './sub-agent-test-support.js';

const PROTOCOLS: Record<string, (base: string, fetch: typeof globalThis.fetch) => Transport> = {
  genkit: (base, fetch) => genkitTransport({ url: `${base}/agent`, fetch }),
  agui: (base, fetch) => aguiTransport({ url: `${base}/agui`, fetch }),
  aiSdk: (base, fetch) => aiSdkTransport({ url: `${base}/ai-sdk`, fetch }),
};

const runOf = (messages: readonly ChatMessage[], ref: string): SubAgentRun | undefined => {
  for (const message of messages) {
    for (const part of message.content) {
      if (isToolRequestPart(part) && part.toolRequest.ref === ref) return part.metadata?.subAgent as SubAgentRun | undefined;
    }
  }
  return undefined;
};

/**
 * The response's body re-cut into one line a read, whatever the server's writes and the machine's load: a read then
 * completes at most one frame, so every event the server sent is a store update of its own (a state per event), and
 * what the client saw no longer depends on how many frames a network read happened to carry.
 */
function lineByLine(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const encoder = new TextEncoder();
    let lines: string[] = [];
    let rest = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        while (lines.length === 0) {
          const read = await reader.read();
          if (read.done) {
            if (rest === '') return controller.close();
            lines = [rest];
            rest = '';
          } else {
            lines = (rest + read.value).split(/(?<=\n)/);
            rest = lines[lines.length - 1]!.endsWith('\n') ? '' : lines.pop()!;
          }
        }
        controller.enqueue(encoder.encode(lines.shift()!));
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

describe('a sub-agent run in a tool, forwarded by every handler', () => {
  const { agent, store } = delegatingAgent();
  const routes = genkitRoutes({ agent, store, user: 'anonymous' });
  const fetch = lineByLine(async (input, init) => routes(new Request(input, init)));

  for (const [protocol, transportOf] of Object.entries(PROTOCOLS)) {
    it(`${protocol}: the researcher's text and its own search call stream nested under the research call; the answer follows`, async () => {
      const chat = createAgentChat({ transport: transportOf('http://localhost:3000/api', fetch), features: [subAgents()] });
      const seen: string[] = [];
      chat.subscribe((state) => {
        const run = runOf(state.messages, 'research-1');
        if (run) seen.push(`${run.status}:${textOf(run.messages.flatMap((message) => message.content))}`);
      });
      await chat.send('research tides');
      const { messages, status, error } = chat.getState();
      expect(error).toBeNull();
      expect(status).toBe('ready');
      const run = runOf(messages, 'research-1')!;
      expect(run).toMatchObject({ agent: 'researcher', status: 'done' });
      const parts = run.messages.flatMap((message) => message.content);
      expect(textOf(parts)).toBe('Searching the web.The moon pulls the sea.');
      expect(parts).toContainEqual(expect.objectContaining({ toolRequest: expect.objectContaining({ name: 'search', ref: 'search-1' }) }));
      expect(parts).toContainEqual(expect.objectContaining({ toolResponse: expect.objectContaining({ name: 'search', output: ['moon', 'gravity'] }) }));
      // It streamed: the server sent the run's text as it came, so the client, taking one event at a time, had a state
      // with the run going on and only part of its text, before the state with all of it.
      const partial = seen.findIndex((entry) => entry.startsWith('running:Searching') && !entry.includes('moon'));
      expect(partial).toBeGreaterThanOrEqual(0);
      expect(partial).toBeLessThan(seen.findIndex((entry) => entry.includes('The moon pulls the sea.')));
      expect(textOf(messages[messages.length - 1]!.content)).toBe('Tides come from the moon.');
    });
  }
});

describe('the sub-agent on each wire, in its protocol\'s own shape', () => {
  const { agent, store } = delegatingAgent();
  const routes = genkitRoutes({ agent, store, user: 'anonymous' });
  /** The SSE `data:` values of the responses a chat's turn got. */
  async function wireOf(protocol: keyof typeof PROTOCOLS): Promise<Record<string, unknown>[]> {
    const bodies: Promise<string>[] = [];
    const tap: typeof globalThis.fetch = async (input, init) => {
      const response = await routes(new Request(input, init));
      bodies.push(response.clone().text());
      return response;
    };
    await createAgentChat({ transport: PROTOCOLS[protocol]!('http://localhost:3000/api', tap), features: [subAgents()] }).send('research tides');
    const text = (await Promise.all(bodies)).join('\n');
    return text.split('\n').filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]').map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  }

  it('AG-UI: every event passes @ag-ui/core\'s schemas; SUBAGENT_STARTED under the research call, its events attributed, SUBAGENT_FINISHED', async () => {
    const events = await wireOf('agui');
    for (const event of events) EventSchemas.parse(event);
    expect(events).toContainEqual(expect.objectContaining({ type: 'SUBAGENT_STARTED', name: 'researcher', parentToolCallId: 'research-1' }));
    const runId = (events.find((event) => event.type === 'SUBAGENT_STARTED') as { subagentRunId: string }).subagentRunId;
    expect(events.filter((event) => event.subagentRunId === runId).map((event) => event.type)).toEqual(expect.arrayContaining(['TEXT_MESSAGE_CONTENT', 'TOOL_CALL_START', 'TOOL_CALL_RESULT', 'SUBAGENT_FINISHED']));
  });

  it('AI SDK: every chunk passes the ai package\'s schema; preliminary outputs of the research call carry the researcher\'s UIMessage', async () => {
    const chunks = await wireOf('aiSdk');
    const schema = uiMessageChunkSchema();
    for (const chunk of chunks) expect((await schema.validate!(chunk)).success).toBe(true);
    const preliminary = chunks.filter((chunk) => chunk.type === 'tool-output-available' && chunk.preliminary === true);
    expect(preliminary.length).toBeGreaterThan(2);
    const last = preliminary[preliminary.length - 1] as { toolCallId: string; output: { role: string; parts: { type: string }[]; metadata: unknown } };
    expect(last.toolCallId).toBe('research-1');
    expect(last.output).toMatchObject({ role: 'assistant', metadata: { agent: 'researcher' } });
    expect(last.output.parts.map((part) => part.type)).toEqual(['text', 'tool-search', 'text']);
  });
});
