import { EventSchemas } from '@ag-ui/core/schemas';
import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../../chat/agent-chat.js';
import { subAgents } from '../../chat/sub-agents/sub-agents.js';
import type { AgentEvent } from '../../model/events.js';
import { isToolRequestPart, textOf, type Part } from '../../model/part.js';
import { subAgentOf } from '../../model/sub-agent.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';
import { snapshotFromEvents } from '../../transport/snapshot-from-events.js';
import { createAguiDecoder } from './index.js';

// AG-UI 1.0's subagents: lifecycle events, and `subagentRunId` on what a subagent produces. Every value below passes
// @ag-ui/core's own event schemas, so the stream is one a real AG-UI producer may send.

type Value = Record<string, unknown>;

function decode(values: Value[]): AgentEvent[] {
  const decoder = createAguiDecoder({ threadId: 't1' });
  const events: AgentEvent[] = [];
  for (const value of values) {
    EventSchemas.parse(value);
    events.push(...decoder.decode({ type: 'value', value }));
  }
  events.push(...decoder.end());
  return events.map((event) => {
    if (!('source' in event)) return event;
    const { source: _source, ...rest } = event;
    return rest as AgentEvent;
  });
}

const sub = { subagentRunId: 'sub-1' };
const researchStream: Value[] = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'research', parentMessageId: 'm1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"topic":"tides"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-1', name: 'researcher', parentToolCallId: 'c1', parentMessageId: 'm1' },
  { type: 'REASONING_MESSAGE_START', messageId: 'sr1', role: 'reasoning', ...sub },
  { type: 'REASONING_MESSAGE_CONTENT', messageId: 'sr1', delta: 'Search first.', ...sub },
  { type: 'REASONING_MESSAGE_END', messageId: 'sr1', ...sub },
  { type: 'TEXT_MESSAGE_START', messageId: 'sm1', role: 'assistant', ...sub },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'sm1', delta: 'Searching.', ...sub },
  { type: 'TOOL_CALL_START', toolCallId: 's1', toolCallName: 'search', parentMessageId: 'sm1', ...sub },
  { type: 'TOOL_CALL_ARGS', toolCallId: 's1', delta: '{"q":"tides"}', ...sub },
  { type: 'TOOL_CALL_END', toolCallId: 's1', ...sub },
  { type: 'TEXT_MESSAGE_END', messageId: 'sm1', ...sub },
  { type: 'TOOL_CALL_RESULT', messageId: 'st1', toolCallId: 's1', content: '["moon"]', ...sub },
  { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-2', name: 'summarizer', parentSubagentRunId: 'sub-1', parentToolCallId: 's2' },
  { type: 'TEXT_MESSAGE_CHUNK', messageId: 'deep', delta: 'short', subagentRunId: 'sub-2' },
  { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-2' },
  { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-1', result: 'The moon.' },
  { type: 'TOOL_CALL_RESULT', messageId: 't1r', toolCallId: 'c1', content: 'The moon.' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'Tides come from the moon.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm2' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

async function chatState(events: AgentEvent[]) {
  const chat = createAgentChat({ transport: scriptedTransport([events]), features: [subAgents()] });
  await chat.send('research tides').catch(() => undefined);
  return chat.getState();
}

const runIn = (parts: readonly Part[], ref: string) => {
  const part = parts.find((candidate) => isToolRequestPart(candidate) && candidate.toolRequest.ref === ref);
  return part ? subAgentOf(part) : undefined;
};

describe('AG-UI subagents', () => {
  it('decodes SUBAGENT_* and subagentRunId-attributed events into the run under the spawning tool call', () => {
    const events = decode(researchStream);
    expect(events).toContainEqual({ type: 'sub-agent-start', within: ['c1'], runId: 'sub-1', agent: 'researcher' });
    expect(events).toContainEqual({ type: 'text-delta', text: 'Searching.', role: 'model', messageKey: 'sr1', within: ['c1'] });
    expect(events).toContainEqual({ type: 'sub-agent-start', within: ['c1', 's2'], runId: 'sub-2', agent: 'summarizer' });
    expect(events).toContainEqual({ type: 'sub-agent-end', within: ['c1', 's2'], status: 'done' });
    expect(events).toContainEqual({ type: 'sub-agent-end', within: ['c1'], status: 'done' });
    // The parent's own events carry no `within`.
    expect(events.filter((event) => event.type === 'text-delta' && !('within' in event)).map((event) => (event as { text: string }).text)).toEqual(['Tides come from the moon.']);
  });

  it('the chat shows the run nested with its reasoning, text, own tool call and result, and the parent answer below', async () => {
    const state = await chatState(decode(researchStream));
    const [, call, result, answer] = state.messages;
    const run = runIn(call!.content, 'c1')!;
    expect(run).toMatchObject({ agent: 'researcher', runId: 'sub-1', status: 'done' });
    expect(run.messages[0]!.content.slice(0, 3)).toEqual([
      { reasoning: 'Search first.' },
      expect.objectContaining({ text: 'Searching.' }),
      expect.objectContaining({ toolRequest: { name: 'search', ref: 's1', input: { q: 'tides' } } }),
    ]);
    expect(run.messages.some((message) => message.role === 'tool' && message.content.some((part) => 'toolResponse' in part))).toBe(true);
    const deep = run.messages.flatMap((message) => message.content).map((part) => subAgentOf(part)).find(Boolean)!;
    expect(deep).toMatchObject({ agent: 'summarizer', status: 'done' });
    expect(textOf(deep.messages[0]!.content)).toBe('short');
    expect(result!.role).toBe('tool');
    expect(textOf(answer!.content)).toBe('Tides come from the moon.');
  });

  it('an interrupt a subagent raised is asked inside its run; SUBAGENT_FINISHED suspended leaves it interrupted', async () => {
    const events = decode([
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'research' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-1', name: 'researcher', parentToolCallId: 'c1' },
      { type: 'TOOL_CALL_START', toolCallId: 'q1', toolCallName: 'confirmSource', ...sub },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'q1', delta: '{"url":"https://a.example"}', ...sub },
      { type: 'TOOL_CALL_END', toolCallId: 'q1', ...sub },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-1', outcome: { type: 'suspended', interruptIds: ['i1'] } },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'tool_call', toolCallId: 'q1', subagentRunId: 'sub-1' }] } },
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'interrupt-request', within: ['c1'] }));
    const state = await chatState(events);
    expect(state.finishReason).toBe('interrupted');
    expect(state.interrupts).toEqual([expect.objectContaining({ toolRequest: { name: 'confirmSource', ref: 'i1', input: { url: 'https://a.example' } } })]);
    expect(runIn(state.messages[1]!.content, 'c1')!.status).toBe('interrupted');
  });

  it('SUBAGENT_ERROR fails the run with its message; the parent run goes on', async () => {
    const state = await chatState(decode([
      { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'research' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-1', name: 'researcher', parentToolCallId: 'c1' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'x', delta: 'half', ...sub },
      { type: 'SUBAGENT_ERROR', subagentRunId: 'sub-1', message: 'quota' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
    ]));
    expect(state.status).toBe('ready');
    expect(runIn(state.messages[1]!.content, 'c1')).toMatchObject({ status: 'failed', error: 'quota' });
  });

  it('a restored thread (connect): runs announced before MESSAGES_SNAPSHOT take their attributed messages, nested too, and end as their events say', () => {
    const snapshot = snapshotFromEvents(decode([
      { type: 'RUN_STARTED', threadId: 't1', runId: 'connect' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-1', name: 'researcher', parentToolCallId: 'c1' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-2', name: 'summarizer', parentToolCallId: 's2', parentSubagentRunId: 'sub-1' },
      { type: 'MESSAGES_SNAPSHOT', messages: [
        { id: 't1:0', role: 'user', content: 'research tides' },
        { id: 't1:1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'research', arguments: '{"topic":"tides"}' } }] },
        { id: 'sub-1:0', role: 'assistant', content: 'Searching.', toolCalls: [{ id: 's2', type: 'function', function: { name: 'summarize', arguments: '{}' } }], subagentRunId: 'sub-1' },
        { id: 'sub-2:0', role: 'assistant', content: 'short', subagentRunId: 'sub-2' },
        { id: 'sub-1:1:s2', role: 'tool', toolCallId: 's2', content: '"short"', subagentRunId: 'sub-1' },
        { id: 't1:2:c1', role: 'tool', toolCallId: 'c1', content: '"The moon."' },
        { id: 't1:3', role: 'assistant', content: 'Tides come from the moon.' },
      ] },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-2' },
      { type: 'SUBAGENT_ERROR', subagentRunId: 'sub-1', message: 'The sub-agent was stopped.', code: 'aborted' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'connect' },
    ]), 't1');
    const messages = snapshot.state!.messages;
    // The conversation is the parent's: no message of a run leaks into it.
    expect(messages.map((message) => message.role)).toEqual(['user', 'model', 'tool', 'model']);
    const run = runIn(messages[1]!.content, 'c1')!;
    expect(run).toMatchObject({ agent: 'researcher', runId: 'sub-1', status: 'failed' });
    expect(run.messages.map((message) => [message.role, textOf(message.content)])).toEqual([['model', 'Searching.'], ['tool', '']]);
    expect(run.messages.every((message) => typeof message.id === 'string' && message.status === 'done')).toBe(true);
    expect(runIn(run.messages[0]!.content, 's2')).toMatchObject({ agent: 'summarizer', status: 'done', messages: [expect.objectContaining({ content: [{ text: 'short' }] })] });
  });
});
