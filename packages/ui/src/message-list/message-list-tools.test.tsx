import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { useAgentChat } from '@agent-chat/react';
import { fireEvent } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { macrotask, mount, until } from '../../test/mount.js';
import { AgentChatView } from '../agent-chat-view/agent-chat-view.js';
import { MessageList } from './message-list.js';
import type { ToolRenderProps } from '../tools/tool-registry.js';
import { clientTools } from '@agent-chat/core';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';

// As an app that preloaded the view's parts: the rows' tool cards, panels and Markdown render at once.
beforeAll(() => preloadAgentChatView());

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

const weatherCall: AgentEvent[] = [
  { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'w1', input: { city: 'Paris' } } }, messageKey: 'a' },
  { type: 'tool-response', part: { toolResponse: { name: 'getWeather', ref: 'w1', output: { tempC: 21 } } }, messageKey: 'b' },
  { type: 'text-delta', text: 'Sunny.', messageKey: 'c' },
  { type: 'turn-end', finishReason: 'stop' },
];
const words = (count: number): AgentEvent[] => [
  ...Array.from({ length: count }, (_, index): AgentEvent => ({ type: 'text-delta', text: `w${index} `, messageKey: 'x' })),
  { type: 'turn-end', finishReason: 'stop' },
];
const confirmInterrupt: AgentEvent[] = [
  { type: 'tool-request', part: { toolRequest: { name: 'confirm_clear', ref: 'c1', input: { question: 'Clear all?' } }, metadata: { interrupt: true } } },
  { type: 'turn-end', finishReason: 'interrupted' },
];

