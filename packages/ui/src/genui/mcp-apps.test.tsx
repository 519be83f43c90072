import { createAgentChat, scriptedTransport, type AgentEvent, type TurnRequest } from '@agent-chat/core';
import { App } from '@modelcontextprotocol/ext-apps';
import { MCP_APP_MIME_TYPE } from '@agent-chat/core/genui';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mount, until } from '../../test/mount.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';
import { MessageList } from '../message-list/message-list.js';
import { mcpApps, preloadMcpApps } from '../genui.js';

beforeAll(async () => {
  // The bridge (ext-apps) logs every message it sends or parses at debug level.
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  await preloadAgentChatView();
  await preloadMcpApps();
});

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

const chartResult = {
  content: [
    { type: 'text', text: '3 open tasks' },
    { type: 'resource', resource: { uri: 'ui://tasks/chart.html', mimeType: MCP_APP_MIME_TYPE, text: '<main id="chart">chart</main>', _meta: { ui: { csp: { connectDomains: ['https://api.example.com', "https://x.com; script-src *"] } } } } },
  ],
  structuredContent: { open: 3 },
  _meta: { ui: { resourceUri: 'ui://tasks/chart.html' } },
};
const chartTurn: AgentEvent[] = [
  { type: 'tool-request', part: { toolRequest: { name: 'chartTasks', ref: 'c1', input: { range: 'week' } } }, messageKey: 'a' },
  { type: 'tool-response', part: { toolResponse: { name: 'chartTasks', ref: 'c1', output: chartResult } }, messageKey: 't' },
  { type: 'turn-end', finishReason: 'stop' },
];
/** The agent's side of an app's `tools/call`: it reads the call's line and runs the tool. */
const refreshTurn = (request: TurnRequest): AgentEvent[] => {
  const line = request.input.message?.content.find((part) => 'text' in part) as { text: string } | undefined;
  const done = /^\[tools\/call\] refreshTasks (.*)$/.exec(line?.text ?? '');
  return [
    { type: 'tool-request', part: { toolRequest: { name: 'refreshTasks', ref: 'r1', input: JSON.parse(done?.[1] ?? '{}') as unknown } }, messageKey: 'a' },
    { type: 'tool-response', part: { toolResponse: { name: 'refreshTasks', ref: 'r1', output: { content: [{ type: 'text', text: 'refreshed' }], structuredContent: { open: 2 } } } }, messageKey: 't' },
    { type: 'turn-end', finishReason: 'stop' },
  ];
};

/** The app's side of the bridge, spoken by hand from the frame's window: requests and the answers the host posts back. */
function appSide(frame: HTMLIFrameElement) {
  const target = frame.contentWindow!;
  const received: Array<Record<string, unknown>> = [];
  target.addEventListener('message', (event) => received.push(event.data as Record<string, unknown>));
  const post = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, source: target }));
  const answer = async (id: number) => {
    await until(() => expect(received.find((message) => message.id === id)).toBeDefined());
    return received.find((message) => message.id === id)!;
  };
  return { received, post, answer };
}

/** An MCP transport for an App that posts as the frame's window would, and hears what the host posts to that window. */
function frameTransport(target: Window): Parameters<App['connect']>[0] {
  const transport = {
    onmessage: undefined as ((message: never) => void) | undefined,
    start: async () => target.addEventListener('message', (event) => transport.onmessage?.(event.data as never)),
    send: async (message: unknown) => void window.dispatchEvent(new MessageEvent('message', { data: message, source: target })),
    close: async () => {},
  };
  return transport as never;
}

