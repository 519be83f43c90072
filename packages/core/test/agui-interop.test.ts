import { HttpAgent } from '@ag-ui/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentChat, textOf, type AgentChatError, type AgentChunk, type ChatState } from '../src/index.js';
import { aguiTransport } from '../src/protocols/agui/agui-transport.js';
import { foldA2ui, isA2uiPart } from '../src/genui/index.js';
import { startAguiLiveServer, type AguiLiveServer } from './agui-live-server.js';

let server: AguiLiveServer;
beforeAll(async () => {
  server = await startAguiLiveServer();
});
afterAll(() => server.close());

function chatWith<S = unknown>(options: { url?: string; headers?: () => Record<string, string> } = {}) {
  const errors: AgentChatError[] = [];
  const chat = createAgentChat<S>({
    transport: aguiTransport({ url: options.url ?? server.url, ...(options.headers ? { headers: options.headers } : {}) }),
    onError: (error) => errors.push(error),
  });
  return { chat, errors };
}

/** The run requests the chat made from request number `from` on. */
const runRequestsSince = (from: number) => server.requests.slice(from).filter((request) => request.path === '/agent');

/** Describes a chunk by its kind, for order assertions. */
function kind(chunk: AgentChunk): string {
  const type = (chunk.raw as { type?: string } | null)?.type;
  if (chunk.turnEnd) return `end:${chunk.turnEnd.finishReason}`;
  if (chunk.text !== undefined) return `text:${chunk.text}`;
  const tools = [
    ...(chunk.toolRequest ? [`tool-request:${chunk.toolRequest.toolRequest.name}${chunk.toolRequest.toolRequest.partial ? '…' : ''}`] : []),
    ...(chunk.toolResponse ? [`tool-response:${chunk.toolResponse.toolResponse.name}`] : []),
  ];
  if (tools.length > 0) return tools.join('+');
  if (type === 'STATE_SNAPSHOT' || type === 'STATE_DELTA') return `${type}:${JSON.stringify(chunk.custom)}`;
  return `frame:${type}`;
}

