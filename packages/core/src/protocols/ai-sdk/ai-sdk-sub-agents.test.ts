import { jsonSchema, readUIMessageStream, stepCountIs, streamText, tool, uiMessageChunkSchema, validateUIMessages, type UIMessageChunk } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../../chat/agent-chat.js';
import { subAgents } from '../../chat/sub-agents/sub-agents.js';
import type { AgentEvent } from '../../model/events.js';
import type { ChatMessage } from '../../model/message.js';
import { isToolRequestPart, textOf } from '../../model/part.js';
import { subAgentOf, type SubAgentRun } from '../../model/sub-agent.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';
import { aiSdkTransport, buildAiSdkRequestBody, createAiSdkDecoder } from './index.js';

// The AI SDK's agent used as a tool, produced by the `ai` package itself: a parent streamText whose `research` tool
// runs a researcher (another streamText with a `search` tool of its own) and yields its UI message as it grows
// (readUIMessageStream): preliminary tool outputs carrying a UIMessage, then the final one.

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };
type ModelChunk = Record<string, unknown> & { type: string };
const text = (id: string, ...deltas: string[]): ModelChunk[] => [{ type: 'text-start', id }, ...deltas.map((delta) => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];

/** A model that plays one scripted step per call. */
function scriptedModel(steps: ModelChunk[][]): MockLanguageModelV3 {
  let step = 0;
  return new MockLanguageModelV3({
    doStream: async () => {
      const chunks = steps[Math.min(step++, steps.length - 1)]!;
      return { stream: simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...chunks] as never[] }) };
    },
  });
}

const toolStep = (toolCallId: string, toolName: string, input: unknown): ModelChunk[] => [
  { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
];
const textStep = (id: string, ...deltas: string[]): ModelChunk[] => [...text(id, ...deltas), { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }];

/** The chunks of the parent's UI message stream, each checked against the AI SDK's own chunk schema. */
async function researchChunks(): Promise<UIMessageChunk[]> {
  const researcher = () => streamText({
    model: scriptedModel([
      [...text('r0', 'Searching', ' the web.'), ...toolStep('s1', 'search', { q: 'tides' })],
      textStep('r1', 'The moon', ' pulls the sea.'),
    ]),
    prompt: 'research tides',
    stopWhen: stepCountIs(3),
    tools: {
      search: tool({ inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }), execute: async () => ['moon', 'gravity'] }),
    },
  });
  const parent = streamText({
    model: scriptedModel([toolStep('c1', 'research', { topic: 'tides' }), textStep('p1', 'Tides come from the moon.')]),
    prompt: 'research tides',
    stopWhen: stepCountIs(3),
    tools: {
      research: tool({
        inputSchema: jsonSchema<{ topic: string }>({ type: 'object', properties: { topic: { type: 'string' } } }),
        async *execute() {
          for await (const message of readUIMessageStream({ stream: researcher().toUIMessageStream() })) yield message;
        },
      }),
    },
  });
  const chunks: UIMessageChunk[] = [];
  const schema = uiMessageChunkSchema();
  for await (const chunk of parent.toUIMessageStream()) {
    const checked = await schema.validate!(chunk);
    if (!checked.success) throw checked.error;
    chunks.push(chunk);
  }
  return chunks;
}

function decode(chunks: readonly unknown[]): AgentEvent[] {
  const decoder = createAiSdkDecoder({ sessionId: 'c' });
  const events = chunks.flatMap((value) => decoder.decode({ type: 'value', value }));
  return [...events, ...decoder.decode({ type: 'text', text: '[DONE]' }), ...decoder.end()];
}

const runOf = (messages: readonly ChatMessage[], ref: string): SubAgentRun | undefined => {
  for (const message of messages) for (const part of message.content) if (isToolRequestPart(part) && part.toolRequest.ref === ref) return subAgentOf(part);
  return undefined;
};

describe('AI SDK agent used as a tool (preliminary tool outputs carrying a UIMessage)', () => {
  it('the ai package streams the researcher\'s message as preliminary outputs; the decoder turns the growth into run events', async () => {
    const chunks = await researchChunks();
    expect(chunks.filter((chunk) => chunk.type === 'tool-output-available' && chunk.preliminary).length).toBeGreaterThan(2);
    const events = decode(chunks);
    expect(events).toContainEqual({ type: 'sub-agent-start', within: ['c1'], agent: 'research', runId: expect.any(String) });
    // Each output carries the whole message so far; only the new text is an event.
    const nestedText = events.filter((event) => event.type === 'text-delta' && 'within' in event).map((event) => (event as { text: string }).text);
    expect(nestedText.join('')).toBe('Searching the web.The moon pulls the sea.');
    expect(events).toContainEqual({ type: 'sub-agent-end', within: ['c1'], status: 'done' });
  });

  it('the chat shows the researcher\'s run (text, its own search call and result) under the research call; the answer below', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([decode(await researchChunks())], { batchSize: 3 }), features: [subAgents()] });
    await chat.send('research tides');
    const { messages, status } = chat.getState();
    expect(status).toBe('ready');
    const run = runOf(messages, 'c1')!;
    expect(run.status).toBe('done');
    const parts = run.messages.flatMap((message) => message.content);
    expect(textOf(parts)).toBe('Searching the web.The moon pulls the sea.');
    expect(parts).toContainEqual(expect.objectContaining({ toolRequest: expect.objectContaining({ name: 'search', ref: 's1', input: { q: 'tides' } }) }));
    expect(parts).toContainEqual(expect.objectContaining({ toolResponse: expect.objectContaining({ name: 'search', ref: 's1', output: ['moon', 'gravity'] }) }));
    expect(run.messages.every((message) => message.status === 'done')).toBe(true);
    expect(textOf(messages[messages.length - 1]!.content)).toBe('Tides come from the moon.');
  });

  it('a tool that fails after its sub-agent started ends the run failed', () => {
    const message = { id: 'u1', role: 'assistant', parts: [{ type: 'text', text: 'half', state: 'streaming' }] };
    const events = decode([
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'research', input: {} },
      { type: 'tool-output-available', toolCallId: 'c1', output: message, preliminary: true },
      { type: 'tool-output-error', toolCallId: 'c1', errorText: 'quota' },
      { type: 'finish' },
    ]);
    expect(events).toContainEqual({ type: 'sub-agent-end', within: ['c1'], status: 'failed', error: 'quota' });
  });
});

