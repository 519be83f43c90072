import { AgentChatError, createAgentChat, scriptedTransport, versionTree, type AgentEvent } from '@agent-chat/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { mount, until } from '../../test/mount.js';
import { AgentChatView } from '../agent-chat-view/agent-chat-view.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';

beforeAll(() => preloadAgentChatView());
const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

const confirm: AgentEvent[] = [
  { type: 'tool-request', part: { toolRequest: { name: 'confirm_clear', ref: 'c1', input: { question: 'Clear all?' } }, metadata: { interrupt: true } } },
  { type: 'turn-end', finishReason: 'interrupted' },
];
const cleared: AgentEvent[] = [{ type: 'text-delta', text: 'Cleared.', messageKey: 'a' }, { type: 'turn-end', finishReason: 'stop' }];
const overloaded = () => {
  throw new AgentChatError('http-error', 'overloaded', { status: 503 });
};

const buttonNamed = (root: HTMLElement, name: string) => [...root.querySelectorAll('button')].find((button) => button.textContent === name);

describe('a question whose answer failed', () => {
  it('asks again and says the answer did not reach the agent; Retry sends the same answer and the conversation goes on', async () => {
    const transport = scriptedTransport([confirm, overloaded, cleared]);
    const chat = createAgentChat({ transport, features: [versionTree()] });
    const view = mount(<AgentChatView chat={chat} />);
    mounted.push(view.unmount);
    await chat.send('clear');
    await until(() => expect(buttonNamed(view.container, 'Confirm')).toBeDefined());
    buttonNamed(view.container, 'Confirm')!.click();

    // Not a card spinning "running": the question again, answerable, with why the answer failed.
    await until(() => expect(view.container.querySelector('.acu-tool-row[data-answer="failed"]')).not.toBeNull());
    const row = view.container.querySelector<HTMLElement>('.acu-tool-row')!;
    expect(row.querySelector('.acu-tool__status')?.textContent).toBe('waiting for your answer');
    expect(row.querySelector('.acu-tool__failure')?.textContent).toContain('overloaded');
    expect(buttonNamed(row, 'Confirm')).toBeDefined();
    expect(await axeViolations(view.container)).toEqual([]);

    buttonNamed(view.container, 'Retry')!.click();
    await until(() => expect(chat.getState().status).toBe('ready'));
    expect(transport.requests.slice(1).map((request) => request.input.resume?.respond)).toEqual([
      [{ toolResponse: { name: 'confirm_clear', ref: 'c1', output: true } }],
      [{ toolResponse: { name: 'confirm_clear', ref: 'c1', output: true } }],
    ]);
    await until(() => expect(view.container.textContent).toContain('Cleared.'));
    expect(view.container.querySelector('[data-answer="failed"]')).toBeNull();
  });
});
