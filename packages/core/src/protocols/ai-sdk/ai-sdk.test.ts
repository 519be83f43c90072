import { convertToModelMessages, JsonToSseTransformStream, lastAssistantMessageIsCompleteWithApprovalResponses, validateUIMessages, type UIMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { encode, splitAt, streamOf } from '../../../test/fixtures.js';
import type { AgentEvent } from '../../model/events.js';
import type { Message } from '../../model/message.js';
import { createSessionId } from '../../util/ids.js';
import { createSseFramer } from '../../wire/sse.js';
import { readFrames } from '../../wire/read-frames.js';
import { approvalDecision, buildAiSdkRequestBody, createAiSdkDecoder, toAiSdkUiMessages, type AiSdkUiMessage } from './index.js';

/** A compact view of events for table assertions. */
function summary(event: AgentEvent): string {
  switch (event.type) {
    case 'session': return `session:${event.sessionId}`;
    case 'text-delta': return `text(${event.messageKey}):${event.text}`;
    case 'reasoning-delta': return `reasoning(${event.messageKey}):${event.text}`;
    case 'tool-request': {
      const { name, ref, input, partial } = event.part.toolRequest;
      const interrupt = event.part.metadata?.interrupt ? ` interrupt=${JSON.stringify(event.part.metadata.interrupt)}` : '';
      return `tool-request(${event.messageKey}):${name}#${ref}${partial ? ' partial' : ''} ${JSON.stringify(input)}${interrupt}`;
    }
    case 'tool-response': {
      const meta = event.part.metadata ? ` ${JSON.stringify(event.part.metadata)}` : '';
      return `tool-response(${event.messageKey}):${event.part.toolResponse.name}#${event.part.toolResponse.ref} ${JSON.stringify(event.part.toolResponse.output)}${meta}`;
    }
    case 'part-add': return `part(${event.messageKey}):${JSON.stringify(event.part)}`;
    case 'message-complete': {
      const meta = event.message.metadata ? ` ${JSON.stringify(event.message.metadata)}` : '';
      return `message(${event.messageKey}):${event.message.role}:${JSON.stringify(event.message.content)}${meta}`;
    }
    case 'custom-patch': return `patch:${JSON.stringify(event.patch)}`;
    case 'usage': return `usage:${JSON.stringify(event.usage)}`;
    case 'suggestions': return `suggestions:${JSON.stringify(event.suggestions)}`;
    case 'custom-snapshot': return `custom:${JSON.stringify(event.custom)}`;
    case 'artifact-upsert': return `artifact:${event.artifact.name}:${JSON.stringify(event.artifact.parts)}`;
    case 'interrupt-request': return `interrupts:${event.parts.map((part) => part.toolRequest.ref).join()}`;
    case 'error': return `error:${event.error.code}:${event.error.message}`;
    case 'turn-end': return `end:${event.finishReason}${event.sessionId ? `@${event.sessionId}` : ''}${event.snapshotId ? `#${event.snapshotId}` : ''}${event.error ? ` (${event.error.code})` : ''}`;
    default: return event.type;
  }
}

const DONE = Symbol('[DONE]');
type Wire = Record<string, unknown> | typeof DONE | { malformed: string };

/** Decodes chunk values (DONE for the `[DONE]` sentinel) with a decoder for chat `c1`, then ends the body. */
function decode(wire: Wire[], history: Message[] = []): AgentEvent[] {
  const decoder = createAiSdkDecoder({ sessionId: 'c1', history });
  const events = wire.flatMap((value) =>
    decoder.decode(
      value === DONE ? { type: 'text', text: '[DONE]' }
        : 'malformed' in value ? { type: 'malformed', text: String(value.malformed), reason: 'bad json' }
          : { type: 'value', value },
    ),
  );
  return events.concat(decoder.end());
}

const start = (messageId = 'm1', extra: Record<string, unknown> = {}) => ({ type: 'start', messageId, ...extra });
const text = (delta: string, id = 't1') => ({ type: 'text-delta', id, delta });
const finish = (finishReason?: string) => ({ type: 'finish', ...(finishReason ? { finishReason } : {}) });

interface Case {
  name: string;
  wire: Wire[];
  history?: Message[];
  expected: string[];
}

const cases: Case[] = [
  {
    name: 'text: start keys the message; start/end/step chunks are ignored; finish completes it with its metadata',
    wire: [
      start('m1', { messageMetadata: { model: 'mock' } }), { type: 'start-step' }, { type: 'text-start', id: 't1' },
      text('Hel'), text('lo'), text(''), { type: 'text-end', id: 't1' }, { type: 'finish-step' },
      { type: 'message-metadata', messageMetadata: { tokens: 3 } }, finish('stop'), DONE,
    ],
    expected: [
      'session:c1', 'text(ai:m1#0):Hel', 'text(ai:m1#0):lo',
      'message(ai:m1#0):model:[{"text":"Hello"}] {"messageId":"m1","messageMetadata":{"model":"mock","tokens":3}}',
      'end:stop@c1',
    ],
  },
  {
    name: 'reasoning then text in one message; no start → a default key',
    wire: [{ type: 'reasoning-start', id: 'r' }, { type: 'reasoning-delta', id: 'r', delta: 'think' }, { type: 'reasoning-end', id: 'r' }, text('ok'), finish()],
    expected: ['session:c1', 'reasoning(ai:response#0):think', 'text(ai:response#0):ok', 'message(ai:response#0):model:[{"reasoning":"think"},{"text":"ok"}]', 'end:stop@c1'],
  },
  {
    name: 'tool input deltas stream a partial request; output goes to a tool message; later text opens the next model message',
    wire: [
      start(), text('Checking.'),
      { type: 'tool-input-start', toolCallId: 'call-1', toolName: 'getWeather' },
      { type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: '{"city"' },
      { type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: ':"Paris"}' },
      { type: 'tool-input-available', toolCallId: 'call-1', toolName: 'getWeather', input: { city: 'Paris' } },
      { type: 'tool-output-available', toolCallId: 'call-1', output: { tempC: 21 } },
      { type: 'finish-step' }, { type: 'start-step' }, text('Sunny.'), finish('stop'),
    ],
    expected: [
      'session:c1', 'text(ai:m1#0):Checking.',
      'tool-request(ai:m1#0):getWeather#call-1 partial undefined',
      // The input as it streams (best effort): `{"city"` reads as `{}`.
      'tool-request(ai:m1#0):getWeather#call-1 partial {}',
      'tool-request(ai:m1#0):getWeather#call-1 partial {"city":"Paris"}',
      'tool-request(ai:m1#0):getWeather#call-1 {"city":"Paris"}',
      'tool-response(ai:m1#0:tool):getWeather#call-1 {"tempC":21}',
      'text(ai:m1#1):Sunny.',
      'message(ai:m1#0):model:[{"text":"Checking."},{"toolRequest":{"name":"getWeather","ref":"call-1","input":{"city":"Paris"}}}] {"messageId":"m1"}',
      'message(ai:m1#0:tool):tool:[{"toolResponse":{"name":"getWeather","ref":"call-1","output":{"tempC":21}}}]',
      'message(ai:m1#1):model:[{"text":"Sunny."}]',
      'end:stop@c1',
    ],
  },
  {
    name: 'text-encoded tool input and tool metadata; input and output errors',
    wire: [
      start(),
      { type: 'tool-input-start', toolCallId: 'a', toolName: 'shell', inputEncoding: 'text', dynamic: true, title: 'Shell' },
      { type: 'tool-input-delta', toolCallId: 'a', inputTextDelta: 'ls' },
      { type: 'tool-input-error', toolCallId: 'b', toolName: 'calc', input: '1+', errorText: 'bad input' },
      { type: 'tool-input-available', toolCallId: 'a', toolName: 'shell', input: 'ls -l' },
      { type: 'tool-output-error', toolCallId: 'a', errorText: 'permission denied' },
      finish(),
    ],
    expected: [
      'session:c1',
      'tool-request(ai:m1#0):shell#a partial undefined',
      'tool-request(ai:m1#0):shell#a partial "ls"',
      'tool-request(ai:m1#0):calc#b "1+"',
      'tool-response(ai:m1#0:tool):calc#b "bad input" {"isError":true}',
      'tool-request(ai:m1#0):shell#a "ls -l"',
      'tool-response(ai:m1#0:tool):shell#a "permission denied" {"isError":true}',
      'message(ai:m1#0):model:[{"toolRequest":{"name":"shell","ref":"a","input":"ls -l"},"metadata":{"dynamic":true,"title":"Shell"}},{"toolRequest":{"name":"calc","ref":"b","input":"1+"}}] {"messageId":"m1"}',
      'message(ai:m1#0:tool):tool:[{"toolResponse":{"name":"calc","ref":"b","output":"bad input"},"metadata":{"isError":true}},{"toolResponse":{"name":"shell","ref":"a","output":"permission denied"},"metadata":{"isError":true}}]',
      'end:stop@c1',
    ],
  },
  {
    name: 'tool-approval-request marks the request as an interrupt and the turn ends interrupted',
    wire: [
      start('m2'), { type: 'start-step' },
      { type: 'tool-input-available', toolCallId: 'call-9', toolName: 'deleteFile', input: { path: '/tmp/x' } },
      { type: 'tool-approval-request', approvalId: 'ap-1', toolCallId: 'call-9', signature: 'sig' },
      { type: 'finish-step' }, finish('tool-calls'), DONE,
    ],
    expected: [
      'session:c1',
      'tool-request(ai:m2#0):deleteFile#call-9 {"path":"/tmp/x"}',
      'tool-request(ai:m2#0):deleteFile#call-9 {"path":"/tmp/x"} interrupt={"approvalId":"ap-1","signature":"sig"}',
      'interrupts:call-9',
      'message(ai:m2#0):model:[{"toolRequest":{"name":"deleteFile","ref":"call-9","input":{"path":"/tmp/x"}},"metadata":{"interrupt":{"approvalId":"ap-1","signature":"sig"}}}] {"messageId":"m2"}',
      'end:interrupted@c1',
    ],
  },
  {
    name: 'the resumed run: results of calls from the history get their tool name; denied is marked',
    history: [{ role: 'model', content: [{ toolRequest: { name: 'deleteFile', ref: 'call-9', input: {} } }, { toolRequest: { name: 'rename', ref: 'call-10', input: {} } }] }],
    wire: [
      start('m2'), { type: 'tool-output-available', toolCallId: 'call-9', output: 'deleted' }, { type: 'tool-output-denied', toolCallId: 'call-10' },
      { type: 'start-step' }, text('Done.'), finish('stop'),
    ],
    expected: [
      'session:c1',
      'tool-response(ai:m2#0:tool):deleteFile#call-9 "deleted"',
      'tool-response(ai:m2#0:tool):rename#call-10 undefined {"denied":true}',
      'text(ai:m2#1):Done.',
      'message(ai:m2#0:tool):tool:[{"toolResponse":{"name":"deleteFile","ref":"call-9","output":"deleted"}},{"toolResponse":{"name":"rename","ref":"call-10"},"metadata":{"denied":true}}]',
      'message(ai:m2#1):model:[{"text":"Done."}] {"messageId":"m2"}',
      'end:stop@c1',
    ],
  },
  {
    name: 'data parts: with id → artifact upsert (name type:id); without id → a message part; transient without id only reaches onChunk',
    wire: [
      start(),
      { type: 'data-report', id: 'r1', data: { v: 1 } }, { type: 'data-report', id: 'r1', data: { v: 2 } },
      { type: 'data-progress', id: 'p', data: 50, transient: true },
      { type: 'data-note', data: 'kept' }, { type: 'data-ping', data: 1, transient: true },
      finish(),
    ],
    expected: [
      'session:c1',
      'artifact:data-report:r1:[{"data":{"v":1}}]', 'artifact:data-report:r1:[{"data":{"v":2}}]', 'artifact:data-progress:p:[{"data":50}]',
      'part(ai:m1#0):{"data":"kept","metadata":{"type":"data-note"}}',
      'passthrough',
      'message(ai:m1#0):model:[{"data":"kept","metadata":{"type":"data-note"}}] {"messageId":"m1"}',
      'end:stop@c1',
    ],
  },
  {
    name: 'data-artifact carrying an artifact is that artifact (its own name, else the part id); finish metadata snapshotId ends the turn',
    wire: [
      start(),
      { type: 'data-artifact', id: 'report.md', data: { name: 'report.md', parts: [{ text: '# v1' }] } },
      { type: 'data-artifact', id: 'notes', data: { parts: [{ text: 'n' }] } },
      { type: 'data-artifact', id: 'x', data: { v: 1 } },
      { type: 'finish', finishReason: 'stop', messageMetadata: { snapshotId: 'snap-9' } },
    ],
    expected: [
      'session:c1',
      'artifact:report.md:[{"text":"# v1"}]',
      'artifact:notes:[{"text":"n"}]',
      'artifact:data-artifact:x:[{"data":{"v":1}}]',
      'end:stop@c1#snap-9',
    ],
  },
  {
    name: 'state: data-state is a snapshot, data-state-patch a JSON Patch; a patch that is not an array is an error',
    wire: [
      start(),
      { type: 'data-state', data: { count: 0 }, transient: true },
      { type: 'data-state-patch', data: [{ op: 'replace', path: '/count', value: 1 }], transient: true },
      { type: 'data-state-patch', data: { op: 'replace' }, transient: true },
      finish(),
    ],
    expected: [
      'session:c1', 'custom:{"count":0}', 'patch:[{"op":"replace","path":"/count","value":1}]',
      'error:patch-failed:A data-state-patch part must carry an array of JSON Patch operations.', 'end:stop@c1',
    ],
  },
  {
    name: 'source-url, source-document and file chunks become source and media parts',
    wire: [
      start(), { type: 'source-url', sourceId: 's1', url: 'https://example.com', title: 'Ex' },
      { type: 'source-document', sourceId: 'doc-7', mediaType: 'application/pdf', title: 'Manual', filename: 'manual.pdf' },
      { type: 'file', url: 'data:image/png;base64,AA==', mediaType: 'image/png' }, finish(),
    ],
    expected: [
      'session:c1',
      'part(ai:m1#0):{"source":{"url":"https://example.com","title":"Ex"},"metadata":{"sourceId":"s1"}}',
      'part(ai:m1#0):{"source":{"documentId":"doc-7","title":"Manual","mediaType":"application/pdf"},"metadata":{"sourceId":"doc-7","filename":"manual.pdf"}}',
      'part(ai:m1#0):{"media":{"url":"data:image/png;base64,AA==","contentType":"image/png"}}',
      'message(ai:m1#0):model:[{"source":{"url":"https://example.com","title":"Ex"},"metadata":{"sourceId":"s1"}},{"source":{"documentId":"doc-7","title":"Manual","mediaType":"application/pdf"},"metadata":{"sourceId":"doc-7","filename":"manual.pdf"}},{"media":{"url":"data:image/png;base64,AA==","contentType":"image/png"}}] {"messageId":"m1"}',
      'end:stop@c1',
    ],
  },
  {
    name: 'data-suggestions (transient or not) are suggestions; usage or totalUsage in the message metadata is the usage',
    wire: [
      { type: 'start', messageId: 'm1', messageMetadata: { model: 'x' } }, { type: 'text-delta', id: 't', delta: 'Hi' },
      { type: 'data-suggestions', data: ['Tell me more', '', 7, 'Thanks'], transient: true },
      { type: 'message-metadata', messageMetadata: { totalUsage: { inputTokens: 12, outputTokens: 30, totalTokens: 42, reasoningTokens: 5 } } },
      finish(),
    ],
    expected: [
      'session:c1', 'text(ai:m1#0):Hi', 'suggestions:["Tell me more","Thanks"]',
      'usage:{"inputTokens":12,"outputTokens":30,"totalTokens":42}',
      'message(ai:m1#0):model:[{"text":"Hi"}] {"messageId":"m1","messageMetadata":{"model":"x","totalUsage":{"inputTokens":12,"outputTokens":30,"totalTokens":42,"reasoningTokens":5}}}',
      'end:stop@c1',
    ],
  },
  {
    name: 'error then [DONE] (what createUIMessageStream sends when execute throws): failed, the partial message not completed',
    wire: [start(), text('partial'), { type: 'error', errorText: 'model exploded' }, text(' more'), DONE],
    expected: [
      'session:c1', 'text(ai:m1#0):partial', 'error:server-error:model exploded', 'text(ai:m1#0): more', 'end:failed@c1 (server-error)',
    ],
  },
  {
    name: 'error then finish with a reason: still failed',
    wire: [start(), { type: 'error', errorText: 'boom' }, finish('error')],
    expected: ['session:c1', 'error:server-error:boom', 'end:failed@c1 (server-error)'],
  },
  {
    name: 'error and the body ends: failed with that error, no extra incomplete-stream',
    wire: [{ type: 'error', errorText: 'boom' }],
    expected: ['session:c1', 'error:server-error:boom', 'end:failed@c1 (server-error)'],
  },
  {
    name: 'abort ends the turn aborted; later chunks are ignored',
    wire: [start(), text('par'), { type: 'abort', reason: 'user' }, text('ignored'), finish()],
    expected: ['session:c1', 'text(ai:m1#0):par', 'end:aborted@c1'],
  },
  {
    name: '[DONE] without finish ends the turn normally',
    wire: [start(), text('hi'), DONE],
    expected: ['session:c1', 'text(ai:m1#0):hi', 'message(ai:m1#0):model:[{"text":"hi"}] {"messageId":"m1"}', 'end:stop@c1'],
  },
  {
    name: 'a body that ends with neither finish nor [DONE]: incomplete-stream',
    wire: [start(), text('cut')],
    expected: ['session:c1', 'text(ai:m1#0):cut', 'error:incomplete-stream:The UI message stream ended before its finish chunk.', 'end:failed@c1 (incomplete-stream)'],
  },
  {
    name: 'an empty body still announces the session and fails as incomplete',
    wire: [],
    expected: ['session:c1', 'error:incomplete-stream:The UI message stream ended before its finish chunk.', 'end:failed@c1 (incomplete-stream)'],
  },
  {
    name: 'malformed frames are errors that do not end the turn; unknown and untyped chunks are ignored',
    wire: [start(), { malformed: '{nope' }, { type: 'future-thing', x: 1 }, { notAType: true }, { type: 42 }, text('ok'), finish()],
    expected: [
      'session:c1', 'error:malformed-frame:Could not parse a UI message stream chunk: bad json', 'text(ai:m1#0):ok',
      'message(ai:m1#0):model:[{"text":"ok"}] {"messageId":"m1"}', 'end:stop@c1',
    ],
  },
  ...([
    ['length', 'length'], ['content-filter', 'blocked'], ['tool-calls', 'other'], ['other', 'other'], ['error', 'failed'], [undefined, 'stop'],
  ] as const).map(([reason, expected]): Case => ({
    name: `finish reason ${reason ?? '(none)'} → ${expected}`,
    wire: [finish(reason)],
    expected: ['session:c1', `end:${expected}@c1`],
  })),
];

describe('AI SDK UI message stream dialect', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      expect(decode(testCase.wire, testCase.history).map(summary)).toEqual(testCase.expected);
    });
  }

  it('the turn-end carries the finish chunk as raw and the message id, metadata and wire reason as output', () => {
    const events = decode([start('m1', { messageMetadata: { a: 1 } }), finish('tool-calls')]);
    expect(events.at(-1)).toEqual({
      type: 'turn-end', finishReason: 'other', sessionId: 'c1',
      raw: { type: 'finish', finishReason: 'tool-calls' },
      output: { messageId: 'm1', messageMetadata: { a: 1 }, finishReason: 'tool-calls' },
    });
  });

  it('SSE bytes from the real JsonToSseTransformStream decode the same at every split', async () => {
    const chunks = [start('m1'), text('héllo '), text('世界 🎉'), { type: 'data-state-patch', data: [{ op: 'add', path: '/a', value: 1 }], transient: true }, finish('stop')];
    const sse = await new Response(
      new ReadableStream({ start(controller) { for (const chunk of chunks) controller.enqueue(chunk); controller.close(); } })
        .pipeThrough(new JsonToSseTransformStream()).pipeThrough(new TextEncoderStream()),
    ).text();
    expect(sse.endsWith('data: [DONE]\n\n')).toBe(true);
    const run = async (pieces: Uint8Array[]) => {
      const decoder = createAiSdkDecoder({ sessionId: 'c1' });
      const events: AgentEvent[] = [];
      for await (const frames of readFrames(streamOf(pieces), createSseFramer())) for (const frame of frames) events.push(...decoder.decode(frame));
      return events.concat(decoder.end()).map(summary);
    };
    const bytes = encode(sse);
    const whole = await run([bytes]);
    expect(whole).toEqual([
      'session:c1', 'text(ai:m1#0):héllo ', 'text(ai:m1#0):世界 🎉', 'patch:[{"op":"add","path":"/a","value":1}]',
      'message(ai:m1#0):model:[{"text":"héllo 世界 🎉"}] {"messageId":"m1"}', 'end:stop@c1',
    ]);
    for (let offset = 1; offset < bytes.length; offset += 3) expect(await run(splitAt(bytes, [offset]))).toEqual(whole);
  });
});

