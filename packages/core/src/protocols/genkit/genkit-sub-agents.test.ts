import { AgentStreamChunkSchema } from 'genkit/beta';
import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../../chat/agent-chat.js';
import { subAgents } from '../../chat/sub-agents/sub-agents.js';
import type { AgentEvent } from '../../model/events.js';
import { isToolRequestPart, textOf } from '../../model/part.js';
import { subAgentOf } from '../../model/sub-agent.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';
import { createGenkitDecoder } from './genkit-decoder.js';
import { parseGenkitSnapshot } from './genkit-snapshot.js';

// A sub-agent's stream forwarded through a Genkit agent: tool-phase model chunks with `custom.subAgent`. Each chunk is
// parsed with Genkit's own AgentStreamChunkSchema first: the shape is one a Genkit agent may stream (custom survives).

const sub = (path: string[], fields: Record<string, unknown> = {}) => ({ subAgent: { path, agent: 'researcher', ...fields } });
const chunks: Record<string, unknown>[] = [
  { modelChunk: { role: 'model', index: 0, content: [{ toolRequest: { name: 'research', ref: 'c1', input: { topic: 'tides' } } }] } },
  { modelChunk: { role: 'tool', content: [], custom: sub(['c1'], { status: 'running' }) } },
  { modelChunk: { role: 'tool', content: [{ text: 'Searching' }], custom: sub(['c1'], { role: 'model', index: 0 }) } },
  { modelChunk: { role: 'tool', content: [{ toolRequest: { name: 'search', ref: 's1', input: { q: 'tides' } } }], custom: sub(['c1'], { role: 'model', index: 0 }) } },
  { modelChunk: { role: 'tool', content: [{ toolResponse: { name: 'search', ref: 's1', output: ['moon'] } }], custom: sub(['c1'], { role: 'tool', index: 1 }) } },
  { modelChunk: { role: 'tool', content: [{ text: 'The moon.' }], custom: sub(['c1'], { role: 'model', index: 2 }) } },
  { modelChunk: { role: 'tool', content: [], custom: sub(['c1'], { status: 'done' }) } },
  { modelChunk: { role: 'tool', index: 1, content: [{ toolResponse: { name: 'research', ref: 'c1', output: 'The moon.' } }] } },
  { modelChunk: { role: 'model', index: 2, content: [{ text: 'Tides come from the moon.' }] } },
  { turnEnd: { finishReason: 'stop', snapshotId: 'snap-1' } },
];

function decode(values: Record<string, unknown>[]): AgentEvent[] {
  const decoder = createGenkitDecoder();
  const events: AgentEvent[] = [];
  for (const value of values) {
    expect(AgentStreamChunkSchema.parse(value)).toEqual(value);
    events.push(...decoder.decode({ type: 'value', value: { message: value } }));
  }
  return [...events, ...decoder.decode({ type: 'value', value: { result: { sessionId: 's', snapshotId: 'snap-1', finishReason: 'stop', message: { role: 'model', content: [{ text: 'Tides come from the moon.' }] } } } })];
}

