import { describe, expect, it } from 'vitest';
import { encode, splitAt, streamOf } from '../../../test/fixtures.js';
import type { AgentEvent } from '../../model/events.js';
import type { Message } from '../../model/message.js';
import { createNdjsonFramer } from '../../wire/ndjson.js';
import { readFrames } from '../../wire/read-frames.js';
import { createTnsaiDecoder, tnsaiFinishReason } from './tnsai-decoder.js';
import { buildTnsaiRequestBody } from './tnsai-request.js';

function summary(event: AgentEvent): string {
  switch (event.type) {
    case 'session': return `session:${event.sessionId}`;
    case 'text-delta': return `text(${event.messageKey}):${event.text}`;
    case 'tool-request': return `tool-request(${event.messageKey}):${event.part.toolRequest.name}#${event.part.toolRequest.ref ?? ''} ${JSON.stringify(event.part.toolRequest.input)}`;
    case 'error': return `error:${event.error.code}:${event.error.message}`;
    case 'usage': return `usage:${JSON.stringify(event.usage)}`;
    case 'turn-end': return `end:${event.finishReason}${event.sessionId ? `@${event.sessionId}` : ''}${event.error ? ` (${event.error.code})` : ''}`;
    default: return event.type;
  }
}

/** Decodes chunk values (a string: a line that is not JSON), then ends the body. */
function decode(values: Array<Record<string, unknown> | string>): AgentEvent[] {
  const decoder = createTnsaiDecoder({ sessionId: 's1' });
  const events = values.flatMap((value) => decoder.decode(typeof value === 'string' ? { type: 'malformed', text: value, reason: 'bad json' } : { type: 'value', value }));
  return events.concat(decoder.end());
}

const START = { type: 'START', model: 'tns-large', requestId: 'req-1' };
const content = (text: string, chunkIndex?: number) => ({ type: 'CONTENT', content: text, ...(chunkIndex !== undefined ? { tokenCount: 1, chunkIndex } : {}) });
const done = (finishReason?: string) => ({ type: 'DONE', ...(finishReason ? { finishReason } : {}) });

const cases: Array<{ name: string; values: Array<Record<string, unknown> | string>; expected: string[] }> = [
  {
    name: 'START, CONTENT tokens, DONE STOP',
    values: [START, content('Hel', 0), content('lo', 1), content(''), done('STOP')],
    expected: ['session:s1', 'text(tnsai):Hel', 'text(tnsai):lo', 'usage:{"outputTokens":2}', 'end:stop@s1'],
  },
  {
    name: 'CONTENT tokenCounts add up to the output tokens; without any, no usage',
    values: [{ type: 'CONTENT', content: 'A', tokenCount: 3 }, { type: 'CONTENT', content: 'B', tokenCount: 4 }, { type: 'CONTENT', content: 'C', tokenCount: -1 }, done('LENGTH')],
    expected: ['session:s1', 'text(tnsai):A', 'text(tnsai):B', 'text(tnsai):C', 'usage:{"outputTokens":7}', 'end:length@s1'],
  },
  {
    name: 'TOOL_CALL with an object, a JSON-string and a plain-string arguments; the content is not text',
    values: [
      START,
      { type: 'TOOL_CALL', toolCall: { id: 'c1', name: 'search', arguments: { q: 'TnsAI' } }, content: 'search({"q":"TnsAI"})' },
      { type: 'TOOL_CALL', toolCall: { name: 'lookup', arguments: '{"id":7}' } },
      { type: 'TOOL_CALL', toolCall: { id: 'c3', name: 'echo', arguments: 'not json' } },
      done('TOOL_CALLS'),
    ],
    expected: [
      'session:s1', 'tool-request(tnsai):search#c1 {"q":"TnsAI"}', 'tool-request(tnsai):lookup# {"id":7}', 'tool-request(tnsai):echo#c3 "not json"', 'end:other@s1',
    ],
  },
  {
    name: 'TOOL_CALL without toolCall: the name(arguments) content is parsed',
    values: [{ type: 'TOOL_CALL', content: 'getTime({"tz":"UTC"})' }, { type: 'TOOL_CALL', content: 'ping()' }, { type: 'TOOL_CALL', content: 'garbage' }, done()],
    expected: ['session:s1', 'tool-request(tnsai):getTime# {"tz":"UTC"}', 'tool-request(tnsai):ping# {}', 'end:stop@s1'],
  },
  {
    name: 'streamChatWithTools: rounds of text and tool calls in one message, one DONE STOP',
    values: [START, content('Looking.'), { type: 'TOOL_CALL', toolCall: { id: 'c1', name: 'search', arguments: {} } }, content('Found it.'), done('STOP')],
    expected: ['session:s1', 'text(tnsai):Looking.', 'tool-request(tnsai):search#c1 {}', 'text(tnsai):Found it.', 'end:stop@s1'],
  },
  {
    name: 'ERROR: a server error and a failed turn; later chunks ignored',
    values: [START, content('Par'), { type: 'ERROR', content: 'rate limited' }, content('ignored'), done()],
    expected: ['session:s1', 'text(tnsai):Par', 'error:server-error:rate limited', 'end:failed@s1 (server-error)'],
  },
  {
    name: 'ERROR without content',
    values: [{ type: 'ERROR' }],
    expected: ['session:s1', 'error:server-error:The model call failed.', 'end:failed@s1 (server-error)'],
  },
  {
    name: 'DONE ERROR is a failed turn with an error',
    values: [content('x'), done('ERROR')],
    expected: ['session:s1', 'text(tnsai):x', 'error:server-error:The model stopped with an error.', 'end:failed@s1 (server-error)'],
  },
  {
    name: 'no DONE: incomplete-stream',
    values: [START, content('cut')],
    expected: ['session:s1', 'text(tnsai):cut', 'error:incomplete-stream:The TnsAI stream ended before its DONE chunk.', 'end:failed@s1 (incomplete-stream)'],
  },
  {
    name: 'an empty body',
    values: [],
    expected: ['session:s1', 'error:incomplete-stream:The TnsAI stream ended before its DONE chunk.', 'end:failed@s1 (incomplete-stream)'],
  },
  {
    name: 'malformed lines are errors, unknown and lowercase types work or are ignored',
    values: ['{nope', { type: 'HEARTBEAT' }, { noType: 1 }, { type: 'content', content: 'lower' }, { type: 'done', finishReason: 'length' }],
    expected: ['session:s1', 'error:malformed-frame:Could not parse a TnsAI chunk: bad json', 'text(tnsai):lower', 'end:length@s1'],
  },
  ...([['STOP', 'stop'], ['LENGTH', 'length'], ['TOOL_CALLS', 'other'], ['CONTENT_FILTER', 'blocked'], [undefined, 'stop'], ['SOMETHING_NEW', 'other']] as const).map(([reason, expected]) => ({
    name: `DONE ${reason ?? '(no finishReason)'} → ${expected}`,
    values: [done(reason)],
    expected: ['session:s1', `end:${expected}@s1`],
  })),
];

