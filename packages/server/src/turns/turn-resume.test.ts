// Moved from apps/agent-server (issue 41): the resumable-turns wire contract (docs/WIRE-CONTRACT.md) on genkitRoutes
// itself, over an offline story agent (turns/turn-test-support.ts): frame-exact resume on every protocol route, replay
// with and without Last-Event-ID, Genkit's durable streaming, useChat's resumeStream, keepTurnsOnDisconnect and the cap.
import { DefaultChatTransport, readUIMessageStream } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_EVENT_ID_HEADER, RESUMABLE_HEADER, TURN_ID_HEADER, turnPath, type RouteProtocol } from '@agent-chat/core/contract';
import { memoryTurnStore } from './turn-store.js';
import { resumableTurns } from './resumable-turns.js';
import { aguiEvents, aguiText, aiSdkText, genkitText, idsOf, range, readFrames, startStoryServer, STORY_PROMPT, STORY_TEXT, type ReadFrame, type RoutesServer } from './turn-test-support.js';

let t: RoutesServer;
beforeAll(async () => {
  t = await startStoryServer(1);
});
afterAll(() => t.close());

const RESUMABLE = { [RESUMABLE_HEADER]: 'true' };
const STORY = STORY_PROMPT;

interface Protocol {
  route: string;
  body(id: string): unknown;
  text(frames: ReadFrame[]): string;
  /** The session the turn ran in. */
  sessionOf(id: string, frames: ReadFrame[]): string;
}

const PROTOCOLS = {
  genkit: {
    route: '/agent',
    body: () => ({ data: { message: { role: 'user', content: [{ text: STORY }] } }, init: {} }),
    text: (frames) => genkitText(frames).streamed,
    sessionOf: (_id, frames) => (JSON.parse(frames.at(-1)!.value) as { result: { sessionId: string } }).result.sessionId,
  },
  agui: {
    route: '/agui',
    body: (id) => ({ threadId: id, runId: `run-${id}`, messages: [{ id: `m-${id}`, role: 'user', content: STORY }], state: {}, tools: [], context: [], forwardedProps: {} }),
    text: aguiText,
    sessionOf: (id) => id,
  },
  'ai-sdk': {
    route: '/ai-sdk',
    body: (id) => ({ id, trigger: 'submit-message', messages: [{ id: `m-${id}`, role: 'user', parts: [{ type: 'text', text: STORY }] }] }),
    text: aiSdkText,
    sessionOf: (id) => id,
  },
} satisfies Record<RouteProtocol, Protocol>;

let counter = 0;
/** Starts a story turn as a resumable client; returns the response, its turn id and the controller that cuts it. */
async function startStory(protocol: Protocol, headers: Record<string, string> = RESUMABLE) {
  const id = `resume-${++counter}`;
  const controller = new AbortController();
  const response = await fetch(`${t.base}${protocol.route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify(protocol.body(id)),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const turnId = response.headers.get(TURN_ID_HEADER)!;
  expect(turnId).toMatch(/^[0-9a-f-]{36}$/);
  return { id, response, turnId, controller };
}

const resumeUrl = (protocol: Protocol, turnId: string) => `${t.base}${protocol.route}/${turnPath(turnId, 'stream')}`;

/** The text of the last model message the session stored. */
async function storedText(sessionId: string): Promise<string> {
  const body = (await (await fetch(`${t.base}/agent/getSnapshot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { sessionId } }) })).json()) as {
    result: { state: { messages: Array<{ role: string; content: Array<{ text?: string }> }> } };
  };
  return body.result.state.messages.at(-1)!.content.map((part) => part.text ?? '').join('');
}

// Cut after 1, 2, 3 … frames, in the middle, and just before the end (a story is ~400 frames on every route).
const CUTS = [1, 2, 3, 5, 8, 13, 21, 55, 144, 233, 290];