describe('Genkit: a sub-agent called as a tool, its stream forwarded', () => {
  it('decodes custom.subAgent chunks into the run under the tool call (start, content by the sub-agent\'s role and index, end)', () => {
    const events = decode(chunks);
    expect(events).toContainEqual({ type: 'sub-agent-start', within: ['c1'], agent: 'researcher' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'text-delta', text: 'Searching', role: 'model', messageKey: 'model:0', within: ['c1'] }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool-response', role: 'tool', messageKey: 'tool:1', within: ['c1'] }));
    expect(events).toContainEqual({ type: 'sub-agent-end', within: ['c1'], status: 'done' });
  });

  it('the chat keeps the run under the research call, its search call answered, and the answer after it', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([decode(chunks)], { batchSize: 2 }), features: [subAgents()] });
    await chat.send('research tides');
    const { messages } = chat.getState();
    const call = messages.flatMap((message) => message.content).find((part) => isToolRequestPart(part) && part.toolRequest.ref === 'c1')!;
    const run = subAgentOf(call)!;
    expect(run).toMatchObject({ agent: 'researcher', status: 'done' });
    expect(run.messages.map((message) => message.role)).toEqual(['model', 'tool', 'model']);
    expect(textOf(run.messages[2]!.content)).toBe('The moon.');
    expect(textOf(messages[messages.length - 1]!.content)).toBe('Tides come from the moon.');
  });

  it('a chunk whose path is not a list of refs names no call: the feature drops it, the agent\'s messages stay clean', async () => {
    const events = decode([{ modelChunk: { role: 'tool', index: 0, content: [{ text: 'stray' }], custom: { subAgent: { path: [1] } } } }]);
    const chat = createAgentChat({ transport: scriptedTransport([events]), features: [subAgents()] });
    await chat.send('go');
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user', 'model']);
    expect(JSON.stringify(chat.getState().messages)).not.toContain('stray');
  });
});

describe('Genkit: a session stored while a sub-agent\'s question waits (@agent-chat/server\'s askedBy)', () => {
  const ask = { toolRequest: { name: 'approveSearch', ref: 'q1', input: { question: 'May I search?' } }, metadata: { interrupt: true } };
  // The research call is the agent's interrupt; it carries the researcher's state (its brief, its question) and what it asked.
  const carrier = {
    toolRequest: { name: 'research', ref: 'c1', input: { topic: 'tides' } },
    metadata: { interrupt: { subAgent: { agent: 'researcher', asks: [ask], state: { messages: [
      { role: 'user', content: [{ text: 'Research: tides' }] },
      { role: 'model', content: [{ text: 'Before I search: ' }, ask] },
    ] } } } },
  };
  const snapshot = (content: unknown[], finishReason = 'interrupted') => ({ result: {
    snapshotId: 'snap-1', sessionId: 's', finishReason,
    state: { messages: [{ role: 'user', content: [{ text: 'research tides carefully' }] }, { role: 'model', content }] },
  } });
  const restored = async (value: unknown) => {
    const chat = createAgentChat({ transport: { name: 'genkit', run: () => { throw new Error('no turn'); }, getSnapshot: async () => parseGenkitSnapshot(value) }, features: [subAgents()] });
    await chat.restore({ sessionId: 's' });
    return chat.getState();
  };

  it('is restored as the live stream left it: the call carries the researcher\'s run, waiting; the question asked is the researcher\'s', async () => {
    const { interrupts, messages } = await restored(snapshot([{ text: 'Let me ask the researcher.' }, carrier]));
    expect(interrupts).toEqual([ask]);
    const call = messages[1]!.content[1]!;
    expect(call.metadata?.interrupt).toBeUndefined();
    const run = subAgentOf(call)!;
    expect(run).toMatchObject({ agent: 'researcher', status: 'interrupted' });
    // Its brief is the call's input, not its work; its messages are kept as the store keeps them.
    expect(run.messages.map((message) => [message.role, message.status, typeof message.id])).toEqual([['model', 'done', 'string']]);
    expect(run.messages[0]!.content).toEqual([{ text: 'Before I search: ' }, ask]);
  });

  it('a question its state does not show is added to the run; a finished session\'s carrier is left as it is', async () => {
    const bare = { ...carrier, metadata: { interrupt: { subAgent: { asks: [ask], state: {} } } } };
    const { interrupts, messages } = await restored(snapshot([bare]));
    expect(interrupts).toEqual([ask]);
    expect(subAgentOf(messages[1]!.content[0]!)!.messages.map((message) => message.content)).toEqual([[ask]]);
    const done = await restored(snapshot([carrier], 'stop'));
    expect(done.interrupts).toEqual([]);
    expect(done.messages[1]!.content[0]).toEqual(carrier);
  });
});
