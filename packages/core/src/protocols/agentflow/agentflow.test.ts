import { describe, expect, it } from 'vitest';
import { encode, splitAt, streamOf } from '../../../test/fixtures.js';
import type { AgentInput } from '../../model/chunk.js';
import type { AgentEvent } from '../../model/events.js';
import type { Part } from '../../model/part.js';
import { createNdjsonFramer } from '../../wire/ndjson.js';
import { readFrames } from '../../wire/read-frames.js';
import { createAgentFlowDecoder } from './agentflow-decoder.js';
import { buildAgentFlowRequestBody } from './agentflow-request.js';

/**
 * The "Example raw stream output" of AgentFlow's stream() reference, byte for byte except the elided `[...]` of the last line
 * (not JSON as printed), which is filled in.
 */
const SEED_STREAM = [
  '{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":"The"}],"delta":true},"thread_id":"abc123"}',
  '{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":" capital"}],"delta":true},"thread_id":"abc123"}',
  '{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":" of France is Paris."}],"delta":false},"thread_id":"abc123"}',
  '{"event":"updates","state":{"messages":[{"role":"user","content":[{"type":"text","text":"Capital of France?"}]}]},"thread_id":"abc123"}',
].join('\n') + '\n';

/** Decodes NDJSON text the way the transport does (framer + decoder), including the end of the body. */
async function decodeText(text: string, pieces: (bytes: Uint8Array) => Uint8Array[] = (bytes) => [bytes]): Promise<AgentEvent[]> {
  const decoder = createAgentFlowDecoder();
  const events: AgentEvent[] = [];
  for await (const frames of readFrames(streamOf(pieces(encode(text))), createNdjsonFramer())) {
    for (const frame of frames) events.push(...decoder.decode(frame));
  }
  events.push(...decoder.end());
  return events;
}

/** Decodes already-parsed chunks, then ends the body. */
function decodeValues(values: unknown[]): AgentEvent[] {
  const decoder = createAgentFlowDecoder();
  const events = values.flatMap((value) => decoder.decode({ type: 'value', value }));
  return events.concat(decoder.end());
}

/** A compact view of events for table assertions. */
function summary(event: AgentEvent): string {
  switch (event.type) {
    case 'session': return `session:${event.sessionId}`;
    case 'text-delta': return `text(${event.messageKey}):${event.text}`;
    case 'reasoning-delta': return `reasoning(${event.messageKey}):${event.text}`;
    case 'tool-request': return `tool-request(${event.messageKey}):${event.part.toolRequest.name}#${event.part.toolRequest.ref ?? ''}`;
    case 'tool-response': return `tool-response(${event.messageKey}):${JSON.stringify(event.part.toolResponse.output)}`;
    case 'part-add': return `part(${event.messageKey}):${Object.keys(event.part).filter((key) => key !== 'metadata').join()}`;
    case 'message-complete': return `message(${event.messageKey}):${event.message.role}:${JSON.stringify(event.message.content)}`;
    case 'custom-snapshot': return `custom:${JSON.stringify(event.custom)}`;
    case 'interrupt-request': return `interrupts:${event.parts.map((part) => part.toolRequest.name).join()}`;
    case 'error': return `error:${event.error.code}:${event.error.message}`;
    case 'turn-end': return `end:${event.finishReason}`;
    default: return event.type;
  }
}

const thread = 't-1';
const msg = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ event: 'message', message, thread_id: thread, ...extra });
const assistant = (content: unknown[], delta: boolean, id?: string) => msg({ role: 'assistant', content, delta, ...(id !== undefined ? { message_id: id } : {}) });
const text = (value: string) => ({ type: 'text', text: value });
const meta = (extra: Record<string, unknown>) => ({ current_node: 'MAIN', step: 3, status: 'running', thread_id: thread, ...extra });

interface Case {
  name: string;
  values: unknown[];
  expected: string[];
}