describe('TnsAI ChatChunk dialect', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      expect(decode(testCase.values).map(summary)).toEqual(testCase.expected);
    });
  }

  it('finish reasons: the documented table', () => {
    expect(['STOP', 'LENGTH', 'TOOL_CALLS', 'CONTENT_FILTER', 'ERROR', 'stop', undefined].map(tnsaiFinishReason)).toEqual(['stop', 'length', 'other', 'blocked', 'failed', 'stop', 'stop']);
  });

  it('the turn-end carries the DONE chunk as raw and {model, requestId, finishReason} as output; CONTENT chunks are the model chunks', () => {
    const events = decode([START, content('a', 0), done('LENGTH')]);
    expect(events[1]).toMatchObject({ type: 'text-delta', role: 'model', source: { type: 'CONTENT', content: 'a', tokenCount: 1, chunkIndex: 0 } });
    expect(events.at(-1)).toEqual({
      type: 'turn-end', finishReason: 'length', sessionId: 's1', raw: { type: 'DONE', finishReason: 'LENGTH' },
      output: { model: 'tns-large', requestId: 'req-1', finishReason: 'LENGTH' },
    });
  });

  it('NDJSON bytes decode the same at every split, with multi-byte text', async () => {
    const lines = [START, content('héllo '), content('世界 🎉'), done('STOP')].map((value) => JSON.stringify(value)).join('\n') + '\n';
    const run = async (pieces: Uint8Array[]) => {
      const decoder = createTnsaiDecoder({ sessionId: 's1' });
      const events: AgentEvent[] = [];
      for await (const frames of readFrames(streamOf(pieces), createNdjsonFramer())) for (const frame of frames) events.push(...decoder.decode(frame));
      return events.concat(decoder.end()).map(summary);
    };
    const bytes = encode(lines);
    const whole = await run([bytes]);
    expect(whole).toEqual(['session:s1', 'text(tnsai):héllo ', 'text(tnsai):世界 🎉', 'end:stop@s1']);
    for (let offset = 1; offset < bytes.length; offset++) expect(await run(splitAt(bytes, [offset]))).toEqual(whole);
  });
});

describe('TnsAI request body', () => {
  const history: Message[] = [
    { role: 'system', content: [{ text: 'Be brief.' }] },
    { role: 'user', content: [{ text: 'Find the notes' }] },
    { role: 'model', content: [{ text: 'Searching.' }, { toolRequest: { name: 'search', ref: 'c1', input: { q: 'notes' } } }] },
    { role: 'tool', content: [{ toolResponse: { name: 'search', ref: 'c1', output: ['n1'] } }] },
    { role: 'model', content: [{ text: 'Found n1.' }] },
  ];

  it('{message, sessionId, history}: text only, tool calls and results kept', () => {
    expect(buildTnsaiRequestBody({ input: { message: { role: 'user', content: [{ text: 'Thanks' }, { data: 1 }] } }, history }, 's1')).toEqual({
      message: 'Thanks',
      sessionId: 's1',
      history: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Find the notes' },
        { role: 'assistant', content: 'Searching.', toolCalls: [{ id: 'c1', name: 'search', arguments: { q: 'notes' } }] },
        { role: 'tool', content: '["n1"]', toolCallId: 'c1', name: 'search' },
        { role: 'assistant', content: 'Found n1.' },
      ],
    });
  });

  it('answers to tool calls are toolResults, with an empty message', () => {
    expect(buildTnsaiRequestBody({ input: { resume: { respond: [{ toolResponse: { name: 'search', ref: 'c1', output: ['n1'] } }] } }, history: [] }, 's1')).toEqual({
      message: '', sessionId: 's1', history: [], toolResults: [{ toolCallId: 'c1', name: 'search', output: ['n1'] }],
    });
  });
});
