import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../model/events.js';
import { scriptedTransport } from '../../transport/scripted-transport.js';
import { createAgentChat } from '../agent-chat.js';

const END: AgentEvent[] = [{ type: 'turn-end', finishReason: 'stop' }];

describe('context', () => {
  it('sends the option’s entries (a function read per turn), the registered ones in order, then the call’s', async () => {
    const transport = scriptedTransport([END, END, END]);
    let page = 'tasks';
    const chat = createAgentChat({ transport, context: () => [{ description: 'Page', value: page }] });
    const removeFirst = chat.addContext({ description: 'Selected task', value: { id: 2, title: 'B' } });
    let filter = 'open';
    chat.addContext(() => ({ description: 'Filter', value: filter }));
    await chat.send('one', { context: [{ description: 'Asked from', value: 'composer' }] });
    expect(transport.requests[0]!.context).toEqual([
      { description: 'Page', value: 'tasks' },
      { description: 'Selected task', value: { id: 2, title: 'B' } },
      { description: 'Filter', value: 'open' },
      { description: 'Asked from', value: 'composer' },
    ]);
    page = 'report';
    filter = 'all';
    removeFirst();
    await chat.send('two');
    expect(transport.requests[1]!.context).toEqual([{ description: 'Page', value: 'report' }, { description: 'Filter', value: 'all' }]);
    chat.configure({ context: undefined });
    chat.addContext({ description: 'Late', value: 1 });
    await chat.send('three');
    expect(transport.requests[2]!.context).toEqual([{ description: 'Filter', value: 'all' }, { description: 'Late', value: 1 }]);
  });

  it('sends no context field when there is none', async () => {
    const transport = scriptedTransport([END]);
    await createAgentChat({ transport }).send('hi');
    expect('context' in transport.requests[0]!).toBe(false);
  });

  it('refuses a turn whose context passes maxContextBytes with context-too-large, sending nothing; the next turn works', async () => {
    const transport = scriptedTransport([END]);
    const errors: string[] = [];
    const chat = createAgentChat({ transport, maxContextBytes: 100, onError: (error) => errors.push(error.code) });
    const remove = chat.addContext({ description: 'Big', value: 'é'.repeat(60) }); // 120 bytes of UTF-8
    const refused = await chat.send('hi');
    expect(refused.finishReason).toBe('failed');
    expect(refused.error?.code).toBe('context-too-large');
    expect(chat.getState().error?.code).toBe('context-too-large');
    expect(errors).toEqual(['context-too-large']);
    expect(transport.requests).toHaveLength(0);
    remove();
    expect((await chat.send('hi')).finishReason).toBe('stop');
  });
});