describe('mcpApps(): MCP Apps in a sandboxed frame', () => {
  it('shows the app in a scripts-only sandbox with the spec CSP, and bridges initialize, tool input/result and tools/call through the chat', async () => {
    const transport = scriptedTransport([chartTurn, refreshTurn, [{ type: 'text-delta', text: 'Added.', messageKey: 'x' }, { type: 'turn-end', finishReason: 'stop' }]]);
    const chat = createAgentChat({ transport });
    const view = mount(<MessageList chat={chat} components={{ ToolCall: mcpApps() }} />);
    mounted.push(view.unmount);
    await chat.send('chart my tasks');
    await until(() => expect(view.container.querySelector('iframe.acu-mcp-app__frame')?.getAttribute('srcdoc')).toBeTruthy());
    const frame = view.container.querySelector<HTMLIFrameElement>('iframe.acu-mcp-app__frame')!;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    const document = frame.getAttribute('srcdoc')!;
    expect(document).toContain("connect-src https://api.example.com;");
    expect(document).not.toContain('script-src *');
    expect(document).toContain('<main id="chart">chart</main>');

    const app = appSide(frame);
    app.post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { appInfo: { name: 'chart', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' } });
    const initialized = await app.answer(1);
    expect(initialized.result).toMatchObject({ protocolVersion: '2026-01-26', hostCapabilities: { serverTools: {}, sandbox: { csp: { connectDomains: ['https://api.example.com', 'https://x.com; script-src *'] } } } });
    app.post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    await until(() => expect(app.received.map((message) => message.method)).toEqual(expect.arrayContaining(['ui/notifications/tool-input', 'ui/notifications/tool-result'])));
    expect(app.received.find((message) => message.method === 'ui/notifications/tool-input')!.params).toEqual({ arguments: { range: 'week' } });
    expect(app.received.find((message) => message.method === 'ui/notifications/tool-result')!.params).toMatchObject({ structuredContent: { open: 3 }, content: [{ type: 'text', text: '3 open tasks' }] });

    // The app calls a tool: a turn of the chat, and the tool's result back to the app.
    app.post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'refreshTasks', arguments: { range: 'day' } } });
    const called = await app.answer(2);
    expect(called.result).toMatchObject({ content: [{ type: 'text', text: 'refreshed' }], structuredContent: { open: 2 } });
    expect(transport.requests[1]!.input.message!.content[0]).toEqual({ text: '[tools/call] refreshTasks {"range":"day"}' });

    // A context update is app context of the next turns (the chat's addContext), replaced by the next update.
    app.post({ jsonrpc: '2.0', id: 3, method: 'ui/update-model-context', params: { structuredContent: { selected: 'week' } } });
    expect((await app.answer(3)).result).toEqual({});
    app.post({ jsonrpc: '2.0', id: 4, method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'the day view' }] } });
    await app.answer(4);
    // A message is a user turn.
    app.post({ jsonrpc: '2.0', id: 5, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'add Review the chart' }] } });
    expect((await app.answer(5)).result).toEqual({});
    await until(() => expect(transport.requests).toHaveLength(3));
    expect(transport.requests[2]!.input.message!.content).toEqual([{ text: 'add Review the chart' }]);
    expect(transport.requests[2]!.context).toEqual([{ description: 'The state of the app ui://tasks/chart.html (shown for the chartTasks call)', value: 'the day view' }]);

    // Requests past the bound (10 per 10 s) are refused, each with an error the app can read.
    for (let id = 10; id < 17; id++) app.post({ jsonrpc: '2.0', id, method: 'ui/update-model-context', params: { structuredContent: { id } } });
    expect((await app.answer(15)).result).toEqual({});
    expect((await app.answer(16)).error).toMatchObject({ message: expect.stringContaining('Too many requests') as unknown });

    // Size changes are followed within the bound.
    app.post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width: 300, height: 5000 } });
    await until(() => expect(frame.style.height).toBe('800px'));
  });

  it('an app that floods the page with messages is stopped with a notice; other tool calls keep the default card', async () => {
    const plain: AgentEvent[] = [
      { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'w1', input: {} } }, messageKey: 'b' },
      { type: 'tool-response', part: { toolResponse: { name: 'getWeather', ref: 'w1', output: { tempC: 20 } } }, messageKey: 'u' },
    ];
    const chat = createAgentChat({ transport: scriptedTransport([[...plain, ...chartTurn]]) });
    const view = mount(<MessageList chat={chat} components={{ ToolCall: mcpApps({ maxMessagesPerSecond: 20 }) }} />);
    mounted.push(view.unmount);
    await chat.send('go');
    await until(() => expect(view.container.querySelector('iframe')?.getAttribute('srcdoc')).toBeTruthy());
    expect(view.container.querySelector('.acu-tool__name')?.textContent).toBe('Get weather');
    const app = appSide(view.container.querySelector('iframe')!);
    for (let index = 0; index < 500; index++) app.post({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: index } });
    await until(() => expect(view.container.querySelector('[role="alert"]')?.textContent).toContain('sent too many messages'));
    expect(view.container.querySelector('iframe')).toBeNull();
    expect(chat.getState().status).toBe('ready');
  });

  it('a tool that declares its app shows it from the call\'s start: the real ext-apps App gets the input as it streams, then whole, then the result', async () => {
    const resource = { uri: 'ui://tasks/chart.html', mimeType: MCP_APP_MIME_TYPE, text: '<main id="chart">chart</main>' };
    const heard: Array<[string, unknown]> = [];
    const request = (input: Record<string, unknown>, partial: boolean): AgentEvent => (
      { type: 'tool-request', part: { toolRequest: { name: 'chartTasks', ref: 'c1', input, ...(partial ? { partial } : {}) } }, messageKey: 'a' }
    );
    const heardPartials = (count: number) => until(() => expect(heard.filter(([method]) => method === 'partial')).toHaveLength(count));
    // The agent streams the call's input; each step waits for the app to have heard the one before.
    async function* streamedCall(): AsyncIterable<AgentEvent> {
      yield { type: 'text-delta', text: 'Charting.', messageKey: 'a' };
      yield request({ range: 'we' }, true);
      await heardPartials(1);
      yield request({ range: 'week' }, true);
      await heardPartials(2);
      yield request({ range: 'week' }, true);
      yield request({ range: 'week', unit: 'day' }, false);
      await until(() => expect(heard.map(([method]) => method)).toContain('input'));
      yield { type: 'tool-response', part: { toolResponse: { name: 'chartTasks', ref: 'c1', output: { content: [{ type: 'text', text: '3 open' }], structuredContent: { open: 3 } } } }, messageKey: 't' };
      yield { type: 'turn-end', finishReason: 'stop' };
    }
    const chat = createAgentChat({ transport: scriptedTransport([() => streamedCall()]) });
    const view = mount(<MessageList chat={chat} components={{ ToolCall: mcpApps({ resources: { chartTasks: resource } }) }} />);
    mounted.push(view.unmount);
    const sent = chat.send('chart my tasks');
    await until(() => expect(view.container.querySelector('iframe.acu-mcp-app__frame')?.getAttribute('srcdoc')).toContain('<main id="chart">chart</main>'));
    expect(chat.getState().status).toBe('streaming');

    // The app's side: ext-apps' own App, over a transport that posts as the frame's window would.
    const target = view.container.querySelector<HTMLIFrameElement>('iframe.acu-mcp-app__frame')!.contentWindow!;
    const app = new App({ name: 'chart', version: '1' }, {}, { autoResize: false }); // jsdom has no ResizeObserver
    app.ontoolinputpartial = (params) => heard.push(['partial', params.arguments]);
    app.ontoolinput = (params) => heard.push(['input', params.arguments]);
    app.ontoolresult = (params) => heard.push(['result', params.structuredContent]);
    await app.connect(frameTransport(target));
    expect(app.getHostVersion()).toEqual({ name: 'agent-chat-kit', version: '1' });

    await sent;
    await until(() => expect(heard.map(([method]) => method)).toContain('result'));
    // The same partial input twice is heard once; the whole input once, before the result.
    expect(heard).toEqual([['partial', { range: 'we' }], ['partial', { range: 'week' }], ['input', { range: 'week', unit: 'day' }], ['result', { open: 3 }]]);
  });

  it('a call stopped while its input streams is told to its app as tool-cancelled (no tool-input, no result)', async () => {
    const resource = { uri: 'ui://tasks/chart.html', mimeType: MCP_APP_MIME_TYPE, text: '<main>chart</main>' };
    const heard: string[] = [];
    let release = () => {};
    async function* stalled(): AsyncIterable<AgentEvent> {
      yield { type: 'tool-request', part: { toolRequest: { name: 'chartTasks', ref: 'c1', input: { range: 'w' }, partial: true } }, messageKey: 'a' };
      await new Promise<void>((resolve) => (release = resolve)); // the input does not finish: the user stops the turn
    }
    const chat = createAgentChat({ transport: scriptedTransport([() => stalled()]) });
    const view = mount(<MessageList chat={chat} components={{ ToolCall: mcpApps({ resources: { chartTasks: resource } }) }} />);
    mounted.push(view.unmount);
    const sent = chat.send('chart my tasks');
    await until(() => expect(view.container.querySelector('iframe.acu-mcp-app__frame')?.getAttribute('srcdoc')).toBeTruthy());
    const app = new App({ name: 'chart', version: '1' }, {}, { autoResize: false });
    app.ontoolinputpartial = () => heard.push('partial');
    app.ontoolinput = () => heard.push('input');
    app.ontoolresult = () => heard.push('result');
    app.ontoolcancelled = (params) => heard.push(`cancelled: ${params.reason}`);
    await app.connect(frameTransport(view.container.querySelector<HTMLIFrameElement>('iframe.acu-mcp-app__frame')!.contentWindow!));
    await until(() => expect(heard).toEqual(['partial']));
    const stopping = chat.stop();
    release();
    await stopping;
    await sent;
    await until(() => expect(heard).toEqual(['partial', 'cancelled: The turn ended before the tool answered.']));
  });

  it('a result naming a ui:// resource it does not carry is a typed error in its place', async () => {
    const broken: AgentEvent[] = [
      { type: 'tool-request', part: { toolRequest: { name: 'chartTasks', ref: 'c1', input: {} } }, messageKey: 'a' },
      { type: 'tool-response', part: { toolResponse: { name: 'chartTasks', ref: 'c1', output: { content: [], _meta: { ui: { resourceUri: 'ui://tasks/missing.html' } } } } }, messageKey: 't' },
      { type: 'turn-end', finishReason: 'stop' },
    ];
    const chat = createAgentChat({ transport: scriptedTransport([broken]) });
    const view = mount(<MessageList chat={chat} components={{ ToolCall: mcpApps() }} />);
    mounted.push(view.unmount);
    await chat.send('go');
    await until(() => expect(view.container.querySelector('[data-code="not-an-app"]')?.textContent).toContain('ui://tasks/missing.html'));
  });
});