const CASES: Case[] = [
  {
    name: 'streams deltas into one message, replaced by the final delta:false message (by message_id)',
    values: [
      assistant([text('Hel')], true, 'm-9'),
      assistant([text('lo')], true, 'm-9'),
      assistant([text('Hello')], false, 'm-9'),
    ],
    expected: ['session:t-1', 'text(id:m-9):Hel', 'text(id:m-9):lo', 'message(id:m-9):model:[{"text":"Hello"}]', 'end:stop'],
  },
  {
    name: 'a thread id becomes one session event, from thread_id or metadata.thread_id',
    values: [
      { event: 'message', message: { role: 'assistant', content: [text('a')], delta: true }, metadata: { is_new_thread: true, thread_id: thread } },
      assistant([text('b')], true),
      assistant([text('ab')], false),
      { event: 'updates', data: { status: 'graph_invoked' }, thread_id: thread },
    ],
    expected: ['session:t-1', 'text(model#0):a', 'text(model#0):b', 'message(model#0):model:[{"text":"ab"}]', 'end:stop'],
  },
  {
    name: 'the echoed user message is skipped (the client shows its own)',
    values: [
      msg({ role: 'user', content: [text('hi')], message_id: 'u1' }, { metadata: { status: 'invoking_graph' } }),
      assistant([text('yo')], false),
    ],
    expected: ['session:t-1', 'message(model#0):model:[{"text":"yo"}]', 'end:stop'],
  },
  {
    name: "messages without a real id ('0', '' or none) each get their own key",
    values: [
      assistant([text('one')], false, '0'),
      assistant([text('two')], false, ''),
      assistant([text('three')], false),
      msg({ role: 'tool', content: [{ type: 'tool_result', call_id: 'c1', output: 4 }], delta: false, message_id: '0' }),
    ],
    expected: [
      'session:t-1',
      'message(model#0):model:[{"text":"one"}]',
      'message(model#1):model:[{"text":"two"}]',
      'message(model#2):model:[{"text":"three"}]',
      'message(tool#0):tool:[{"toolResponse":{"name":"tool","ref":"c1","output":4}}]',
      'end:stop',
    ],
  },
  {
    name: 'delta blocks other than text: reasoning, tool calls, tool results, media',
    values: [
      assistant([{ type: 'reasoning', summary: 'think' }], true, 'm1'),
      assistant([{ type: 'tool_call', id: 'c1', name: 'search', args: { q: 'x' } }], true, 'm1'),
      assistant([{ type: 'image', media: { kind: 'url', url: 'https://x/y.png' } }], true, 'm1'),
      assistant([text('')], true, 'm1'),
      msg({ role: 'tool', content: [{ type: 'tool_result', call_id: 'c1', output: 'ok' }], delta: true, message_id: 'm2' }),
    ],
    expected: ['session:t-1', 'reasoning(id:m1):think', 'tool-request(id:m1):search#c1', 'part(id:m1):media', 'tool-response(id:m2):"ok"', 'end:stop'],
  },
  {
    name: 'updates and state become custom snapshots without context, context_summary and execution_meta',
    values: [
      { event: 'updates', state: { context: [{ role: 'user' }], context_summary: 's', execution_meta: meta({}), tasks: [1], plan: { a: 1 } }, thread_id: thread },
      { event: 'state', state: { context: [], execution_meta: meta({ status: 'completed' }), tasks: [1, 2] }, thread_id: thread },
    ],
    expected: ['session:t-1', 'custom:{"tasks":[1],"plan":{"a":1}}', 'custom:{"tasks":[1,2]}', 'end:stop'],
  },
  {
    name: 'execution_meta.is_interrupted: an interrupt request, and the turn ends interrupted',
    values: [
      assistant([text('Book it?')], false, 'm1'),
      { event: 'updates', state: { context: [], execution_meta: meta({ is_interrupted: true, interrupted_node: 'approve' }) }, thread_id: thread },
    ],
    expected: ['session:t-1', 'message(id:m1):model:[{"text":"Book it?"}]', 'custom:{}', 'interrupts:approve', 'end:interrupted'],
  },
  {
    name: "AgentFlow's own ExecutionStatus 'interrupted_before' also interrupts",
    values: [{ event: 'updates', state: { execution_meta: meta({ status: 'interrupted_before', interrupted_node: 'tools' }) }, thread_id: thread }],
    expected: ['session:t-1', 'custom:{}', 'interrupts:tools', 'end:interrupted'],
  },
  {
    name: 'a later state without execution_meta does not forget the interrupt; a later running one does',
    values: [
      { event: 'updates', state: { execution_meta: meta({ is_interrupted: true }) }, thread_id: thread },
      { event: 'state', state: { tasks: [] }, thread_id: thread },
    ],
    expected: ['session:t-1', 'custom:{}', 'interrupts:MAIN', 'custom:{"tasks":[]}', 'end:interrupted'],
  },
  {
    name: 'an interrupt followed by a state that is running again ends the turn normally',
    values: [
      { event: 'updates', state: { execution_meta: meta({ is_interrupted: true }) }, thread_id: thread },
      { event: 'updates', state: { execution_meta: meta({ is_interrupted: false, status: 'completed' }) }, thread_id: thread },
    ],
    expected: ['session:t-1', 'custom:{}', 'interrupts:MAIN', 'custom:{}', 'end:stop'],
  },
  {
    name: 'event:"error" (repeated): exactly one error and a failed turn end; later frames are ignored',
    values: [
      assistant([text('Let me')], true, 'm1'),
      { event: 'error', data: { message: 'boom', code: 'GRAPH_ERROR' }, thread_id: thread },
      { event: 'error', data: { message: 'boom again' }, thread_id: thread },
      assistant([text(' see')], true, 'm1'),
      { event: 'updates', state: { tasks: [] }, thread_id: 'other-thread' },
    ],
    expected: ['session:t-1', 'text(id:m1):Let me', 'error:server-error:boom', 'end:failed'],
  },
  {
    name: "the real server's error shape: the message is data.reason",
    values: [{ event: 'error', state: { execution_meta: meta({ status: 'error' }) }, data: { status: 'invoked_graph', node: 'MAIN', step: 1, max_steps: 25, reason: 'model exploded' }, thread_id: thread }],
    expected: ['session:t-1', 'error:server-error:model exploded', 'end:failed'],
  },
  {
    name: 'error data as a string, or missing',
    values: [{ event: 'error', data: 'plain failure' }],
    expected: ['error:server-error:plain failure', 'end:failed'],
  },
  {
    name: 'unknown events and non-object values are ignored',
    values: [
      { event: 'custom_event', data: { x: 1 } },
      { event: 'updates', data: { status: 'invoking_graph', node: 'MAIN' } },
      { event: 'message', message: null },
      { event: 'message', message: { role: 'assistant', content: 'not blocks', delta: false } },
      [1, 2],
      'text',
      42,
      null,
    ],
    expected: ['message(model#0):model:[]', 'end:stop'],
  },
];