describe('AI SDK: a server that ends the agent tool with its own result', () => {
  it('a final output that is not a UI message ends the run done, its messages complete', () => {
    const events = decode([
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'research', input: {} },
      { type: 'tool-output-available', toolCallId: 'c1', output: { id: 'u', role: 'assistant', parts: [{ type: 'text', text: 'The moon', state: 'streaming' }] }, preliminary: true },
      { type: 'tool-output-available', toolCallId: 'c1', output: 'The moon pulls the sea.' },
      { type: 'finish' },
    ]);
    expect(events).toContainEqual({ type: 'sub-agent-end', within: ['c1'], status: 'done' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'message-complete', within: ['c1'] }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool-response', part: { toolResponse: { name: 'research', ref: 'c1', output: 'The moon pulls the sea.' } } }));
  });
});

describe('AI SDK: a sub-agent\'s question and a stored run', () => {
  const question = { toolRequest: { name: 'approveSearch', ref: 'q1', input: { question: 'May I search?' } }, metadata: { interrupt: { approvalId: 'approval-q1' } } };
  const history: ChatMessage[] = [
    { id: 'u', role: 'user', status: 'done', content: [{ text: 'research tides carefully' }] },
    { id: 'm', role: 'model', status: 'done', content: [{ toolRequest: { name: 'research', ref: 'c1', input: { topic: 'tides' } }, metadata: { subAgent: { agent: 'researcher', status: 'interrupted', messages: [{ id: 'r0', role: 'model', status: 'done', content: [question] }] } satisfies SubAgentRun } }] },
  ];

  it('the answer to a question asked inside a run is the approval of the call that runs it, in the question\'s name', async () => {
    const body = buildAiSdkRequestBody({ input: { resume: { respond: [{ toolResponse: { name: 'approveSearch', ref: 'q1', output: true } }] } }, history }, 'chat');
    const call = body.messages.at(-1)!.parts.find((part) => part.toolCallId === 'c1')!;
    expect(call).toMatchObject({ type: 'tool-research', state: 'approval-responded', approval: { id: 'approval-q1', approved: true } });
    expect(body.messageId).toBe(body.messages.at(-1)!.id);
    expect((await validateUIMessages({ messages: body.messages })).length).toBe(2);
  });

  it('a stored chat whose tool output is an agent\'s UI message: the run goes onto the call, the result is its last text', async () => {
    const stored = {
      id: 'chat',
      messages: [
        { id: 'u', role: 'user', parts: [{ type: 'text', text: 'research tides' }] },
        { id: 'a', role: 'assistant', parts: [
          { type: 'step-start' },
          { type: 'tool-research', toolCallId: 'c1', state: 'output-available', input: { topic: 'tides' }, output: {
            id: 'subagent:c1', role: 'assistant', metadata: { agent: 'researcher', status: 'done' }, parts: [
              { type: 'step-start' }, { type: 'text', text: 'Searching.' },
              { type: 'tool-search', toolCallId: 's1', state: 'output-available', input: { q: 'tides' }, output: ['moon'] },
              { type: 'step-start' }, { type: 'text', text: 'The moon pulls the sea.' },
            ] } },
          { type: 'step-start' }, { type: 'text', text: 'Tides come from the moon.' },
        ] },
      ],
    };
    const fetch: typeof globalThis.fetch = async () => Response.json(stored);
    const chat = createAgentChat({ transport: aiSdkTransport({ url: '/api/ai-sdk', fetch }), features: [subAgents()] });
    await chat.restore({ sessionId: 'chat' });
    const { messages } = chat.getState();
    const run = runOf(messages, 'c1')!;
    expect(run).toMatchObject({ agent: 'researcher', status: 'done' });
    expect(run.messages.map((message) => [message.role, textOf(message.content)])).toEqual([['model', 'Searching.'], ['tool', ''], ['model', 'The moon pulls the sea.']]);
    expect(run.messages[1]!.content).toEqual([{ toolResponse: { name: 'search', ref: 's1', output: ['moon'] } }]);
    const result = messages.flatMap((message) => message.content).find((part) => 'toolResponse' in part && part.toolResponse.ref === 'c1');
    expect(result).toEqual({ toolResponse: { name: 'research', ref: 'c1', output: 'The moon pulls the sea.' } });
  });
});
