import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import {
  aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, isToolResponsePart,
  type AgentChat, type ClientTools, type Transport,
} from '@agent-chat/core';
import { lastAssistantMessageIsCompleteWithToolCalls, validateUIMessages, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskState } from './task-state.js';
import { startTestServer, type TestServer } from '../test-support.js';
import { CLEAR_ALL_PROMPT } from './tools.js';
import { clientTools } from '@agent-chat/core';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

/** A fetch that keeps every JSON request body it sends. */
function recordingFetch() {
  const bodies: any[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return globalThis.fetch(input, init);
  };
  return { bodies, fetch };
}

const PROTOCOLS: Record<string, (fetch: typeof globalThis.fetch) => Transport> = {
  genkit: (fetch) => genkitTransport({ url: t.server.agentUrl, fetch }),
  agui: (fetch) => aguiTransport({ url: t.server.aguiUrl, fetch }),
  'ai-sdk': (fetch) => aiSdkTransport({ url: t.server.aiSdkUrl, fetch }),
};

const LOCAL_TIME = { time: '14:03', timeZone: 'Europe/Berlin' };

function chatOn(protocol: string, tools?: ClientTools) {
  const recorder = recordingFetch();
  const chat: AgentChat<TaskState> = createAgentChat<TaskState>({ features: [clientTools()], transport: PROTOCOLS[protocol]!(recorder.fetch), ...(tools && { tools }) });
  return { chat, bodies: recorder.bodies };
}

describe('the demo agent’s client-side tool getLocalTime, on each protocol the demo speaks', () => {
  for (const protocol of Object.keys(PROTOCOLS)) {
    it(`${protocol}: "what time is it?" runs the tool in the client, the turn continues with its output, and the agent says it`, async () => {
      const execute = vi.fn(() => LOCAL_TIME);
      const { chat, bodies } = chatOn(protocol, { getLocalTime: { description: "The user's local time", execute } });
      const response = await chat.send('what time is it?');
      expect(response.error).toBeNull();
      expect(response.text).toBe('Your local time is 14:03 (Europe/Berlin).');
      expect(execute).toHaveBeenCalledTimes(1);
      expect(bodies).toHaveLength(2);
      expect(chat.getState().interrupts).toEqual([]);
      const answers = chat.getState().messages.flatMap((message) => message.content).filter(isToolResponsePart);
      expect(answers.map((part) => part.toolResponse)).toEqual([expect.objectContaining({ name: 'getLocalTime', output: LOCAL_TIME })]);
      // The conversation goes on from the continued turn.
      expect((await chat.send('add Buy milk')).text).toBe('Added “Buy milk” (task #1).');
    });
  }

  it('genkit: the tool is an interrupt (defineInterrupt) answered with resume.respond', async () => {
    const { chat, bodies } = chatOn('genkit', { getLocalTime: { execute: () => LOCAL_TIME } });
    await chat.send('clock');
    const ref = chat.getState().messages.flatMap((message) => message.content).filter(isToolResponsePart)[0]!.toolResponse.ref;
    expect(bodies[1].data.resume).toEqual({ respond: [{ toolResponse: { name: 'getLocalTime', ref, output: LOCAL_TIME } }] });
  });

  it('agui: the run declares the tool, the call ends the run without an Interrupt, and the next run carries the tool message', async () => {
    const { chat, bodies } = chatOn('agui', { getLocalTime: { description: "The user's local time", execute: () => LOCAL_TIME } });
    await chat.send('what time is it?');
    for (const body of bodies) expect(RunAgentInputSchema.safeParse(body).success).toBe(true);
    expect(bodies[0].tools).toEqual([expect.objectContaining({ name: 'getLocalTime' })]);
    const [assistant, tool] = bodies[1].messages.slice(-2);
    expect(assistant.toolCalls).toEqual([expect.objectContaining({ function: { name: 'getLocalTime', arguments: '{}' } })]);
    expect(tool).toMatchObject({ role: 'tool', toolCallId: assistant.toolCalls[0].id, content: JSON.stringify(LOCAL_TIME) });
    expect(bodies[1].resume).toBeUndefined();
  });

  it('agui: a run that does not declare the tool gets it as an Interrupt instead', async () => {
    const { chat } = chatOn('agui');
    const response = await chat.send('what time is it?');
    expect(response.finishReason).toBe('interrupted');
    expect(chat.getState().interrupts.map((part) => part.toolRequest.name)).toEqual(['getLocalTime']);
  });

  it('ai-sdk: a tool call without an approval, finished as tool-calls; the follow-up passes the AI SDK’s checks', async () => {
    const { chat, bodies } = chatOn('ai-sdk', { getLocalTime: { execute: () => LOCAL_TIME } });
    await chat.send('what time is it?');
    const messages = await validateUIMessages({ messages: bodies[1].messages }) as UIMessage[];
    expect(lastAssistantMessageIsCompleteWithToolCalls({ messages })).toBe(true);
    expect(messages.at(-1)!.parts).toContainEqual(expect.objectContaining({ type: 'tool-getLocalTime', state: 'output-available', output: LOCAL_TIME }));
    const waiting = chatOn('ai-sdk', { getLocalTime: {} }).chat;
    const first = await waiting.send('what time is it?');
    expect(first.finishReason).toBe('other');
    const call = Object.entries(waiting.getState().clientToolCalls);
    expect(call).toEqual([[expect.any(String), expect.objectContaining({ name: 'getLocalTime', status: 'waiting' })]]);
    expect((await waiting.addToolResult({ toolCallId: call[0]![0], output: '9:15' })).text).toBe('Your local time is 9:15.');
  });
});

describe('the "clear all" interrupt tells every protocol’s client how to ask', () => {
  it('genkit: requestMetadata in metadata.interrupt', async () => {
    const { chat } = chatOn('genkit');
    await chat.send('clear');
    expect(chat.getState().interrupts[0]!.metadata?.interrupt).toEqual(CLEAR_ALL_PROMPT);
  });

  it('agui: in the Interrupt’s metadata, next to its message (the question)', async () => {
    const { chat } = chatOn('agui');
    await chat.send('clear');
    expect(chat.getState().interrupts[0]!.metadata?.interrupt).toMatchObject({
      message: 'Clear all tasks? This cannot be undone.',
      metadata: { ...CLEAR_ALL_PROMPT, toolName: 'confirmClearAll' },
    });
  });

  it('ai-sdk: the tool call’s title and toolMetadata, then the approval request', async () => {
    const { chat } = chatOn('ai-sdk');
    await chat.send('clear');
    const [interrupt] = chat.getState().interrupts;
    expect(interrupt!.metadata).toMatchObject({ title: 'Clear all tasks', toolMetadata: CLEAR_ALL_PROMPT, interrupt: { approvalId: expect.any(String) } });
  });
});
