import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../model/events.js';
import type { Message } from '../../model/message.js';
import type { ToolRequestPart } from '../../model/part.js';
import type { WireFrame } from '../../wire/frame.js';
import { buildAguiResume, buildAguiRunInput, createAguiDecoder, toAguiMessages, type AguiDecoderContext } from './index.js';
import { randomId } from '../../util/ids.js';
import { applyActivityDelta, applyActivityPatch } from './agui-activity-patch.js';

type Value = Record<string, unknown>;

/** Decodes AG-UI event values (then the end of the body) and drops `source`, for compact expectations. */
function decode(values: Array<Value | WireFrame>, context: AguiDecoderContext = { threadId: 't1' }): AgentEvent[] {
  const decoder = createAguiDecoder(context);
  const events: AgentEvent[] = [];
  for (const value of values) {
    const frame: WireFrame = 'type' in value && (value.type === 'malformed' || value.type === 'value' || value.type === 'text') && ('text' in value || 'value' in value)
      ? (value as WireFrame)
      : { type: 'value', value };
    events.push(...decoder.decode(frame));
  }
  events.push(...decoder.end());
  return events.map((event) => {
    if ('source' in event) {
      const { source: _source, ...rest } = event;
      return rest as AgentEvent;
    }
    return event;
  });
}

