import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mount, until } from '../../test/mount.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';
import { MessageList } from '../message-list/message-list.js';
import type { MessageListComponents } from '../message-list/message-context.js';
import { toolUI, useToolCall, type ToolRenderProps } from './tool-registry.js';

beforeAll(() => preloadAgentChatView());
const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

interface WeatherInput { city: string }
interface Weather { tempC: number }

const weatherCall: AgentEvent[] = [
  { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'w1', input: { city: 'Paris' } } }, messageKey: 'a' },
  { type: 'tool-response', part: { toolResponse: { name: 'getWeather', ref: 'w1', output: { tempC: 21 } } }, role: 'tool', messageKey: 'b' },
  { type: 'turn-end', finishReason: 'stop' },
];
// As Genkit sends it: the call is the interrupt, its question in its input; the chat's `interrupts` holds it while it waits.
const askedApart: AgentEvent[] = [
  { type: 'tool-request', part: { toolRequest: { name: 'deleteFiles', ref: 'd1', input: { paths: ['a', 'b', 'c'], question: 'Delete 3 files?' } }, metadata: { interrupt: true } }, messageKey: 'a' },
  { type: 'turn-end', finishReason: 'interrupted' },
];
const answered: AgentEvent[] = [{ type: 'text-delta', text: 'Deleted.', messageKey: 'z' }, { type: 'turn-end', finishReason: 'stop' }];

describe('tool renderers', () => {
  it('toolUI<Input, Output> types a tool\'s input and output, no casts; the renderer gets its request part', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([weatherCall]) });
    const tools = toolUI<WeatherInput, Weather>('getWeather', ({ input, output, request, status }) => {
      // @ts-expect-error -- the input is a WeatherInput: it has no `town`
      void input.town;
      return <p className="weather">{`${input.city} ${output?.tempC ?? '…'} ${request.toolRequest.ref ?? ''} ${status}`}</p>;
    });
    const view = mount(<MessageList chat={chat} tools={tools} />);
    mounted.push(view.unmount);
    await chat.send('weather?');
    await until(() => expect(view.container.querySelector('.weather')?.textContent).toBe('Paris 21 w1 done'));
  });

  it('a renderer gets the pending interrupt that asks about its call, with its question; answering resumes', async () => {
    const transport = scriptedTransport([askedApart, answered]);
    const chat = createAgentChat({ transport });
    const seen: Array<ToolRenderProps['interrupt']> = [];
    const tools = toolUI<{ paths: string[] }>('deleteFiles', ({ input, interrupt, confirm }) => {
      seen.push(interrupt);
      return interrupt ? (
        <div className="ask">
          <p>{`${interrupt.prompt.question ?? ''} (${input.paths.join(', ')})`}</p>
          <button type="button" onClick={confirm}>Yes</button>
        </div>
      ) : <p className="asked-none">{input.paths.length} files</p>;
    });
    const view = mount(<MessageList chat={chat} tools={tools} />);
    mounted.push(view.unmount);
    await chat.send('clean up');
    await until(() => expect(view.container.querySelector('.ask p')?.textContent).toBe('Delete 3 files? (a, b, c)'));
    expect(seen.at(-1)!.part.toolRequest.ref).toBe('d1');
    fireEvent.click(view.container.querySelector('.ask button')!);
    await until(() => expect(transport.requests).toHaveLength(2));
    expect(transport.requests[1]!.input.resume?.respond).toEqual([{ toolResponse: { name: 'deleteFiles', ref: 'd1', output: true } }]);
    await until(() => expect(view.container.textContent).toContain('Deleted.'));
  });

  it('the app\'s ToolCall and Interrupt components stand in for the kit\'s card where no renderer is registered', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([weatherCall, askedApart]) });
    const components: MessageListComponents = {
      ToolCall: ({ name, status }) => <p className="my-tool">{`${name}: ${status}`}</p>,
      Interrupt: ({ name, interrupt }) => <p className="my-question">{`${name}: ${interrupt?.prompt.question ?? ''}`}</p>,
    };
    const view = mount(<MessageList chat={chat} components={components} />);
    mounted.push(view.unmount);
    await chat.send('weather?');
    await until(() => expect(view.container.querySelector('.my-tool')?.textContent).toBe('getWeather: done'));
    expect(view.container.querySelector('.acu-tool')).toBeNull();
    await chat.send('clean up');
    await until(() => expect(view.container.querySelector('.my-question')?.textContent).toBe('deleteFiles: Delete 3 files?'));
    expect(view.container.querySelectorAll('.my-tool')).toHaveLength(1);
  });

  it('useToolCall() gives a part deep inside a card its call; outside one it says where it belongs', async () => {
    function Status() {
      const call = useToolCall();
      return <span className="deep">{`${call.name} ${call.status} ${call.request.toolRequest.ref ?? ''}`}</span>;
    }
    const chat = createAgentChat({ transport: scriptedTransport([weatherCall]) });
    const view = mount(<MessageList chat={chat} tools={{ getWeather: () => <div><p><Status /></p></div> }} />);
    mounted.push(view.unmount);
    await chat.send('weather?');
    await until(() => expect(view.container.querySelector('.deep')?.textContent).toBe('getWeather done w1'));
    const errors = console.error;
    console.error = () => undefined; // React reports the thrown error; it is expected here.
    try {
      expect(() => render(<Status />)).toThrow('useToolCall() must be called inside a tool call');
    } finally {
      console.error = errors;
    }
  });
});