describe('AgentFlow decoder', () => {
  it("decodes the example stream of AgentFlow's stream() reference: deltas, the final message replacing the partial one, then updates", async () => {
    expect((await decodeText(SEED_STREAM)).map(summary)).toEqual([
      'session:abc123',
      'text(model#0):The',
      'text(model#0): capital',
      // The final message replaces the partial one: the seed's example final message only holds its last piece.
      'message(model#0):model:[{"text":" of France is Paris."}]',
      'custom:{"messages":[{"role":"user","content":[{"type":"text","text":"Capital of France?"}]}]}',
      'end:stop',
    ]);
  });

  it('decodes the seed stream the same whatever byte boundaries the reads have', async () => {
    const whole = (await decodeText(SEED_STREAM)).map(summary);
    for (const step of [1, 3, 7, 64]) {
      const offsets = Array.from({ length: SEED_STREAM.length }, (_, index) => index * step);
      expect((await decodeText(SEED_STREAM, (bytes) => splitAt(bytes, offsets))).map(summary)).toEqual(whole);
    }
  });

  it('decodes concatenated objects with no newlines, with multi-byte text split inside a character', async () => {
    const values = [assistant([text('é 世')], true, 'm'), assistant([text('界')], true, 'm'), assistant([text('é 世界')], false, 'm')];
    const body = values.map((value) => JSON.stringify(value)).join('');
    const bytes = encode(body);
    const inside = bytes.indexOf(0xe4) + 1; // the middle of 世
    const events = await decodeText(body, (all) => splitAt(all, [5, inside, inside + 1, 101, 102]));
    expect(events.map(summary)).toEqual(['session:t-1', 'text(id:m):é 世', 'text(id:m):界', 'message(id:m):model:[{"text":"é 世界"}]', 'end:stop']);
  });

  for (const { name, values, expected } of CASES) {
    it(name, () => {
      expect(decodeValues(values).map(summary)).toEqual(expected);
    });
  }

  it('emits the session event once, and the turn end carries the session id', () => {
    const events = decodeValues([assistant([text('a')], true), assistant([text('b')], true), assistant([text('ab')], false)]);
    expect(events.filter((event) => event.type === 'session')).toEqual([{ type: 'session', sessionId: thread }]);
    expect(events.at(-1)).toEqual({ type: 'turn-end', finishReason: 'stop', sessionId: thread, raw: { turnEnd: { finishReason: 'stop' } } });
  });

  it('maps content blocks onto canonical parts', () => {
    const blocks = [
      { type: 'text', text: 'hi', annotations: [] },
      { type: 'reasoning', summary: 'because', details: ['a', 'b'] },
      { type: 'reasoning', details: ['step 1', 'step 2'] },
      { type: 'tool_call', id: 'c1', name: 'search', args: { q: 'paris' }, tool_type: null },
      { type: 'remote_tool_call', id: 'c2', name: 'read_clipboard', args: {}, tool_type: 'remote' },
      { type: 'tool_result', call_id: 'c1', output: { hits: 3 }, is_error: false, status: 'completed' },
      { type: 'tool_result', call_id: 'c3', output: 'denied', is_error: true, status: 'failed' },
      { type: 'image', media: { kind: 'url', url: 'https://example.com/a.png', mime_type: 'image/png' }, alt_text: 'A' },
      { type: 'image', media: { kind: 'data', data_base64: 'iVBORw0KGgo=', mime_type: 'image/png' } },
      { type: 'audio', media: { kind: 'file_id', file_id: 'file-9' } },
      { type: 'data', mime_type: 'application/json', data_base64: Buffer.from('{"k":[1,"é"]}').toString('base64') },
      { type: 'data', mime_type: 'text/csv', data_base64: 'YSxi' },
      { type: 'annotation', kind: 'citation', refs: [] },
      { type: 'error', message: 'x' },
      { type: 'future_block' },
    ];
    const [complete] = decodeValues([assistant(blocks, false, 'm1')]).filter((event) => event.type === 'message-complete');
    const expected: Part[] = [
      { text: 'hi' },
      { reasoning: 'because' },
      { reasoning: 'step 1\nstep 2' },
      { toolRequest: { name: 'search', ref: 'c1', input: { q: 'paris' } } },
      { toolRequest: { name: 'read_clipboard', ref: 'c2', input: {} } },
      { toolResponse: { name: 'tool', ref: 'c1', output: { hits: 3 } } },
      { toolResponse: { name: 'tool', ref: 'c3', output: 'denied' }, metadata: { isError: true } },
      { media: { url: 'https://example.com/a.png', contentType: 'image/png' }, metadata: { kind: 'image' } },
      { media: { url: 'data:image/png;base64,iVBORw0KGgo=', contentType: 'image/png' }, metadata: { kind: 'image' } },
      { media: { url: 'file-9' }, metadata: { kind: 'audio' } },
      { data: { k: [1, 'é'] } },
      { data: { type: 'data', mime_type: 'text/csv', data_base64: 'YSxi' } },
    ];
    expect(complete).toEqual({ type: 'message-complete', messageKey: 'id:m1', message: { role: 'model', content: expected } });
  });

  it('keeps message metadata on the completed message', () => {
    const events = decodeValues([msg({ role: 'assistant', content: [text('x')], delta: false, metadata: { model: 'm' } })]);
    expect(events.find((event) => event.type === 'message-complete')).toMatchObject({ message: { metadata: { model: 'm' } } });
  });

  it('builds the interrupt request from execution_meta', () => {
    const events = decodeValues([
      { event: 'updates', state: { execution_meta: meta({ is_interrupted: true, interrupted_node: 'approve', step: 2, interrupt_data: { question: 'Proceed?' } }) }, thread_id: thread },
      { event: 'updates', state: { execution_meta: meta({ is_interrupted: true, step: 5, interrupt_reason: 'review' }) }, thread_id: thread },
    ]);
    expect(events.filter((event) => event.type === 'interrupt-request')).toEqual([
      { type: 'interrupt-request', parts: [{ toolRequest: { name: 'approve', ref: 't-1:2', input: { question: 'Proceed?' } }, metadata: { interrupt: true } }] },
      { type: 'interrupt-request', parts: [{ toolRequest: { name: 'MAIN', ref: 't-1:5', input: { reason: 'review' } }, metadata: { interrupt: true } }] },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'turn-end', finishReason: 'interrupted', sessionId: thread });
  });

  it('an error frame is typed, keeps the server data, ends the turn once, and end() adds nothing', () => {
    const decoder = createAgentFlowDecoder();
    const data = { message: 'boom', code: 'GRAPH_ERROR', node: 'MAIN' };
    const events = decoder.decode({ type: 'value', value: { event: 'error', data, thread_id: thread } });
    const [, error, end] = events;
    expect(error).toMatchObject({ type: 'error', error: { name: 'AgentChatError', code: 'server-error', message: 'boom', serverStatus: 'GRAPH_ERROR', details: data } });
    expect(end).toMatchObject({ type: 'turn-end', finishReason: 'failed', sessionId: thread, raw: { event: 'error', data } });
    expect(error?.type === 'error' && end?.type === 'turn-end' && end.error === error.error).toBe(true);
    expect(decoder.decode({ type: 'value', value: { event: 'error', data: { message: 'again' } } })).toEqual([]);
    expect(decoder.decode({ type: 'malformed', text: '{', reason: 'x' })).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it('a malformed frame is a malformed-frame error; the turn goes on', async () => {
    const body = 'not json at all\n{"event":"message","message":{"role":"assistant","content":[{"type":"text","text":"ok"}],"delta":false}}\n{"event":\n';
    const events = await decodeText(body);
    expect(events.map(summary)).toEqual([
      expect.stringMatching(/^error:malformed-frame:Could not parse an AgentFlow chunk/),
      'message(model#0):model:[{"text":"ok"}]',
      expect.stringMatching(/^error:malformed-frame:/),
      'end:stop',
    ]);
    const first = events[0];
    expect(first?.type === 'error' && first.error.details).toBe('not json at all');
  });

  it('an empty body ends the turn normally', () => {
    expect(decodeValues([])).toEqual([{ type: 'turn-end', finishReason: 'stop', raw: { turnEnd: { finishReason: 'stop' } } }]);
  });
});

const user = (value: string) => ({ role: 'user' as const, content: [{ text: value }] });
const wireUser = (value: string) => ({ role: 'user', content: [{ type: 'text', text: value }], message_id: '0' });

interface BodyCase {
  name: string;
  input: AgentInput;
  sessionId: string | null;
  settings?: Parameters<typeof buildAgentFlowRequestBody>[1];
  expected: Record<string, unknown>;
}

const BODY_CASES: BodyCase[] = [
  {
    name: 'a user message on a new thread; response_granularity defaults to low',
    input: { message: user('hi') },
    sessionId: null,
    expected: { messages: [wireUser('hi')], response_granularity: 'low' },
  },
  {
    name: 'config.thread_id once a session id exists',
    input: { message: user('again') },
    sessionId: 'thread-7',
    expected: { messages: [wireUser('again')], config: { thread_id: 'thread-7' }, response_granularity: 'low' },
  },
  {
    name: 'settings: granularity, recursion_limit, extra config, and initial_state only on a new thread',
    input: { message: user('go') },
    sessionId: null,
    settings: { responseGranularity: 'full', recursionLimit: 10, config: { user_id: 'u1' }, initialState: { tasks: [] } },
    expected: { messages: [wireUser('go')], config: { user_id: 'u1' }, initial_state: { tasks: [] }, recursion_limit: 10, response_granularity: 'full' },
  },
  {
    name: 'the same settings on an existing thread: no initial_state, thread_id added to the config',
    input: { message: user('go') },
    sessionId: 'thread-7',
    settings: { responseGranularity: 'partial', recursionLimit: 10, config: { user_id: 'u1' }, initialState: { tasks: [] } },
    expected: { messages: [wireUser('go')], config: { user_id: 'u1', thread_id: 'thread-7' }, recursion_limit: 10, response_granularity: 'partial' },
  },
  {
    name: 'the session thread wins over a thread_id in the extra config',
    input: { message: user('x') },
    sessionId: 'thread-7',
    settings: { config: { thread_id: 'stale' } },
    expected: { messages: [wireUser('x')], config: { thread_id: 'thread-7' }, response_granularity: 'low' },
  },
  {
    name: 'resume: a tool message with tool_result blocks keyed by call_id',
    input: { resume: { respond: [{ toolResponse: { name: 'approve', ref: 'thread-7:2', output: 'yes' } }, { toolResponse: { name: 'search', ref: 'c9', output: { hits: 1 } } }] } },
    sessionId: 'thread-7',
    expected: {
      messages: [{
        role: 'tool',
        content: [
          { type: 'tool_result', call_id: 'thread-7:2', output: 'yes', is_error: false, status: 'completed' },
          { type: 'tool_result', call_id: 'c9', output: { hits: 1 }, is_error: false, status: 'completed' },
        ],
        message_id: '0',
      }],
      config: { thread_id: 'thread-7' },
      response_granularity: 'low',
    },
  },
  {
    name: 'a message and a resume together: the user message first, then the tool message',
    input: { message: user('and also'), resume: { respond: [{ toolResponse: { name: 't', ref: 'c1', output: 1 } }] } },
    sessionId: 'thread-7',
    expected: {
      messages: [wireUser('and also'), { role: 'tool', content: [{ type: 'tool_result', call_id: 'c1', output: 1, is_error: false, status: 'completed' }], message_id: '0' }],
      config: { thread_id: 'thread-7' },
      response_granularity: 'low',
    },
  },
  {
    name: 'parts become content blocks',
    input: {
      message: {
        role: 'user',
        content: [
          { text: 'look' },
          { media: { url: 'https://example.com/a.png', contentType: 'image/png' } },
          { media: { url: 'https://example.com/a.mp3', contentType: 'audio/mpeg' } },
          { reasoning: 'hmm' },
          { toolRequest: { name: 'search', ref: 'c1', input: { q: 1 } } },
          { data: { k: 'é' } },
        ],
      },
    },
    sessionId: null,
    expected: {
      messages: [{
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', media: { kind: 'url', url: 'https://example.com/a.png', mime_type: 'image/png' } },
          { type: 'audio', media: { kind: 'url', url: 'https://example.com/a.mp3', mime_type: 'audio/mpeg' } },
          { type: 'reasoning', summary: 'hmm' },
          { type: 'tool_call', id: 'c1', name: 'search', args: { q: 1 } },
          { type: 'data', mime_type: 'application/json', data_base64: Buffer.from('{"k":"é"}').toString('base64') },
        ],
        message_id: '0',
      }],
      response_granularity: 'low',
    },
  },
];

describe('AgentFlow request body', () => {
  for (const { name, input, sessionId, settings, expected } of BODY_CASES) {
    it(name, () => {
      expect(buildAgentFlowRequestBody({ input, sessionId }, settings)).toEqual(expected);
    });
  }

  it('a data part survives the round trip through a data block', () => {
    const data = { nested: { list: [1, 'é 世界'] } };
    const body = buildAgentFlowRequestBody({ input: { message: { role: 'model', content: [{ data }] } }, sessionId: null });
    const [message] = body.messages as Array<{ role: string; content: unknown[] }>;
    expect(message?.role).toBe('assistant');
    const events = decodeValues([{ event: 'message', message: { ...message, delta: false } }]);
    expect(events.find((event) => event.type === 'message-complete')).toMatchObject({ message: { content: [{ data }] } });
  });
});