const started = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
const finished = { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' };
const endOk = (raw: Value = finished): AgentEvent => ({ type: 'turn-end', finishReason: 'stop', sessionId: 't1', output: raw, raw });
const session: AgentEvent = { type: 'session', sessionId: 't1' };
const complete = (messageKey: string, content: unknown[], messageId: string | null = messageKey, role = 'model'): AgentEvent =>
  ({ type: 'message-complete', messageKey, message: { role, content, ...(messageId ? { metadata: { agui: { messageId } } } : {}) } }) as AgentEvent;
const noop: AgentEvent = { type: 'passthrough' };

interface DecodeCase {
  name: string;
  values: Value[];
  context?: AguiDecoderContext;
  expected: AgentEvent[];
}

const cases: DecodeCase[] = [
  {
    name: 'CUSTOM source / sources become source parts of the model message streamed last; suggestions and usage by name; others pass',
    values: [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'See [1].' },
      { type: 'CUSTOM', name: 'source', value: { url: 'https://a.example/x', title: 'A', rank: 1 } },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'CUSTOM', name: 'sources', value: [{ documentId: 'doc-2', title: 'Manual' }, { nothing: true }] },
      { type: 'CUSTOM', name: 'suggestions', value: ['Why?', 3, 'How?'] },
      { type: 'CUSTOM', name: 'usage', value: { inputTokens: 5, outputTokens: 8 } },
      { type: 'CUSTOM', name: 'other', value: 1 },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'See [1].', role: 'model', messageKey: 'm1' },
      { type: 'part-add', part: { source: { url: 'https://a.example/x', title: 'A' } }, role: 'model', messageKey: 'm1' },
      noop,
      complete('m1', [{ text: 'See [1].' }, { source: { url: 'https://a.example/x', title: 'A' } }]),
      { type: 'part-add', part: { source: { documentId: 'doc-2', title: 'Manual' } }, role: 'model', messageKey: 'm1' },
      noop,
      { type: 'suggestions', suggestions: ['Why?', 'How?'] },
      noop,
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 8 } },
      noop,
      noop,
      complete('m1', [{ text: 'See [1].' }, { source: { url: 'https://a.example/x', title: 'A' } }, { source: { documentId: 'doc-2', title: 'Manual' } }]),
      endOk(),
    ],
  },
  {
    name: 'text: START/CONTENT/END streams deltas keyed by messageId, END completes what was streamed with its id',
    values: [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hel' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: '' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'lo' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'Hel', role: 'model', messageKey: 'm1' },
      { type: 'text-delta', text: 'lo', role: 'model', messageKey: 'm1' },
      complete('m1', [{ text: 'Hello' }]),
      endOk(),
    ],
  },
  {
    name: 'text: CONTENT without START still streams (as the assistant); a START with no content completes nothing',
    values: [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'm0' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm0' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' },
      finished,
    ],
    expected: [session, { type: 'text-delta', text: 'Hi', role: 'model', messageKey: 'm1' }, complete('m1', [{ text: 'Hi' }]), endOk()],
  },
  {
    name: 'text: TEXT_MESSAGE_CHUNK opens with an id, continues without one, a new id closes the open message',
    values: [
      started,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'One' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: ' two' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', delta: 'Three' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: '!' },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'One', role: 'model', messageKey: 'm1' },
      { type: 'text-delta', text: ' two', role: 'model', messageKey: 'm1' },
      complete('m1', [{ text: 'One two' }]),
      { type: 'text-delta', text: 'Three', role: 'model', messageKey: 'm2' },
      { type: 'text-delta', text: '!', role: 'model', messageKey: 'm2' },
      complete('m2', [{ text: 'Three!' }]),
      endOk(),
    ],
  },
  {
    name: 'text: a chunk continuing nothing is dropped; another event closes the open chunk message',
    values: [
      started,
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'orphan' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Hi' },
      { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'Hi', role: 'model', messageKey: 'm1' },
      complete('m1', [{ text: 'Hi' }]),
      { type: 'custom-snapshot', custom: { a: 1 } },
      endOk(),
    ],
  },
  {
    name: 'text: a user message the request sent is not streamed again; other roles map onto ours',
    context: { threadId: 't1', messages: [{ id: 'u1', role: 'user', content: 'hi' }] },
    values: [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'u1', role: 'user' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'u1', delta: 'hi' },
      { type: 'TEXT_MESSAGE_END', messageId: 'u1' },
      { type: 'TEXT_MESSAGE_START', messageId: 's1', role: 'developer' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 's1', delta: 'Be brief.' },
      { type: 'TEXT_MESSAGE_END', messageId: 's1' },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'Be brief.', role: 'system', messageKey: 's1' },
      complete('s1', [{ text: 'Be brief.' }], 's1', 'system'),
      endOk(),
    ],
  },
  {
    name: 'tools: START is a partial request, ARGS accumulate (the partial request carries the input so far), END gives the parsed input, RESULT a parsed response in its own tool message',
    values: [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Checking.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'getWeather', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"city":' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"Paris"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'tm1', toolCallId: 'c1', content: '{"tempC":21}' },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'Checking.', role: 'model', messageKey: 'm1' },
      complete('m1', [{ text: 'Checking.' }]),
      { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'c1', partial: true } }, role: 'model', messageKey: 'm1' },
      // The input as it streams (best effort): `{"city":` reads as `{}`.
      { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'c1', input: {}, partial: true } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'c1', input: { city: 'Paris' }, partial: true } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'c1', input: { city: 'Paris' } } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-response', part: { toolResponse: { name: 'getWeather', ref: 'c1', output: { tempC: 21 } } }, role: 'tool', messageKey: 'tm1' },
      complete('tm1', [{ toolResponse: { name: 'getWeather', ref: 'c1', output: { tempC: 21 } } }], 'tm1', 'tool'),
      complete('m1', [{ text: 'Checking.' }, { toolRequest: { name: 'getWeather', ref: 'c1', input: { city: 'Paris' } } }]),
      endOk(),
    ],
  },
  {
    name: 'tools: args that are not JSON are kept as written, empty args give no input, text results stay text',
    values: [
      started,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'shell' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: 'ls -la' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_START', toolCallId: 'c2', toolCallName: 'now' },
      { type: 'TOOL_CALL_END', toolCallId: 'c2' },
      { type: 'TOOL_CALL_RESULT', messageId: 'tm2', toolCallId: 'c2', content: [{ type: 'text', text: '14:00' }] },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'success' } },
    ],
    expected: [
      session,
      { type: 'tool-request', part: { toolRequest: { name: 'shell', ref: 'c1', partial: true } }, role: 'model', messageKey: 'tool-call:c1' },
      { type: 'tool-request', part: { toolRequest: { name: 'shell', ref: 'c1', input: 'ls -la' } }, role: 'model', messageKey: 'tool-call:c1' },
      { type: 'tool-request', part: { toolRequest: { name: 'now', ref: 'c2', partial: true } }, role: 'model', messageKey: 'tool-call:c1' },
      { type: 'tool-request', part: { toolRequest: { name: 'now', ref: 'c2' } }, role: 'model', messageKey: 'tool-call:c1' },
      { type: 'tool-response', part: { toolResponse: { name: 'now', ref: 'c2', output: '14:00' } }, role: 'tool', messageKey: 'tm2' },
      complete('tm2', [{ toolResponse: { name: 'now', ref: 'c2', output: '14:00' } }], 'tm2', 'tool'),
      complete('tool-call:c1', [{ toolRequest: { name: 'shell', ref: 'c1', input: 'ls -la' } }, { toolRequest: { name: 'now', ref: 'c2' } }], null),
      endOk({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'success' } }),
    ],
  },
  {
    name: 'tools: TOOL_CALL_CHUNKs open a call by id and name, continue without, and close on the next event; results name calls from history',
    context: { threadId: 't1', messages: [{ id: 'a0', role: 'assistant', toolCalls: [{ id: 'old', type: 'function', function: { name: 'search', arguments: '{}' } }] }] },
    values: [
      started,
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'lookup', parentMessageId: 'm1', delta: '{"q":' },
      { type: 'TOOL_CALL_CHUNK', delta: '"x"}' },
      { type: 'TOOL_CALL_RESULT', messageId: 'tm1', toolCallId: 'old', content: 'null' },
      finished,
    ],
    expected: [
      session,
      { type: 'tool-request', part: { toolRequest: { name: 'lookup', ref: 'c1', partial: true } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-request', part: { toolRequest: { name: 'lookup', ref: 'c1', input: {}, partial: true } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-request', part: { toolRequest: { name: 'lookup', ref: 'c1', input: { q: 'x' }, partial: true } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-request', part: { toolRequest: { name: 'lookup', ref: 'c1', input: { q: 'x' } } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-response', part: { toolResponse: { name: 'search', ref: 'old', output: null } }, role: 'tool', messageKey: 'tm1' },
      complete('tm1', [{ toolResponse: { name: 'search', ref: 'old', output: null } }], 'tm1', 'tool'),
      complete('m1', [{ toolRequest: { name: 'lookup', ref: 'c1', input: { q: 'x' } } }]),
      endOk(),
    ],
  },
  {
    name: 'state: STATE_SNAPSHOT is a custom snapshot, STATE_DELTA a custom patch (even a malformed one: the core rejects it)',
    values: [
      started,
      { type: 'STATE_SNAPSHOT', snapshot: { count: 0 } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 1 }] },
      { type: 'STATE_DELTA', delta: { op: 'replace' } },
      finished,
    ],
    expected: [
      session,
      { type: 'custom-snapshot', custom: { count: 0 } },
      { type: 'custom-patch', patch: [{ op: 'replace', path: '/count', value: 1 }] },
      { type: 'custom-patch', patch: { op: 'replace' } as never },
      endOk(),
    ],
  },
  {
    name: 'reasoning: a reasoning message followed by an assistant message is one model message (reasoning, then text)',
    values: [
      started,
      { type: 'REASONING_START', messageId: 'r1' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'Hmm.' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
      { type: 'REASONING_END', messageId: 'r1' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Yes.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r2', delta: 'Later ' },
      { type: 'REASONING_MESSAGE_CHUNK', delta: 'thought.' },
      finished,
    ],
    expected: [
      session,
      { type: 'reasoning-delta', text: 'Hmm.', role: 'model', messageKey: 'r1' },
      { type: 'text-delta', text: 'Yes.', role: 'model', messageKey: 'r1' },
      complete('r1', [{ reasoning: 'Hmm.' }, { text: 'Yes.' }], 'm1'),
      { type: 'reasoning-delta', text: 'Later ', role: 'model', messageKey: 'r2' },
      { type: 'reasoning-delta', text: 'thought.', role: 'model', messageKey: 'r2' },
      complete('r2', [{ reasoning: 'Later thought.' }], null),
      endOk(),
    ],
  },
  {
    name: 'interrupt: a tool approval is a part named for the tool, ref = interrupt id, input = the call args, metadata.interrupt = the interrupt',
    values: [
      started,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'sendEmail', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"to":"bob"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'tool_approval', toolCallId: 'c1', message: 'Send?' }] } },
    ],
    expected: [
      session,
      { type: 'tool-request', part: { toolRequest: { name: 'sendEmail', ref: 'c1', partial: true } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-request', part: { toolRequest: { name: 'sendEmail', ref: 'c1', input: { to: 'bob' }, partial: true } }, role: 'model', messageKey: 'm1' },
      { type: 'tool-request', part: { toolRequest: { name: 'sendEmail', ref: 'c1', input: { to: 'bob' } } }, role: 'model', messageKey: 'm1' },
      complete('m1', [{ toolRequest: { name: 'sendEmail', ref: 'c1', input: { to: 'bob' } } }]),
      {
        type: 'interrupt-request',
        parts: [{ toolRequest: { name: 'sendEmail', ref: 'int-1', input: { to: 'bob' } }, metadata: { interrupt: { id: 'int-1', reason: 'tool_approval', toolCallId: 'c1', message: 'Send?' } } }],
      },
      {
        type: 'turn-end', finishReason: 'interrupted', sessionId: 't1',
        output: expect.objectContaining({ outcome: expect.objectContaining({ type: 'interrupt' }) }), raw: expect.objectContaining({ type: 'RUN_FINISHED' }),
      } as AgentEvent,
    ],
  },
  {
    name: 'interrupt: without a tool call the part is named for the reason and asks with its message and schema',
    values: [
      started,
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'interrupt', interrupts: [{ id: 'int-2', reason: 'input_required', message: 'Which city?', responseSchema: { type: 'string' } }, { reason: 'no id' }] } },
    ],
    expected: [
      session,
      {
        type: 'interrupt-request',
        parts: [{
          toolRequest: { name: 'input_required', ref: 'int-2', input: { message: 'Which city?', responseSchema: { type: 'string' } } },
          metadata: { interrupt: { id: 'int-2', reason: 'input_required', message: 'Which city?', responseSchema: { type: 'string' } } },
        }],
      },
      expect.objectContaining({ type: 'turn-end', finishReason: 'interrupted' }),
    ],
  },
  {
    name: 'outcome: an interrupt outcome with no usable interrupt reads as success',
    values: [started, { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'interrupt', interrupts: [] } }],
    expected: [session, expect.objectContaining({ type: 'turn-end', finishReason: 'stop' })],
  },
  {
    name: 'outcome: unknown outcome types read as success',
    values: [started, { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'handed-off' } }],
    expected: [session, expect.objectContaining({ type: 'turn-end', finishReason: 'stop' })],
  },
  {
    name: 'outcome: cancelled → aborted, and the partial message is not completed (it settles as aborted)',
    values: [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Part' },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', outcome: { type: 'cancelled' } },
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'Part', role: 'model', messageKey: 'm1' },
      expect.objectContaining({ type: 'turn-end', finishReason: 'aborted', sessionId: 't1' }),
    ],
  },
  {
    name: 'RUN_ERROR: a server error with its code, the turn fails, and later events are ignored',
    values: [
      started,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'Wor' },
      { type: 'RUN_ERROR', message: 'model exploded', code: 'MODEL_ERROR' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', delta: 'late' },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'Wor', role: 'model', messageKey: 'm1' },
      { type: 'error', error: expect.objectContaining({ name: 'AgentChatError', code: 'server-error', message: 'model exploded', serverStatus: 'MODEL_ERROR' }) },
      expect.objectContaining({ type: 'turn-end', finishReason: 'failed', sessionId: 't1', error: expect.objectContaining({ code: 'server-error' }) }),
    ],
  },
  {
    name: 'a stream that ends without RUN_FINISHED is an incomplete-stream failure',
    values: [started, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Part' }],
    expected: [
      session,
      { type: 'text-delta', text: 'Part', role: 'model', messageKey: 'm1' },
      { type: 'error', error: expect.objectContaining({ code: 'incomplete-stream' }) },
      expect.objectContaining({ type: 'turn-end', finishReason: 'failed', sessionId: 't1' }),
    ],
  },
  {
    name: 'no RUN_STARTED: the first event still announces the thread the request named',
    values: [{ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' }, { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }],
    expected: [
      session,
      { type: 'text-delta', text: 'Hi', role: 'model', messageKey: 'm1' },
      complete('m1', [{ text: 'Hi' }]),
      endOk({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' }),
    ],
  },
  {
    name: 'STEP_*, ACTIVITY_*, CUSTOM, RAW change nothing but reach onChunk; unknown types and type-less values are ignored',
    values: [
      started,
      { type: 'STEP_STARTED', stepName: 'plan' },
      { type: 'CUSTOM', name: 'progress', value: 50 },
      { type: 'RAW', event: { x: 1 } },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'plan', content: {} },
      { type: 'ACTIVITY_DELTA', messageId: 'a1', activityType: 'plan', patch: [] },
      { type: 'STEP_FINISHED', stepName: 'plan' },
      { type: 'FUTURE_EVENT', x: 1 },
      { noType: true },
      finished,
    ],
    expected: [session, noop, noop, noop, noop, noop, noop, endOk()],
  },
  {
    name: 'ACTIVITY_SNAPSHOT of type artifact upserts the artifact (named by itself, else by messageId); RUN_FINISHED result.snapshotId ends the turn',
    values: [
      started,
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'artifact:t1:report.md', activityType: 'artifact', content: { name: 'report.md', parts: [{ text: '# v1' }] }, replace: true },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'art-2', activityType: 'artifact', content: { parts: [{ text: 'unnamed' }] } },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'a3', activityType: 'artifact', content: { notAnArtifact: true } },
      { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', result: { snapshotId: 'snap-9' } },
    ],
    expected: [
      session,
      { type: 'artifact-upsert', artifact: { name: 'report.md', parts: [{ text: '# v1' }] } }, noop,
      { type: 'artifact-upsert', artifact: { name: 'art-2', parts: [{ text: 'unnamed' }] } }, noop,
      noop,
      { ...endOk({ type: 'RUN_FINISHED', threadId: 't1', runId: 'r1', result: { snapshotId: 'snap-9' } }), snapshotId: 'snap-9' } as AgentEvent,
    ],
  },
  {
    name: 'ACTIVITY_DELTA patches an artifact activity (an artifact-upsert of the result); a replace:false snapshot of one that exists changes nothing',
    context: { threadId: 't1', activityPatcher: () => applyActivityDelta },
    values: [
      started,
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'art', activityType: 'artifact', content: { name: 'plan.md', parts: [{ text: 'v1' }] } },
      { type: 'ACTIVITY_DELTA', messageId: 'art', activityType: 'artifact', patch: [{ op: 'replace', path: '/parts/0/text', value: 'v2' }] },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'art', activityType: 'artifact', content: { name: 'plan.md', parts: [{ text: 'stale' }] }, replace: false },
      { type: 'ACTIVITY_DELTA', messageId: 'art', activityType: 'artifact', patch: [{ op: 'remove', path: '/nothing' }] },
      finished,
    ],
    expected: [
      session,
      { type: 'artifact-upsert', artifact: { name: 'plan.md', parts: [{ text: 'v1' }] } }, noop,
      { type: 'artifact-upsert', artifact: { name: 'plan.md', parts: [{ text: 'v2' }] } }, noop,
      noop,
      noop,
      endOk(),
    ],
  },
  {
    name: 'MESSAGES_SNAPSHOT: sent messages and renamed history skipped, a streamed message replaced, new ones appended, reasoning merged',
    context: {
      threadId: 't1',
      messages: [
        { id: 'u1', role: 'user', content: 'first' },
        { id: 'a1', role: 'assistant', content: 'old answer' },
        { id: 'u2', role: 'user', content: 'second' },
      ],
    },
    values: [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Draft' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          { id: 'u1', role: 'user', content: 'first' },
          { id: 'server-a1', role: 'assistant', content: 'old answer (renamed)' },
          { id: 'u2', role: 'user', content: 'second' },
          { id: 'm1', role: 'assistant', content: 'Final', toolCalls: [{ id: 'c9', type: 'function', function: { name: 'find', arguments: '{"q":1}' } }] },
          { id: 'tm9', role: 'tool', toolCallId: 'c9', content: '[1,2]' },
          { id: 'r5', role: 'reasoning', content: 'Think' },
          { id: 'm5', role: 'assistant', content: 'More' },
          { id: 'act', role: 'activity', activityType: 'x', content: {} },
        ],
      },
      finished,
    ],
    expected: [
      session,
      { type: 'text-delta', text: 'Draft', role: 'model', messageKey: 'm1' },
      complete('m1', [{ text: 'Draft' }]),
      complete('m1', [{ text: 'Final' }, { toolRequest: { name: 'find', ref: 'c9', input: { q: 1 } } }]),
      complete('tm9', [{ toolResponse: { name: 'find', ref: 'c9', output: [1, 2] } }], 'tm9', 'tool'),
      complete('r5', [{ reasoning: 'Think' }, { text: 'More' }], 'm5'),
      noop,
      endOk(),
    ],
  },
];