describe('AI SDK request body', () => {
  const history: Message[] = [
    { role: 'user', content: [{ text: 'Weather in Paris?' }] },
    {
      role: 'model',
      content: [{ text: 'Checking.' }, { toolRequest: { name: 'getWeather', ref: 'call-1', input: { city: 'Paris' } } }],
      metadata: { messageId: 'srv-1', messageMetadata: { model: 'mock' } },
    },
    { role: 'tool', content: [{ toolResponse: { name: 'getWeather', ref: 'call-1', output: { tempC: 21 } } }] },
    { role: 'model', content: [{ text: 'Sunny.' }, { data: { v: 1 }, metadata: { type: 'data-note' } }, { custom: { type: 'source-url', sourceId: 's', url: 'https://x.test' } }] },
  ];

  it('a first turn: the chat id, the new user message with a stable id, trigger submit-message, no messageId', () => {
    const body = buildAiSdkRequestBody({ input: { message: { role: 'user', content: [{ text: 'hi' }] } }, history: [] }, 'chat-1');
    expect(body).toEqual({ id: 'chat-1', messages: [{ id: 'chat-1-0', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], trigger: 'submit-message' });
  });

  it('merges model and tool messages into one assistant message with step boundaries, valid for the AI SDK', async () => {
    const body = buildAiSdkRequestBody({ input: { message: { role: 'user', content: [{ text: 'And tomorrow?' }] } }, history }, 'chat-1');
    expect(body.messages).toEqual([
      { id: 'chat-1-0', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        id: 'srv-1', role: 'assistant', metadata: { model: 'mock' },
        parts: [
          { type: 'step-start' }, { type: 'text', text: 'Checking.' },
          { type: 'tool-getWeather', toolCallId: 'call-1', state: 'output-available', input: { city: 'Paris' }, output: { tempC: 21 } },
          { type: 'step-start' }, { type: 'text', text: 'Sunny.' }, { type: 'data-note', data: { v: 1 } }, { type: 'source-url', sourceId: 's', url: 'https://x.test' },
        ],
      },
      { id: 'chat-1-4', role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
    ]);
    await expect(validateUIMessages({ messages: body.messages as UIMessage[] })).resolves.toHaveLength(3);
    const model = await convertToModelMessages(body.messages as UIMessage[]);
    expect(model.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(model[2]).toMatchObject({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'getWeather', output: { type: 'json', value: { tempC: 21 } } }] });
  });

  const interrupted: Message[] = [
    { role: 'user', content: [{ text: 'delete /tmp/x' }] },
    {
      role: 'model',
      content: [{ toolRequest: { name: 'deleteFile', ref: 'call-9', input: { path: '/tmp/x' } }, metadata: { interrupt: { approvalId: 'ap-1', signature: 'sig' } } }],
      metadata: { messageId: 'srv-2' },
    },
  ];

  it('an open approval is sent as approval-requested', () => {
    const [, assistant] = toAiSdkUiMessages(interrupted, 'chat-1');
    expect(assistant!.parts[1]).toEqual({ type: 'tool-deleteFile', toolCallId: 'call-9', state: 'approval-requested', input: { path: '/tmp/x' }, approval: { id: 'ap-1', signature: 'sig' } });
  });

  for (const [answer, approval] of [
    ['yes', { id: 'ap-1', signature: 'sig', approved: true }],
    [{ approved: false, reason: 'too risky' }, { id: 'ap-1', signature: 'sig', approved: false, reason: 'too risky' }],
  ] as const) {
    it(`resume with ${JSON.stringify(answer)}: approval-responded, messageId = that assistant message, what streamText expects`, async () => {
      const body = buildAiSdkRequestBody({ input: { resume: { respond: [{ toolResponse: { name: 'deleteFile', ref: 'call-9', output: answer } }] } }, history: interrupted }, 'chat-1');
      expect(body.trigger).toBe('submit-message');
      expect(body.messageId).toBe('srv-2');
      expect(body.messages.at(-1)!.parts.at(-1)).toEqual({ type: 'tool-deleteFile', toolCallId: 'call-9', state: 'approval-responded', input: { path: '/tmp/x' }, approval });
      expect(lastAssistantMessageIsCompleteWithApprovalResponses({ messages: body.messages as UIMessage[] })).toBe(true);
      const model = await convertToModelMessages(body.messages as UIMessage[]);
      expect(model.at(-1)).toMatchObject({
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: 'ap-1', approved: approval.approved, ...('reason' in approval ? { reason: approval.reason } : {}) }],
      });
    });
  }

  it('after the resumed run, the answered approval is output-available (approved) or output-denied', () => {
    const after: Message[] = [
      ...interrupted,
      { role: 'tool', content: [{ toolResponse: { name: 'deleteFile', ref: 'call-9', output: 'deleted' } }] },
      { role: 'model', content: [{ text: 'Done.' }], metadata: { messageId: 'srv-2' } },
    ];
    const messages = toAiSdkUiMessages(after, 'c');
    expect(messages).toHaveLength(2);
    expect(messages[1]!.parts).toEqual([
      { type: 'step-start' },
      { type: 'tool-deleteFile', toolCallId: 'call-9', state: 'output-available', input: { path: '/tmp/x' }, output: 'deleted', approval: { id: 'ap-1', signature: 'sig', approved: true } },
      { type: 'step-start' }, { type: 'text', text: 'Done.' },
    ]);
    const denied = toAiSdkUiMessages([...interrupted, { role: 'tool', content: [{ toolResponse: { name: 'deleteFile', ref: 'call-9' }, metadata: { denied: true } }] }], 'c');
    expect(denied[1]!.parts[1]).toMatchObject({ state: 'output-denied', approval: { id: 'ap-1', approved: false } });
  });

  it('a different server message id starts a new assistant message; an answer to a plain tool call is its output', () => {
    const history2: Message[] = [
      { role: 'model', content: [{ text: 'a' }], metadata: { messageId: 'x' } },
      { role: 'model', content: [{ toolRequest: { name: 'pickColor', ref: 'c-1', input: {} } }], metadata: { messageId: 'y' } },
    ];
    const body = buildAiSdkRequestBody({ input: { resume: { respond: [{ toolResponse: { name: 'pickColor', ref: 'c-1', output: 'red' } }] } }, history: history2 }, 'k');
    expect(body.messages.map((message: AiSdkUiMessage) => message.id)).toEqual(['x', 'y']);
    expect(body.messages[1]!.parts[1]).toEqual({ type: 'tool-pickColor', toolCallId: 'c-1', state: 'output-available', input: {}, output: 'red' });
    expect(body.messageId).toBe('y');
  });

  it('reads approval answers: booleans, {approved, reason}, yes/no words; anything else denies with the text as reason', () => {
    expect([true, false, 'Yes', 'ok!', 'approve', ' no ', 'deny', { approved: true }, { approved: false, reason: 'r' }, 'not now', 42, null].map(approvalDecision)).toEqual([
      { approved: true }, { approved: false }, { approved: true }, { approved: true }, { approved: true }, { approved: false }, { approved: false },
      { approved: true }, { approved: false, reason: 'r' }, { approved: false, reason: 'not now' }, { approved: false }, { approved: false },
    ]);
  });

  it('media and data parts of a user message; unrepresentable parts are left out', () => {
    const [message] = toAiSdkUiMessages([{ role: 'user', content: [{ media: { url: 'https://x/y.png', contentType: 'image/png' } }, { data: 1 }, { data: 2, metadata: { type: 'data-pick' } }] }], 'c');
    expect(message!.parts).toEqual([{ type: 'file', mediaType: 'image/png', url: 'https://x/y.png' }, { type: 'data-pick', data: 2 }]);
  });

  it('session ids: randomUUID when available, a random string without it', () => {
    expect(createSessionId()).toMatch(/^[0-9a-f-]{36}$/);
    vi.stubGlobal('crypto', undefined);
    try {
      const a = createSessionId();
      const b = createSessionId();
      expect(a).toMatch(/^[0-9a-z]{32}$/);
      expect(a).not.toBe(b);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
