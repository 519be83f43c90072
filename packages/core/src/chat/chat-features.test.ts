import { describe, expect, it } from 'vitest';
import { clientTools, createAgentChat, exportChatTree, resumable, scriptedTransport, versionTree, type AgentChatError, type AgentEvent } from '../index.js';

const reply = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];
const toolCall = (name: string, ref: string): AgentEvent[] => [
  { type: 'tool-request', part: { toolRequest: { name, ref, input: {} } }, messageKey: `m-${ref}` },
  { type: 'turn-end', finishReason: 'other' },
];

describe('opt-in chat features', () => {
  it('without a feature, its methods give a typed feature-missing error and change nothing', async () => {
    const errors: AgentChatError[] = [];
    const transport = scriptedTransport([reply('first')]);
    const chat = createAgentChat({ transport, onError: (error) => errors.push(error) });
    await chat.send('hi');
    const before = chat.getState();
    for (const response of [await chat.regenerate(), await chat.edit(before.messages[0]!.id, 'hello'), await chat.retry(), await chat.addToolResult({ toolCallId: 'x', output: 1 })]) {
      expect(response.finishReason).toBe('failed');
      expect(response.error?.code).toBe('feature-missing');
    }
    chat.switchBranch(before.messages[1]!.id, 0);
    expect(errors.map((error) => [error.code, (error.details as { feature: string }).feature])).toEqual([
      ['feature-missing', 'versionTree'], ['feature-missing', 'versionTree'], ['feature-missing', 'versionTree'],
      ['feature-missing', 'clientTools'], ['feature-missing', 'versionTree'],
    ]);
    expect(errors[0]!.message).toContain('features: [versionTree()]');
    expect(() => exportChatTree(chat)).toThrow(expect.objectContaining({ code: 'feature-missing' }));
    expect(await chat.reattach({ turnId: 'turn-1', snapshotId: null })).toBeNull();
    expect(chat.getState()).toBe(before);
    expect(transport.requests).toHaveLength(1);
  });

  it('hasFeature says which features the chat was made with (a UI hides what it cannot do)', () => {
    const plain = createAgentChat({ transport: scriptedTransport([]) });
    expect([plain.hasFeature('versionTree'), plain.hasFeature('clientTools'), plain.hasFeature('resumable')]).toEqual([false, false, false]);
    const tree = createAgentChat({ transport: scriptedTransport([]), features: [versionTree(), resumable()] });
    expect([tree.hasFeature('versionTree'), tree.hasFeature('clientTools'), tree.hasFeature('resumable')]).toEqual([true, false, true]);
  });

  it('a turn with tools but without clientTools() fails feature-missing, unsent', async () => {
    const transport = scriptedTransport([reply('never')]);
    const chat = createAgentChat({ transport, tools: { localTime: { execute: () => 'noon' } } });
    const response = await chat.send('what time is it?');
    expect(response.error?.code).toBe('feature-missing');
    expect(chat.getState().status).toBe('error');
    expect(transport.requests).toHaveLength(0);
  });

  it('with the features passed, the same calls work', async () => {
    const transport = scriptedTransport([reply('first'), reply('second'), toolCall('pick', 'p1'), reply('picked')]);
    const chat = createAgentChat({ transport, tools: { pick: {} }, features: [versionTree(), clientTools(), resumable()] });
    await chat.send('hi');
    await chat.regenerate();
    expect(chat.getState().messages[1]!.siblings).toEqual({ index: 1, count: 2 });
    expect(exportChatTree(chat).nodes.length).toBeGreaterThan(0);
    await chat.send('pick one');
    expect(chat.getState().clientToolCalls.p1?.status).toBe('waiting');
    expect((await chat.addToolResult({ toolCallId: 'p1', output: 'a' })).text).toBe('picked');
    expect(transport.requests[0]!.tools).toEqual([{ name: 'pick' }]);
  });

  it('clientTools(tools) supplies the tools when the option gives none', async () => {
    const transport = scriptedTransport([toolCall('now', 'n1'), reply('done')]);
    const chat = createAgentChat({ transport, features: [clientTools({ now: { execute: () => 'noon' } })] });
    expect((await chat.send('time?')).text).toBe('done');
    expect(transport.requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'now', ref: 'n1', output: 'noon' } }]);
  });
});