describe('createAguiDecoder', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      expect(decode(testCase.values, testCase.context)).toEqual(testCase.expected);
    });
  }

  it('a malformed frame is a typed error, not fatal; text frames are ignored', () => {
    const events = decode([
      started,
      { type: 'malformed', text: '{oops', reason: 'Unexpected token' } as WireFrame,
      { type: 'text', text: '[DONE]' } as WireFrame,
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'ok' },
      finished,
    ]);
    expect(events.map((event) => event.type)).toEqual(['session', 'error', 'text-delta', 'message-complete', 'turn-end']);
    expect(events[1]).toMatchObject({ error: { code: 'malformed-frame', details: '{oops' } });
  });

  it('passes the AG-UI event itself as the source of streamed content (chunk.modelChunk)', () => {
    const decoder = createAguiDecoder({ threadId: 't1' });
    const value = { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'x' };
    expect(decoder.decode({ type: 'value', value })).toContainEqual(expect.objectContaining({ type: 'text-delta', source: value }));
  });
});

describe('buildAguiRunInput', () => {
  let counter = 0;
  const generateId = () => `id-${++counter}`;
  afterEach(() => {
    counter = 0;
    vi.unstubAllGlobals();
  });

  it('a first turn: a new thread and run, the user message, empty tools/context/forwardedProps, {} state, no resume', () => {
    const input = buildAguiRunInput(
      { input: { message: { role: 'user', content: [{ text: 'hi' }] } }, history: [], sessionId: null, custom: undefined, interrupts: [] },
      { generateId },
    );
    expect(input).toEqual({
      threadId: 'id-1',
      runId: 'id-2',
      protocolVersion: '1.0',
      messages: [{ id: 'id-1:0', role: 'user', content: 'hi' }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: {},
    });
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
  });

  it('a later turn: the session is the thread, the custom state is sent, the history keeps AG-UI ids and becomes AG-UI messages', () => {
    const history: Message[] = [
      { role: 'system', content: [{ text: 'Be brief.' }] },
      { role: 'user', content: [{ text: 'look at ' }, { media: { url: 'data:image/png;base64,iVBOR', contentType: 'image/png' } }, { media: { url: 'https://x.test/a.pdf' } }] },
      {
        role: 'model',
        content: [{ reasoning: 'hmm' }, { text: 'Checking.' }, { toolRequest: { name: 'find', ref: 'c1', input: { q: 1 } } }, { toolRequest: { name: 'raw', input: 'not json' } }],
        metadata: { agui: { messageId: 'srv-m1' } },
      },
      { role: 'tool', content: [{ toolResponse: { name: 'find', ref: 'c1', output: { hits: 2 } } }, { toolResponse: { name: 'raw', output: 'done' } }], metadata: { agui: { messageId: 'srv-t1' } } },
      { role: 'model', content: [{ reasoning: 'only thinking' }] },
    ];
    const input = buildAguiRunInput(
      { input: { message: { role: 'user', content: [{ text: 'next' }] } }, history, sessionId: 'thread-9', custom: { count: 2 }, interrupts: [] },
      { generateId },
    );
    expect(input.threadId).toBe('thread-9');
    expect(input.runId).toBe('id-1');
    expect(input.state).toEqual({ count: 2 });
    expect(input.messages).toEqual([
      { id: 'thread-9:0', role: 'system', content: 'Be brief.' },
      {
        id: 'thread-9:1',
        role: 'user',
        content: [
          { type: 'text', text: 'look at ' },
          { type: 'image', source: { type: 'data', value: 'iVBOR', mimeType: 'image/png' } },
          { type: 'document', source: { type: 'url', value: 'https://x.test/a.pdf' } },
        ],
      },
      {
        id: 'srv-m1',
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'c1', type: 'function', function: { name: 'find', arguments: '{"q":1}' } },
          { id: 'srv-m1:call1', type: 'function', function: { name: 'raw', arguments: 'not json' } },
        ],
      },
      { id: 'srv-t1', role: 'tool', toolCallId: 'c1', content: '{"hits":2}' },
      { id: 'srv-t1:1', role: 'tool', toolCallId: 'srv-m1:call1', content: 'done' },
      { id: 'thread-9:5', role: 'user', content: 'next' },
    ]);
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
  });

  it('message ids are stable across turns (same index, same id), so a server reconciling by id sees one conversation', () => {
    const history: Message[] = [{ role: 'user', content: [{ text: 'a' }] }, { role: 'model', content: [{ text: 'b' }] }];
    expect(toAguiMessages(history, 't').map((message) => message.id)).toEqual(['t:0', 't:1']);
    expect(toAguiMessages([...history, { role: 'user', content: [{ text: 'c' }] }], 't').map((message) => message.id)).toEqual(['t:0', 't:1', 't:2']);
  });

  it('resume answers the open interrupt by id (from a text answer turned into a response by the controller)', () => {
    const interrupt: ToolRequestPart = {
      toolRequest: { name: 'sendEmail', ref: 'int-1', input: { to: 'bob' } },
      metadata: { interrupt: { id: 'int-1', reason: 'tool_approval', toolCallId: 'c1' } },
    };
    const input = buildAguiRunInput(
      { input: { resume: { respond: [{ toolResponse: { name: 'sendEmail', ref: 'int-1', output: 'yes' } }] } }, history: [], sessionId: 't', custom: undefined, interrupts: [interrupt] },
      { generateId },
    );
    expect(input.resume).toEqual([{ interruptId: 'int-1', status: 'resolved', payload: 'yes' }]);
    expect(input.messages).toEqual([]);
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
  });

  it('every open interrupt is addressed: unanswered or `metadata.cancelled` ones are cancelled, answers by name or interrupt id count', () => {
    const part = (id: string, name: string, ref = id): ToolRequestPart => ({ toolRequest: { name, ref }, metadata: { interrupt: { id, reason: name } } });
    const open = [part('i1', 'approve'), part('i2', 'pick'), part('i3', 'other'), part('i4', 'byId', 'call-4')];
    expect(buildAguiResume([
      { toolResponse: { name: 'approve', output: { ok: true } } },
      { toolResponse: { name: 'pick', ref: 'i2' }, metadata: { cancelled: true } },
      { toolResponse: { name: 'byId', ref: 'i4', output: 4 } },
      { toolResponse: { name: 'stray', ref: 'i9', output: 9 } },
    ], open)).toEqual([
      { interruptId: 'i1', status: 'resolved', payload: { ok: true } },
      { interruptId: 'i2', status: 'cancelled' },
      { interruptId: 'i3', status: 'cancelled' },
      { interruptId: 'i4', status: 'resolved', payload: 4 },
      { interruptId: 'i9', status: 'resolved', payload: 9 },
    ]);
  });

  it('a plain message while interrupts are open abandons them (cancelled); no open interrupts, no resume', () => {
    const open: ToolRequestPart[] = [{ toolRequest: { name: 'approve', ref: 'i1' }, metadata: { interrupt: { id: 'i1' } } }];
    const message = { role: 'user' as const, content: [{ text: 'never mind' }] };
    expect(buildAguiRunInput({ input: { message }, history: [], sessionId: 't', custom: null, interrupts: open }, { generateId }).resume)
      .toEqual([{ interruptId: 'i1', status: 'cancelled' }]);
    expect(buildAguiRunInput({ input: { message }, history: [], sessionId: 't', custom: null, interrupts: [] }, { generateId })).not.toHaveProperty('resume');
  });

  it('randomId: crypto.randomUUID when there is one, else a v4 UUID from getRandomValues, else from Math.random', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomId()).toMatch(uuid);
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(0xff) });
    expect(randomId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    vi.stubGlobal('crypto', undefined);
    const a = randomId();
    expect(a).toMatch(uuid);
    expect(randomId()).not.toBe(a);
    vi.stubGlobal('crypto', { randomUUID: () => { throw new Error('insecure context'); } });
    expect(randomId()).toMatch(uuid);
  });
});