// Every test of this file runs side by side with the others (each its own turn, session and ids; the capped server its
// own): a story's turn mostly waits on its word timer, so one after another they would leave the CPU idle.
describe.concurrent.each(Object.entries(PROTOCOLS))('%s: a turn survives its client and resumes frame-exactly', (name, protocol) => {
  it.for(CUTS)('read %i frames, disconnect, resume after the last id: exactly the remaining frames, the server’s final text', async (cut, { expect }) => {
    const { id, response, turnId, controller } = await startStory(protocol);
    const head = await readFrames(response, { stopAfter: cut, controller });
    expect(idsOf(head)).toEqual(range(0, cut));
    const resumed = await fetch(resumeUrl(protocol, turnId), { headers: { [LAST_EVENT_ID_HEADER]: String(head.at(-1)!.id) } });
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get(TURN_ID_HEADER)).toBe(turnId);
    const rest = await readFrames(resumed);
    expect(idsOf(rest)).toEqual(range(cut, rest.length));
    const all = [...head, ...rest];
    expect(protocol.text(all)).toBe(STORY_TEXT);
    if (name === 'genkit') expect(genkitText(all).result).toBe(STORY_TEXT);
    if (name === 'agui') expect(aguiEvents(all).at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    if (name === 'ai-sdk') expect(all.at(-1)!.value).toBe('[DONE]');
    expect(await storedText(protocol.sessionOf(id, all))).toBe(STORY_TEXT);
  });

  it('replays from the first frame without Last-Event-ID, after `?after=` with it; an unknown turn is 204', async ({ expect }) => {
    const { response, turnId } = await startStory(protocol);
    const whole = await readFrames(response);
    expect(protocol.text(whole)).toBe(STORY_TEXT);
    // The ended turn stays replayable.
    const again = await readFrames(await fetch(resumeUrl(protocol, turnId)));
    expect(again).toEqual(whole);
    const after = await readFrames(await fetch(`${resumeUrl(protocol, turnId)}?after=9`));
    expect(after).toEqual(whole.slice(10));
    const unknown = await fetch(resumeUrl(protocol, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(204);
  });
});

describe.concurrent('the resumed AG-UI stream', () => {
  it('is valid AG-UI from any cut: the remaining events parse with @ag-ui/core and the run ends once', async ({ expect }) => {
    const { response, turnId, controller } = await startStory(PROTOCOLS.agui);
    await readFrames(response, { stopAfter: 4, controller });
    const rest = aguiEvents(await readFrames(await fetch(resumeUrl(PROTOCOLS.agui, turnId), { headers: { 'last-event-id': '3' } })));
    expect(rest.filter((event) => event.type === 'RUN_FINISHED')).toHaveLength(1);
    expect(rest.at(-1)!.type).toBe('RUN_FINISHED');
  });
});

describe.concurrent('Genkit durable streaming: the same POST with x-genkit-stream-id', () => {
  it('replays the turn in Genkit’s own format (no ids for Genkit’s client); 204 for an unknown stream', async ({ expect }) => {
    const { response, turnId } = await startStory(PROTOCOLS.genkit, {});
    expect(response.headers.get('x-genkit-stream-id')).toBe(turnId);
    const first = await readFrames(response);
    expect(first.every((frame) => frame.id === undefined)).toBe(true);
    const replay = await fetch(`${t.base}/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-genkit-stream-id': turnId },
      body: JSON.stringify({ data: {} }),
    });
    expect(await readFrames(replay)).toEqual(first);
    const unknown = await fetch(`${t.base}/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-genkit-stream-id': 'nope' },
      body: JSON.stringify({ data: {} }),
    });
    expect(unknown.status).toBe(204);
  });
});

describe.concurrent('AI SDK: GET {api}/{chatId}/stream, as useChat’s resumeStream calls it', () => {
  it('the AI SDK’s own DefaultChatTransport.reconnectToStream: null when nothing runs, else the whole answer', async ({ expect }) => {
    const transport = new DefaultChatTransport({ api: `${t.base}/ai-sdk` });
    expect(await transport.reconnectToStream({ chatId: 'nothing-runs-here' })).toBeNull();

    const { id, response, controller } = await startStory(PROTOCOLS['ai-sdk']);
    await readFrames(response, { stopAfter: 3, controller });
    const stream = await transport.reconnectToStream({ chatId: id });
    // Either the turn still ran (the stream from its first frame) or it just ended (204 → null, the stored chat has it).
    if (stream) {
      let text = '';
      for await (const message of readUIMessageStream({ stream })) {
        text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
      }
      expect(text).toBe(STORY_TEXT);
    }
    expect(await storedText(id)).toBe(STORY_TEXT);
    expect(await transport.reconnectToStream({ chatId: id })).toBeNull();
  });
});

describe.concurrent('keepTurnsOnDisconnect and the per-turn cap', () => {
  let capped: RoutesServer;
  beforeAll(async () => {
    capped = await startStoryServer(1, resumableTurns({ store: memoryTurnStore({ maxTurnBytes: 4000 }), keepTurnsOnDisconnect: true }));
  });
  afterAll(() => capped.close());

  it('with keepTurnsOnDisconnect, a client that sends no header keeps its turn; frames dropped past the cap are a 410, the kept tail still resumes', async ({ expect }) => {
    const controller = new AbortController();
    const response = await fetch(`${capped.base}/ai-sdk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(PROTOCOLS['ai-sdk'].body('capped-chat')),
      signal: controller.signal,
    });
    const turnId = response.headers.get(TURN_ID_HEADER)!;
    const head = await readFrames(response, { stopAfter: 2, controller });
    expect(idsOf(head)).toEqual([0, 1]);
    // The turn went on without its client: it ends with the whole story stored.
    const url = `${capped.base}/ai-sdk/${turnPath(turnId, 'stream')}`;
    const tail = await readFrames(await fetch(url, { headers: { 'last-event-id': '9999' } }));
    expect(tail).toEqual([]);
    const chat = (await (await fetch(`${capped.base}/ai-sdk/chats/capped-chat`)).json()) as { messages: Array<{ parts: Array<{ type: string; text?: string }> }> };
    expect(chat.messages.at(-1)!.parts.find((part) => part.type === 'text')?.text).toBe(STORY_TEXT);
    // ~400 frames of ~60 bytes passed the 4000-byte cap: the oldest are gone.
    const gap = await fetch(url, { headers: { 'last-event-id': '1' } });
    expect(gap.status).toBe(410);
    expect(await gap.json()).toMatchObject({ status: 'OUT_OF_RANGE' });
    const last = await readFrames(await fetch(`${url}?after=${STORY_TEXT.split(' ').length - 5}`)); // the last few frames
    expect(last.at(-1)!.value).toBe('[DONE]');
  });
});
