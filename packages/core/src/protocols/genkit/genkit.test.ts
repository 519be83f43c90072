import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureBytes, GENKIT_FIXTURES, sseFixtureNames, streamOf } from '../../../test/fixtures.js';
import type { AgentEvent } from '../../model/events.js';
import { readFrames } from '../../wire/read-frames.js';
import { createSseFramer } from '../../wire/sse.js';
import { createGenkitDecoder } from './genkit-decoder.js';
import { parseGenkitSnapshot } from './genkit-snapshot.js';
import { buildGenkitRequestBody } from './genkit-request.js';

async function eventsOf(name: string): Promise<AgentEvent[]> {
  const decoder = createGenkitDecoder();
  const events: AgentEvent[] = [];
  for await (const frames of readFrames(streamOf([fixtureBytes(name)]), createSseFramer())) {
    for (const frame of frames) events.push(...decoder.decode(frame));
  }
  events.push(...decoder.end());
  return events;
}

/** A compact view of events for table assertions. */
function summary(event: AgentEvent): string {
  switch (event.type) {
    case 'text-delta': return `text(${event.messageKey ?? '-'}):${event.text}`;
    case 'tool-request': return `tool-request(${event.messageKey ?? event.role}):${event.part.toolRequest.name}${event.part.metadata?.interrupt ? '!' : ''}`;
    case 'tool-response': return `tool-response(${event.messageKey ?? event.role}):${JSON.stringify(event.part.toolResponse.output)}`;
    case 'custom-patch': return `patch:${event.patch.map((op) => `${op.op} ${op.path}`).join(',')}`;
    case 'artifact-upsert': return `artifact:${event.artifact.name ?? '(unnamed)'}`;
    case 'artifacts-snapshot': return `artifacts:${event.artifacts.length}`;
    case 'message-complete': return `message:${event.message.role}`;
    case 'state-snapshot': return `state:${JSON.stringify(event.state.custom)}`;
    case 'interrupt-request': return `interrupts:${event.parts.length}`;
    case 'part-add': return `part:${JSON.stringify(event.part)}`;
    case 'suggestions': return `suggestions:${event.suggestions.join('|')}`;
    case 'usage': return `usage:${JSON.stringify(event.usage)}`;
    case 'session': return 'session';
    case 'error': return `error:${event.error.code}/${event.error.serverStatus ?? ''}`;
    case 'turn-end': return `end:${event.finishReason}${event.snapshotId ? `@${event.snapshotId.slice(0, 4)}` : ''}`;
    default: return event.type;
  }
}

const EXPECTED: Record<string, string[]> = {
  'chat-turn.sse': ['text(model:0):Hello', 'text(model:0):, ', 'text(model:0):world!', 'session', 'message:model', 'end:stop@8456'],
  'client-managed-turn.sse': ['text(model:0):Hello', 'text(model:0):, ', 'text(model:0):world!', 'session', 'message:model', 'state:{"k":1}', 'end:stop'],
  'custom-turn1.sse': ['patch:replace ', 'text(model:0):Work', 'patch:replace /status,add /items', 'artifact:notes.md', 'artifact:notes.md', 'artifact:(unnamed)', 'session', 'message:model', 'artifacts:2', 'end:stop@9bd9'],
  'custom-turn2.sse': ['patch:replace ', 'text(model:0):Work', 'patch:replace /status', 'artifact:notes.md', 'artifact:notes.md', 'artifact:(unnamed)', 'session', 'message:model', 'artifacts:3', 'end:stop@29c6'],
  'detach-turn.sse': ['session', 'end:detached@43c9'],
  'failed-turn.sse': ['session', 'error:server-error/INTERNAL', 'end:failed@f64c'],
  'flow-error.sse': ['error:server-error/INTERNAL', 'end:failed'],
  'interrupt-turn.sse': ['tool-request(model):askUser!', 'session', 'message:model', 'interrupts:1', 'end:interrupted@109f'],
  'resume-turn.sse': ['tool-response(tool:0):"yes"', 'text(model:1):Got "yes".', 'session', 'message:model', 'end:stop@9018'],
  'state-sent-to-store-agent.sse': ['error:server-error/FAILED_PRECONDITION', 'end:failed'],
  'unknown-snapshot.sse': ['error:server-error/NOT_FOUND', 'end:failed'],
};