describe('MessageList tools registry', () => {
  it('renders a tool call with its registry card (props: id, name, input, output, status); an inline registry re-renders no unchanged row', async () => {
    const transport = scriptedTransport([weatherCall, words(60)]);
    const chat = createAgentChat({ features: [clientTools()], transport });
    const seen: ToolRenderProps[] = [];
    function Host({ tick }: { tick: number }) {
      // Reads `messages`, so that it renders (with a new inline registry) at every commit of the turn.
      void useAgentChat({ chat }).messages;
      return (
        <MessageList
          chat={chat}
          data-tick={tick}
          tools={{
            getWeather: (props) => {
              seen.push(props);
              return <p className="weather-card">{`${props.status}: ${String((props.input as { city: string }).city)} ${JSON.stringify(props.output)}`}</p>;
            },
          }}
        />
      );
    }
    const view = mount(<Host tick={0} />);
    mounted.push(view.unmount);
    await chat.send('weather?');
    await until(() => expect(view.container.querySelector('.weather-card')?.textContent).toBe('done: Paris {"tempC":21}'));
    expect(seen.at(-1)).toMatchObject({ toolCallId: 'w1', name: 'getWeather', status: 'done', error: undefined });
    await macrotask();
    const before = seen.length;
    // New registry objects (parent re-renders) and 60 streamed tokens in another row: the weather row is not rendered again.
    for (let tick = 1; tick <= 5; tick++) flushSync(() => view.root.render(<Host tick={tick} />));
    await chat.send('more');
    await until(() => expect(chat.getState().status).toBe('ready'));
    await macrotask();
    expect(seen.length).toBe(before);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('default row: readable name, status in words, input and result formatted behind a disclosure', async () => {
    const chat = createAgentChat({ features: [clientTools()], transport: scriptedTransport([weatherCall]) });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    await chat.send('weather?');
    await until(() => expect(view.container.querySelector('.acu-tool__status')?.textContent).toBe('done'));
    expect(view.container.querySelector('.acu-tool__name')?.textContent).toBe('Get weather');
    const values = [...view.container.querySelectorAll('.acu-tool__value')].map((node) => node.textContent);
    expect(values.join('\n')).toContain('"city": "Paris"');
    expect(view.container.querySelector('details.acu-tool')?.hasAttribute('open')).toBe(false);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('an interrupt row has inline Confirm / Deny that answer it; a registry card can deny with a reason', async () => {
    const transport = scriptedTransport([confirmInterrupt, words(2), confirmInterrupt, words(2)]);
    const chat = createAgentChat({ features: [clientTools()], transport });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    await chat.send('clear');
    await until(() => expect(view.container.querySelector('.acu-tool__status')?.textContent).toBe('waiting for your answer'));
    expect(await axeViolations(view.container)).toEqual([]);
    const approve = [...view.container.querySelectorAll('button')].find((button) => button.textContent === 'Confirm')!;
    approve.click();
    await until(() => expect(transport.requests).toHaveLength(2));
    expect(transport.requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'confirm_clear', ref: 'c1', output: true } }]);
    view.unmount();
    mounted.pop();

    let deny: ((reason?: string) => void) | undefined;
    const card = mount(<MessageList chat={chat} tools={{ confirm_clear: (props) => ((deny = props.status === 'awaiting-answer' ? props.deny : deny), <span>{props.status}</span>) }} />);
    mounted.push(card.unmount);
    await until(() => expect(chat.getState().status).toBe('ready'));
    await chat.send('clear again');
    await until(() => expect(deny).toBeDefined());
    deny!('not now');
    await until(() => expect(transport.requests).toHaveLength(4));
    expect(transport.requests[3]!.input.resume?.respond?.[0]?.toolResponse.output).toEqual({ approved: false, reason: 'not now' });
  });

  it('a destructive interrupt row says what its buttons do, in the agent\'s words, with danger styling on the confirm', async () => {
    const destructive: AgentEvent[] = [
      { type: 'tool-request', part: { toolRequest: { name: 'confirmClearAll', ref: 'd1', input: { question: 'Clear all tasks? This cannot be undone.' } }, metadata: { interrupt: { title: 'Clear all tasks', destructive: true, confirmLabel: 'Clear all tasks', denyLabel: 'Cancel' } } } },
      { type: 'turn-end', finishReason: 'interrupted' },
    ];
    const transport = scriptedTransport([destructive, words(2)]);
    const chat = createAgentChat({ features: [clientTools()], transport });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    await chat.send('clear');
    await until(() => expect(view.container.querySelector('.acu-tool__actions')).not.toBeNull());
    const buttons = [...view.container.querySelectorAll('.acu-tool__actions button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['Clear all tasks', 'Cancel']);
    expect(buttons[0]!.getAttribute('data-variant')).toBe('danger');
    expect(await axeViolations(view.container)).toEqual([]);
    (buttons[1] as HTMLButtonElement).click();
    await until(() => expect(transport.requests).toHaveLength(2));
    expect(transport.requests[1]!.input.resume?.respond?.[0]?.toolResponse.output).toBe(false);
  });

  it('AgentChatView: a client tool without execute renders its card as waiting; resume() answers it and the turn continues', async () => {
    const transport = scriptedTransport([
      [{ type: 'tool-request', part: { toolRequest: { name: 'pickDate', ref: 'p1', input: { label: 'Start' } } }, messageKey: 'a' }, { type: 'turn-end', finishReason: 'other' }],
      words(1),
    ]);
    let respond: ((output: unknown) => void) | undefined;
    const statuses: string[] = [];
    const view = mount(
      <AgentChatView
        transport={transport}
        tools={{
          pickDate: {
            description: 'Pick a date',
            render: (props) => {
              statuses.push(props.status);
              if (props.status === 'waiting') respond = props.resume;
              return <button type="button" onClick={() => props.resume('2026-12-24')}>{`Pick (${props.status})`}</button>;
            },
          },
        }}
      />,
    );
    mounted.push(view.unmount);
    const field = view.container.querySelector('textarea')!;
    fireEvent.change(field, { target: { value: 'book' } });
    fireEvent.submit(view.container.querySelector('form')!);
    await until(() => expect(respond).toBeDefined());
    expect(transport.requests[0]!.tools).toEqual([{ name: 'pickDate', description: 'Pick a date' }]);
    respond!('2026-12-24');
    await until(() => expect(transport.requests).toHaveLength(2));
    expect(transport.requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'pickDate', ref: 'p1', output: '2026-12-24' } }]);
    await until(() => expect(statuses.at(-1)).toBe('done'));
  });
});