describe('live AG-UI server (events from @ag-ui/core, written by @ag-ui/encoder EventEncoder)', () => {
  it('streams text into one model message; the request is a valid RunAgentInput on a new thread', async () => {
    const { chat, errors } = chatWith({ headers: () => ({ Authorization: 'Bearer t0ken' }) });
    const before = server.requests.length;
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('hi there', (chunk) => chunks.push(chunk));

    expect(chunks.map(kind)).toEqual(['text:Hello', 'text:, ', 'text:world!', 'end:stop']);
    expect(chunks[0]!.modelChunk).toMatchObject({ type: 'TEXT_MESSAGE_CONTENT', delta: 'Hello' });
    expect(chunks.at(-1)!.raw).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });

    const [request] = runRequestsSince(before);
    expect(request!.headers.accept).toBe('text/event-stream');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toBe('Bearer t0ken');
    const threadId = request!.body.threadId as string;
    expect(threadId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(request!.body).toEqual({
      threadId,
      runId: expect.any(String),
      protocolVersion: '1.0',
      messages: [{ id: `${threadId}:0`, role: 'user', content: 'hi there' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    });

    expect(response).toMatchObject({ text: 'Hello, world!', finishReason: 'stop', sessionId: threadId, snapshotId: null, interrupts: [], error: null });
    expect(response.raw).toMatchObject({ type: 'RUN_FINISHED', threadId, runId: request!.body.runId });
    const state = chat.getState();
    expect(state).toMatchObject({ status: 'ready', finishReason: 'stop', sessionId: threadId, error: null });
    expect(state.messages.map((message) => [message.role, message.status, message.content])).toEqual([
      ['user', 'done', [{ text: 'hi there' }]],
      ['model', 'done', [{ text: 'Hello, world!' }]],
    ]);
    expect(state.messages[1]!.metadata).toEqual({ agui: { messageId: server.threads.get(threadId)!.produced[0]!.id } });
    expect(errors).toEqual([]);
  });

  it('thread continuity: the next turn runs on the same thread with the whole history, server message ids kept', async () => {
    const { chat } = chatWith();
    const before = server.requests.length;
    await chat.send('hi there');
    const second = await chat.send('again');
    const [first, next] = runRequestsSince(before);
    const threadId = first!.body.threadId;
    expect(next!.body.threadId).toBe(threadId);
    expect(next!.body.runId).not.toBe(first!.body.runId);
    expect(next!.body.messages).toEqual([
      { id: `${threadId}:0`, role: 'user', content: 'hi there' },
      { id: server.threads.get(threadId)!.produced[0]!.id, role: 'assistant', content: 'Hello, world!' },
      { id: `${threadId}:2`, role: 'user', content: 'again' },
    ]);
    expect(second).toMatchObject({ text: 'Seen 2 user messages.', sessionId: threadId, finishReason: 'stop' });
    expect(chat.getState().sessionId).toBe(threadId);
  });

  it('tool calls: args streamed in pieces (and as TOOL_CALL_CHUNKs) become tool requests, results tool responses', async () => {
    const { chat } = chatWith();
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('weather', (chunk) => chunks.push(chunk));
    // The partial request carries the input its arguments stand for so far ('{"ci', 'ty": "Pa', 'ris"}').
    const streamed = chunks.filter((chunk) => chunk.toolRequest?.toolRequest.partial && chunk.toolRequest.toolRequest.name === 'getWeather');
    expect(streamed.map((chunk) => chunk.toolRequest!.toolRequest.input)).toEqual([undefined, {}, { city: 'Pa' }, { city: 'Paris' }]);
    expect(chunks.map(kind)).toEqual([
      'text:Let me check.',
      'tool-request:getWeather…',
      'tool-request:getWeather…',
      'tool-request:getWeather…',
      'tool-request:getWeather…',
      'tool-request:getWeather',
      'tool-response:getWeather',
      'tool-request:getTime…',
      'tool-request:getTime…',
      // the chunked call has no END: the next event (its result) closes it, so one frame brings both
      'tool-request:getTime+tool-response:getTime',
      'text:It is 21°C and sunny in Paris',
      'text: at 14:00.',
      'end:stop',
    ]);
    expect(response).toMatchObject({ text: 'It is 21°C and sunny in Paris at 14:00.', finishReason: 'stop', error: null });
    const messages = chat.getState().messages;
    expect(messages.map((message) => [message.role, message.status, message.content])).toEqual([
      ['user', 'done', [{ text: 'weather' }]],
      ['model', 'done', [
        { text: 'Let me check.' },
        { toolRequest: { name: 'getWeather', ref: 'call-weather', input: { city: 'Paris' } } },
        { toolRequest: { name: 'getTime', ref: 'call-time', input: { tz: 'CET' } } },
      ]],
      ['tool', 'done', [{ toolResponse: { name: 'getWeather', ref: 'call-weather', output: { tempC: 21, sky: 'sunny' } } }]],
      ['tool', 'done', [{ toolResponse: { name: 'getTime', ref: 'call-time', output: '14:00' } }]],
      ['model', 'done', [{ text: 'It is 21°C and sunny in Paris at 14:00.' }]],
    ]);

    // The next run sends the calls back as assistant toolCalls and the results as tool messages (schema-checked by the server).
    const before = server.requests.length;
    await chat.send('hi there');
    const sent = runRequestsSince(before)[0]!.body.messages as any[];
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant', 'user']);
    expect(sent[1].toolCalls).toEqual([
      { id: 'call-weather', type: 'function', function: { name: 'getWeather', arguments: '{"city":"Paris"}' } },
      { id: 'call-time', type: 'function', function: { name: 'getTime', arguments: '{"tz":"CET"}' } },
    ]);
    expect(sent[2]).toMatchObject({ role: 'tool', toolCallId: 'call-weather', content: '{"tempC":21,"sky":"sunny"}' });
    expect(sent[3]).toMatchObject({ role: 'tool', toolCallId: 'call-time', content: '14:00' });
  });

  it('A2UI surface activities: a snapshot, then ACTIVITY_DELTAs (appended and changed messages) become A2UI parts; a failing delta is its surface\'s error, the turn goes on', async () => {
    const { chat, errors } = chatWith();
    const response = await chat.send('surface');
    expect(response.finishReason).toBe('stop');
    expect(errors).toEqual([]);
    const parts = chat.getState().messages.flatMap((message) => message.content);
    const a2ui = parts.filter(isA2uiPart).map((part) => part.custom.a2ui as Record<string, unknown>);
    const component = (text: unknown) => ({ version: 'v0.9', updateComponents: { surfaceId: 'booking', components: [{ id: 'root', component: 'Text', text }] } });
    expect(a2ui).toEqual([
      { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
      component({ path: '/title' }),
      { version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/title', value: 'Book a table' } },
      // Changed in place by a delta: read again, as the later message it now is.
      component('Table booked'),
      // The failing delta (all or nothing: its deleteSurface is not applied) is the surface's error.
      { code: 'malformed', message: expect.stringContaining('could not be applied') as unknown, surfaceId: 'booking' },
      // A delta that only appends to a surface of an earlier run: its messages.
      { version: 'v0.9', updateDataModel: { surfaceId: 'earlier', path: '/done', value: true } },
    ]);
    const surface = foldA2ui(parts).surfaces.get('booking')!;
    expect(surface).toMatchObject({ deleted: false, dataModel: { title: 'Book a table' }, error: { code: 'malformed', surfaceId: 'booking' } });
    expect(surface.components.get('root')).toEqual({ id: 'root', component: 'Text', text: 'Table booked' });
    expect(textOf(chat.getState().messages.at(-1)!.content)).toBe('Surface drawn.');
  });

  it('state: snapshot then deltas; a failing delta is a typed error leaving the state untouched, the next snapshot resyncs', async () => {
    type Counter = { count: number; items: string[] };
    const { chat, errors } = chatWith<Counter>();
    const seen: Array<Pick<ChatState<Counter>, 'custom' | 'error' | 'status'>> = [];
    chat.subscribe((state) => seen.push({ custom: state.custom, error: state.error, status: state.status }));
    const chunks: AgentChunk<Counter>[] = [];
    const response = await chat.sendStream('state', (chunk) => chunks.push(chunk));

    expect(chunks.map(kind)).toEqual([
      'STATE_SNAPSHOT:{"count":0,"items":[]}',
      'STATE_DELTA:{"count":1,"items":[]}',
      'STATE_DELTA:{"count":1,"items":["a"]}',
      'STATE_DELTA:{"count":1,"items":["a"]}', // the failing delta: all or nothing, its replace did not apply
      'STATE_SNAPSHOT:{"count":5,"items":["a","b"]}',
      'STATE_DELTA:{"count":6,"items":["a","b"]}',
      'text:State updated.',
      'end:stop',
    ]);
    expect(errors.map((error) => error.code)).toEqual(['patch-failed']);
    expect(errors[0]!.message).toMatch(/test/i);
    // In the store: the error showed (as soon as its batch was reduced), no state ever had the half-applied count 2.
    expect(seen.some((state) => state.error?.code === 'patch-failed')).toBe(true);
    expect(seen.every((state) => state.custom?.count !== 2)).toBe(true);
    expect(response).toMatchObject({ finishReason: 'stop', text: 'State updated.', custom: { count: 6, items: ['a', 'b'] } });
    expect(response.error).toMatchObject({ name: 'AgentChatError', code: 'patch-failed' });
    expect(chat.getState()).toMatchObject({ status: 'error', finishReason: 'stop', custom: { count: 6, items: ['a', 'b'] }, error: { code: 'patch-failed' } });

    // The next turn starts clean and sends the resynced state.
    const before = server.requests.length;
    const next = await chat.send('hi there');
    expect(runRequestsSince(before)[0]!.body.state).toEqual({ count: 6, items: ['a', 'b'] });
    expect(next.error).toBeNull();
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null, custom: { count: 6, items: ['a', 'b'] } });
  });

  it('interrupt: RUN_FINISHED outcome interrupt carries its id; resume([{text}]) answers it by id in `resume`', async () => {
    const { chat } = chatWith();
    const interrupted = await chat.send('email');
    const threadId = chat.getState().sessionId!;
    const [open] = server.threads.get(threadId)!.openInterrupts;
    expect(open!.id).toMatch(/^int-/);
    expect(interrupted.finishReason).toBe('interrupted');
    expect(interrupted.interrupts).toEqual([{
      toolRequest: { name: 'sendEmail', ref: open!.id, input: { to: 'bob@example.com', subject: 'Hi' } },
      metadata: { interrupt: { id: open!.id, reason: 'tool_approval', message: 'Send the email to Bob?', toolCallId: 'call-email', responseSchema: { type: 'string' } } },
    }]);
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'interrupted', interrupts: interrupted.interrupts });
    expect(chat.getState().messages.at(-1)).toMatchObject({
      role: 'model',
      status: 'done',
      content: [{ text: 'I will email Bob.' }, { toolRequest: { name: 'sendEmail', ref: 'call-email', input: { to: 'bob@example.com', subject: 'Hi' } } }],
    });

    const before = server.requests.length;
    const chunks: AgentChunk[] = [];
    const resumed = await chat.resume([{ text: 'yes' }], { onChunk: (chunk) => chunks.push(chunk) });
    const [request] = runRequestsSince(before);
    expect(request!.body.threadId).toBe(threadId);
    expect(request!.body.resume).toEqual([{ interruptId: open!.id, status: 'resolved', payload: 'yes' }]);
    expect(request!.body.messages.map((message: any) => message.role)).toEqual(['user', 'assistant']);
    expect(chunks.map(kind)).toEqual(['tool-response:sendEmail', 'text:Email sent (answer: "yes").', 'end:stop']);
    expect(resumed).toMatchObject({ finishReason: 'stop', text: 'Email sent (answer: "yes").', interrupts: [], error: null });
    expect(chat.getState().interrupts).toEqual([]);
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user', 'model', 'tool', 'model']);
  });

  it('a new message instead of an answer abandons the open interrupt (cancelled by id), as AG-UI requires', async () => {
    const { chat } = chatWith();
    await chat.send('email');
    const [open] = server.threads.get(chat.getState().sessionId!)!.openInterrupts;
    const before = server.requests.length;
    const next = await chat.send('hi there');
    expect(runRequestsSince(before)[0]!.body.resume).toEqual([{ interruptId: open!.id, status: 'cancelled' }]);
    expect(next).toMatchObject({ finishReason: 'stop', text: 'Hello, world!', error: null });
  });

  it('RUN_ERROR: a typed server error, the partial message kept as failed, and the next send works', async () => {
    const { chat, errors } = chatWith();
    const chunks: AgentChunk[] = [];
    const failed = await chat.sendStream('fail', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual(['text:Working on it', 'end:failed']);
    expect(failed).toMatchObject({ finishReason: 'failed', error: { name: 'AgentChatError', code: 'server-error', message: 'model exploded', serverStatus: 'MODEL_ERROR' } });
    expect(errors.map((error) => error.code)).toEqual(['server-error']);
    expect(chat.getState()).toMatchObject({ status: 'error', finishReason: 'failed' });
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'Working on it' }] });
    const next = await chat.send('hi there');
    expect(next).toMatchObject({ text: 'Hello, world!', error: null });
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
  });

  it('stop() mid-stream aborts the request: partial text kept, message aborted, the server sees the client go', async () => {
    const { chat, errors } = chatWith();
    const chunks: AgentChunk[] = [];
    let stopping: Promise<void> | undefined;
    const response = await chat.sendStream('long', (chunk) => {
      chunks.push(chunk);
      if (!stopping && chunks.filter((c) => c.text).length >= 3) stopping = chat.stop();
    });
    await stopping;
    expect(response.finishReason).toBe('aborted');
    expect(chunks.at(-1)).toMatchObject({ turnEnd: { finishReason: 'aborted' } });
    const model = chat.getState().messages.at(-1)!;
    expect(model).toMatchObject({ role: 'model', status: 'aborted' });
    const partial = textOf(model.content);
    expect(partial.startsWith('word0 word1 word2 ')).toBe(true);
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'aborted', error: null });
    expect(errors).toEqual([]);
    const run = server.runs.find((candidate) => candidate.threadId === chat.getState().sessionId && candidate.script === 'long')!;
    await expect.poll(() => run.clientGone && run.done, { timeout: 5000 }).toBe(true);
    expect(run.deltas).toBeLessThan(200);

    const next = await chat.send('hi there');
    expect(next).toMatchObject({ text: 'Hello, world!', finishReason: 'stop' });
  });

  it('reasoning, then STEP/CUSTOM/RAW/ACTIVITY frames (for onChunk only), an unknown event, then TEXT_MESSAGE_CHUNKs', async () => {
    const { chat, errors } = chatWith();
    const chunks: AgentChunk[] = [];
    const response = await chat.sendStream('think', (chunk) => chunks.push(chunk));
    expect(chunks.map(kind)).toEqual([
      'frame:REASONING_MESSAGE_CONTENT',
      'frame:STEP_STARTED',
      'frame:CUSTOM',
      'frame:RAW',
      'frame:ACTIVITY_SNAPSHOT',
      'frame:STEP_FINISHED',
      'text:Thought ',
      'text:done.',
      'end:stop',
    ]);
    expect(chunks[2]!.raw).toMatchObject({ type: 'CUSTOM', name: 'progress', value: { percent: 50 } });
    expect(chunks[3]!.raw).toMatchObject({ type: 'RAW', event: { provider: 'scripted' }, source: 'scripted-model' });
    expect(response).toMatchObject({ text: 'Thought done.', finishReason: 'stop', error: null });
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'done', content: [{ reasoning: 'Let me think.' }, { text: 'Thought done.' }] });
    expect(chat.getState()).toMatchObject({ status: 'ready', custom: undefined, artifacts: [] });
    expect(errors).toEqual([]);
  });

  it('MESSAGES_SNAPSHOT replaces the streamed message and appends the new one; history is not duplicated', async () => {
    const { chat } = chatWith();
    await chat.send('hi there');
    const response = await chat.send('snapshot');
    expect(response.text).toBe('Also this.');
    expect(chat.getState().messages.map((message) => [message.role, message.status, textOf(message.content)])).toEqual([
      ['user', 'done', 'hi there'],
      ['model', 'done', 'Hello, world!'],
      ['user', 'done', 'snapshot'],
      ['model', 'done', 'Final answer.'],
      ['model', 'done', 'Also this.'],
    ]);
  });

  it('outcome cancelled ends the turn aborted; a body cut before RUN_FINISHED is an incomplete-stream error', async () => {
    const { chat } = chatWith();
    const cancelled = await chat.send('cancel');
    expect(cancelled).toMatchObject({ finishReason: 'aborted', error: null });
    expect(chat.getState()).toMatchObject({ status: 'ready', finishReason: 'aborted' });
    // AG-UI closes every message before RUN_FINISHED, so the one message of the cancelled run is whole.
    expect(chat.getState().messages.at(-1)).toMatchObject({ status: 'done', content: [{ text: 'Stopping here.' }] });
    const cut = await chat.send('cut');
    expect(cut).toMatchObject({ finishReason: 'failed', error: { code: 'incomplete-stream' } });
    expect(chat.getState()).toMatchObject({ status: 'error', finishReason: 'failed' });
    expect(chat.getState().messages.at(-1)).toMatchObject({ status: 'failed', content: [{ text: 'Partial' }] });
  });

  it('an HTTP error is a typed http-error with the status and the server message', async () => {
    const { chat } = chatWith({ url: server.url.replace(/\/agent$/, '/nowhere') });
    const response = await chat.send('hi');
    expect(response).toMatchObject({ finishReason: 'failed', error: { code: 'not-found', status: 404, message: 'Not Found' } });
    expect(chat.getState().status).toBe('error');
  });

  it('the server is a conformant producer: @ag-ui/client (the reference consumer) runs its scripts and agrees on the results', async () => {
    // The reference client reports the failing delta and the unknown event on the console; keep the test output clean.
    const quiet = [vi.spyOn(console, 'error').mockImplementation(() => undefined), vi.spyOn(console, 'warn').mockImplementation(() => undefined)];
    try {
      const results: Record<string, unknown> = {};
      for (const prompt of ['hi there', 'weather', 'state', 'think', 'snapshot', 'email']) {
        const agent = new HttpAgent({ url: server.url });
        agent.messages = [{ id: 'u1', role: 'user', content: prompt }];
        await agent.runAgent();
        const last = agent.messages.at(-1)!;
        results[prompt] = { text: 'content' in last ? last.content : undefined, state: agent.state, interrupts: agent.pendingInterrupts.length };
      }
      expect(results).toEqual({
        'hi there': { text: 'Hello, world!', state: {}, interrupts: 0 },
        weather: { text: 'It is 21°C and sunny in Paris at 14:00.', state: {}, interrupts: 0 },
        state: { text: 'State updated.', state: { count: 6, items: ['a', 'b'] }, interrupts: 0 },
        think: { text: 'Thought done.', state: {}, interrupts: 0 },
        snapshot: { text: 'Also this.', state: {}, interrupts: 0 },
        email: { text: 'I will email Bob.', state: {}, interrupts: 1 },
      });
      // The surface's deltas as the reference client applies them to its activity message: the content the kit's
      // decoder read its A2UI messages from (the failing delta left out whole, as the kit does).
      const agent = new HttpAgent({ url: server.url });
      agent.messages = [{ id: 'u1', role: 'user', content: 'surface' }];
      await agent.runAgent();
      const activity = agent.messages.find((message) => message.id === 'a2ui-surface-booking');
      expect(activity).toMatchObject({ role: 'activity', activityType: 'a2ui-surface' });
      expect(activity?.role === 'activity' ? activity.content.a2ui_operations : undefined).toEqual([
        { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
        { version: 'v0.9', updateComponents: { surfaceId: 'booking', components: [{ id: 'root', component: 'Text', text: 'Table booked' }] } },
        { version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/title', value: 'Book a table' } },
      ]);
    } finally {
      for (const spy of quiet) spy.mockRestore();
    }
  });
});