describe('Genkit dialect', () => {
  it('has an expectation for every capture', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(sseFixtureNames());
  });

  for (const name of sseFixtureNames()) {
    it(`decodes ${name}`, async () => {
      expect((await eventsOf(name)).map(summary)).toEqual(EXPECTED[name]);
    });
  }

  it('holds the turnEnd chunk back so the turn-end event comes last, with the result as output', async () => {
    const events = await eventsOf('chat-turn.sse');
    const end = events[events.length - 1]!;
    expect(end).toMatchObject({
      type: 'turn-end',
      finishReason: 'stop',
      snapshotId: '84569364-b164-450f-ba21-7689ae73cb60',
      sessionId: '1bfab967-c99f-4a29-838b-3fd76b40ae8e',
      raw: { turnEnd: { snapshotId: '84569364-b164-450f-ba21-7689ae73cb60', finishReason: 'stop' } },
      output: { finishReason: 'stop', message: { role: 'model', content: [{ text: 'Hello, world!' }] } },
    });
  });

  it('ends the turn on a turnEnd with no result frame instead of waiting forever', () => {
    const decoder = createGenkitDecoder();
    decoder.decode({ type: 'value', value: { message: { turnEnd: { snapshotId: 's1', finishReason: 'stop' } } } });
    expect(decoder.end()).toEqual([{ type: 'turn-end', finishReason: 'stop', snapshotId: 's1', raw: { turnEnd: { snapshotId: 's1', finishReason: 'stop' } } }]);
  });

  it('reports a stream that ends with neither turnEnd nor result as incomplete', () => {
    const decoder = createGenkitDecoder();
    decoder.decode({ type: 'value', value: { message: { modelChunk: { role: 'model', index: 0, content: [{ text: 'Hel' }] } } } });
    expect(decoder.end().map(summary)).toEqual(['error:incomplete-stream/', 'end:failed']);
  });

  it('treats `data: {"error": …}` (Go and Python servers) like the `error:` field', () => {
    const decoder = createGenkitDecoder();
    const events = decoder.decode({ type: 'value', value: { error: { status: 'INTERNAL', message: 'boom' } } });
    expect(events.map(summary)).toEqual(['error:server-error/INTERNAL', 'end:failed']);
    expect(decoder.decode({ type: 'value', value: { result: {} } })).toEqual([]);
  });

  it("a failed turn's result message (the session's last good answer, from an earlier turn) does not complete this turn's message", () => {
    const decoder = createGenkitDecoder();
    const streamed = decoder.decode({ type: 'value', value: { message: { modelChunk: { role: 'model', index: 0, content: [{ text: 'Let me try that… ' }] } } } });
    decoder.decode({ type: 'value', value: { message: { turnEnd: { snapshotId: 'failed-1', finishReason: 'failed' } } } });
    const result = decoder.decode({ type: 'value', value: { result: {
      sessionId: 'x', finishReason: 'failed', error: { status: 'INTERNAL', message: 'no' },
      message: { role: 'model', content: [{ text: 'Added “Water plants” (task #1).' }] }, snapshotId: 'good-1',
    } } });
    expect(streamed.map(summary)).toEqual(['text(model:0):Let me try that… ']);
    expect(result.map((event) => event.type)).toEqual(['session', 'error', 'turn-end']);
  });

  it('custom.source parts are sources, custom.suggestions parts are suggestions (not content), result.usage is the usage', () => {
    const decoder = createGenkitDecoder();
    const source = { custom: { source: { url: 'https://a.example/x', title: 'A' } }, metadata: { rank: 1 } };
    const suggest = { custom: { suggestions: ['More', 'Less'] } };
    const chunk = { message: { modelChunk: { role: 'model', index: 0, content: [{ reasoning: 'Hm' }, { text: 'See [1].' }, source, suggest] } } };
    const message = { role: 'model', content: [{ reasoning: 'Hm' }, { text: 'See [1].' }, source, suggest] };
    const result = { result: { sessionId: 's', snapshotId: 'snap1', message, finishReason: 'stop', usage: { inputTokens: 4, outputTokens: 9, totalTokens: 13 } } };
    const events = [chunk, result].flatMap((value) => decoder.decode({ type: 'value', value }));
    expect(events.map(summary)).toEqual([
      'reasoning-delta', 'text(model:0):See [1].', 'part:{"source":{"url":"https://a.example/x","title":"A"},"metadata":{"rank":1}}', 'suggestions:More|Less',
      'session', 'suggestions:More|Less', 'usage:{"inputTokens":4,"outputTokens":9,"totalTokens":13}', 'message:model', 'end:stop@snap',
    ]);
    const completed = events.find((event) => event.type === 'message-complete');
    expect(completed?.type === 'message-complete' && completed.message.content).toEqual([
      { reasoning: 'Hm' }, { text: 'See [1].' }, { source: { url: 'https://a.example/x', title: 'A' }, metadata: { rank: 1 } },
    ]);
    // without result.usage, the message's metadata.usage
    const other = createGenkitDecoder().decode({ type: 'value', value: { result: { message: { role: 'model', content: [], metadata: { usage: { outputTokens: 2 } } } } } });
    expect(other.map(summary)).toContain('usage:{"outputTokens":2}');
  });

  it('a client-managed history sends its source parts in Genkit\'s shape (custom.source)', () => {
    const state = { messages: [{ role: 'model' as const, content: [{ text: 'x' }, { source: { url: 'https://a.example' }, metadata: { n: 1 } }] }], artifacts: [] };
    const body = buildGenkitRequestBody({ input: {}, snapshotId: null, sessionId: null, state });
    expect(body.init.state?.messages?.[0]?.content).toEqual([{ text: 'x' }, { custom: { source: { url: 'https://a.example' } }, metadata: { n: 1 } }]);
  });

  it('ignores unknown chunk fields and non-object frames, and reports malformed ones', () => {
    const decoder = createGenkitDecoder();
    expect(decoder.decode({ type: 'value', value: { message: { somethingNew: 1 } } })).toEqual([]);
    expect(decoder.decode({ type: 'value', value: 42 })).toEqual([]);
    expect(decoder.decode({ type: 'malformed', text: '{', reason: 'bad' }).map(summary)).toEqual(['error:malformed-frame/']);
  });

  it('builds `{data, init}` with the snapshot, else the session, else the client-managed state', () => {
    const input = { message: { role: 'user' as const, content: [{ text: 'hi' }] } };
    expect(buildGenkitRequestBody({ input, snapshotId: 's', sessionId: 'x', state: null })).toEqual({ data: input, init: { snapshotId: 's' } });
    expect(buildGenkitRequestBody({ input, snapshotId: null, sessionId: 'x', state: null })).toEqual({ data: input, init: { sessionId: 'x' } });
    expect(buildGenkitRequestBody({ input, snapshotId: null, sessionId: null, state: null })).toEqual({ data: input, init: {} });
    const state = { messages: [], artifacts: [], custom: { k: 1 } };
    expect(buildGenkitRequestBody({ input, snapshotId: null, sessionId: 'x', state })).toEqual({ data: input, init: { state } });
  });

  it("runs a named session's first turn again from the empty state (`snapshotId: null`), never from its latest snapshot", () => {
    const input = { message: { role: 'user' as const, content: [{ text: 'hi' }] } };
    const rerun = { operation: 'regenerate', replaced: null };
    expect(buildGenkitRequestBody({ input, snapshotId: null, sessionId: 'x', state: null, rerun, history: [] })).toEqual({ data: input, init: { sessionId: 'x', snapshotId: null } });
    // A later turn run again names its parent snapshot; a new conversation's first turn names nothing.
    expect(buildGenkitRequestBody({ input, snapshotId: 's', sessionId: 'x', state: null, rerun, history: [{}] })).toEqual({ data: input, init: { snapshotId: 's' } });
    expect(buildGenkitRequestBody({ input, snapshotId: null, sessionId: null, state: null, rerun, history: [] })).toEqual({ data: input, init: {} });
    expect(buildGenkitRequestBody({ input, snapshotId: null, sessionId: 'x', state: null, history: [] })).toEqual({ data: input, init: { sessionId: 'x' } });
  });

  it('parses the getSnapshot capture', () => {
    const info = parseGenkitSnapshot(JSON.parse(readFileSync(GENKIT_FIXTURES + 'get-snapshot.json', 'utf8')));
    expect(info).toMatchObject({
      snapshotId: '84569364-b164-450f-ba21-7689ae73cb60',
      sessionId: '1bfab967-c99f-4a29-838b-3fd76b40ae8e',
      status: 'completed',
      finishReason: 'stop',
      state: { messages: [{ role: 'user', content: [{ text: 'hi there' }] }, { role: 'model', content: [{ text: 'Hello, world!' }] }], artifacts: [] },
    });
  });
});