describe('A2UI surface activities', () => {
  const surface = (...operations: unknown[]) => ({ type: 'ACTIVITY_SNAPSHOT', messageId: 's1', activityType: 'a2ui-surface', content: { a2ui_operations: operations } });
  const create = { version: 'v0.9', createSurface: { surfaceId: 'form', catalogId: 'basic' } };
  const data = (items: string[]) => ({ version: 'v0.9', updateDataModel: { surfaceId: 'form', path: '/items', value: items } });
  const a2uiOf = (events: AgentEvent[]) => events.flatMap((event) => (event.type === 'part-add' && 'custom' in event.part ? [event.part.custom.a2ui] : []));

  it('whole snapshots (the middleware resends every state) add only what changed; a message sent again is new again', () => {
    const events = decode([started, surface(create, data(['a'])), surface(create, data(['a', 'b'])), surface(create, data(['a', 'b']), data(['a'])), finished]);
    expect(a2uiOf(events)).toEqual([create, data(['a']), data(['a', 'b']), data(['a'])]);
  });

  it('a delta without the activity patcher (it could not be loaded) is an error of the surface; the turn goes on', () => {
    const events = decode([started, surface(create), { type: 'ACTIVITY_DELTA', messageId: 's1', activityType: 'a2ui-surface', patch: [{ op: 'add', path: '/a2ui_operations/-', value: data([]) }] }, finished]);
    expect(a2uiOf(events)).toEqual([create, { code: 'malformed', message: expect.stringContaining('The activity patcher could not be loaded') as unknown }]);
    expect(events.at(-1)).toEqual(endOk());
  });

  it('the patcher refuses a pointer into a prototype, leaves its input alone and bounds the depth', () => {
    const content = { a2ui_operations: [create] };
    expect(() => applyActivityPatch(content, [{ op: 'add', path: '/__proto__/polluted', value: 1 }])).toThrow('targets a prototype');
    expect(() => applyActivityPatch(content, [{ op: 'add', path: '/constructor/prototype/x', value: 1 }])).toThrow('targets a prototype');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const value = { deep: true };
    const next = applyActivityPatch(content, [{ op: 'add', path: '/a2ui_operations/-', value }]) as { a2ui_operations: unknown[] };
    expect(next.a2ui_operations).toHaveLength(2);
    expect(content.a2ui_operations).toHaveLength(1);
    expect(next.a2ui_operations[1]).not.toBe(value);
    let nested: unknown = 1;
    for (let level = 0; level < 20; level++) nested = [nested];
    expect(() => applyActivityPatch(content, [{ op: 'add', path: '/x', value: nested }], 10)).toThrow('deeper than 10');
  });
});

describe('ACTIVITY_DELTA on a large surface', () => {
  it('costs what the delta changes: the rest of the content is shared, not copied', () => {
    const messages = Array.from({ length: 2000 }, (_, index) => ({ version: 'v0.9', updateDataModel: { surfaceId: 'big', path: `/rows/${index}`, value: { index, text: 'x'.repeat(200) } } }));
    const content = { a2ui_operations: messages };
    const next = applyActivityPatch(content, [{ op: 'add', path: '/a2ui_operations/-', value: { version: 'v0.9', deleteSurface: { surfaceId: 'big' } } }]) as typeof content;
    expect(next.a2ui_operations).toHaveLength(2001);
    expect(next.a2ui_operations[0]).toBe(messages[0]);
    expect(next.a2ui_operations[1999]).toBe(messages[1999]);
    expect(content.a2ui_operations).toHaveLength(2000);
    // Atomic: a failing operation after a good one leaves nothing applied.
    expect(() => applyActivityPatch(content, [{ op: 'add', path: '/a2ui_operations/-', value: 1 }, { op: 'test', path: '/a2ui_operations/0/version', value: 'v0.8' }])).toThrow();
    expect(content.a2ui_operations).toHaveLength(2000);
  });
});
