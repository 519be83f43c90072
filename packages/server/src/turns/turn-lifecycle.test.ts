// Turns outlive their request by default (issue 42): on the Genkit, AG-UI and AI SDK routes, a kit client that goes
// away without stopping (here `detach()`, which closes the request and cancels nothing) leaves its turn running to its
// end, replayable; its Stop reaches the server through the cancel route (the request alone would not stop it any more).
// A turn nobody reads is stopped after `maxDetachedMs`; one read again is not.
import { afterAll, beforeAll, describe, expect, it, vi, type ExpectStatic } from 'vitest';
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, textOf, type Transport } from '@agent-chat/core';
import { TURN_ID_HEADER, turnPath, type RouteProtocol } from '@agent-chat/core/contract';
import { DETACHED_TOO_LONG } from './detached-turns.js';
import { resumableTurns } from './resumable-turns.js';
import { aguiText, aiSdkText, genkitText, readFrames, startStoryServer, STORY_PROMPT, STORY_TEXT, type ReadFrame, type RoutesServer } from './turn-test-support.js';

let t: RoutesServer;
beforeAll(async () => {
  t = await startStoryServer(2);
});
afterAll(() => t.close());

interface Route {
  path: string;
  transport(url: string, fetch: typeof globalThis.fetch): Transport;
  text(frames: ReadFrame[]): string;
}

const ROUTES = {
  genkit: { path: '/agent', transport: (url, fetch) => genkitTransport({ url, fetch }), text: (frames) => genkitText(frames).streamed },
  agui: { path: '/agui', transport: (url, fetch) => aguiTransport({ url, fetch }), text: aguiText },
  'ai-sdk': { path: '/ai-sdk', transport: (url, fetch) => aiSdkTransport({ url, fetch }), text: aiSdkText },
} satisfies Record<RouteProtocol, Route>;

/** A kit chat (not resumable: it sends no `x-agent-resumable`) on `route`, and the turn ids its responses named. */
function chatOn(server: RoutesServer, route: Route) {
  const turnIds: string[] = [];
  const cancels: string[] = [];
  const fetchAndSee = (async (input: string | URL | Request, init?: RequestInit) => {
    if (String(input).endsWith('/cancel')) cancels.push(String(input));
    const response = await fetch(input, init);
    const turnId = response.headers.get(TURN_ID_HEADER);
    if (turnId && !String(input).includes('/turns/')) turnIds.push(turnId);
    return response;
  }) as typeof fetch;
  const chat = createAgentChat({ transport: route.transport(`${server.base}${route.path}`, fetchAndSee) });
  return { chat, turnIds, cancels };
}

/** Starts the story and waits for its first words (`expect`: the test's own, as the tests run side by side). */
async function tellStory(chat: ReturnType<typeof chatOn>['chat'], expect: ExpectStatic) {
  const sent = chat.send(STORY_PROMPT);
  const told = () => {
    const last = chat.getState().messages.at(-1);
    return last?.role === 'model' ? textOf(last.content).length : 0;
  };
  await expect.poll(told, { timeout: 10_000 }).toBeGreaterThan(20);
  return { sent };
}

/** The whole turn, replayed from its first frame once it ended (the GET ends with the turn). */
const replay = async (server: RoutesServer, route: Route, turnId: string) => readFrames(await fetch(`${server.base}${route.path}/${turnPath(turnId, 'stream')}`));

// The tests up to the flood of cancels run side by side (each its own chat, turn ids and, for maxDetachedMs, server):
// they mostly wait on the story's word timer. The flood stands the clock still, so it runs alone, last.
describe.concurrent.each(Object.entries(ROUTES))('%s route: turns outlive their request', (_name, route) => {
  it('a client that leaves mid-answer without stopping: the turn runs to its end and is replayable in full', async ({ expect }) => {
    const { chat, turnIds, cancels } = chatOn(t, route);
    const { sent } = await tellStory(chat, expect);
    await chat.detach();
    expect((await sent).finishReason).toBe('detached');
    const frames = await replay(t, route, turnIds[0]!);
    expect(route.text(frames)).toBe(STORY_TEXT);
    expect((await t.routes.turns.find(turnIds[0]!))?.local?.controller.signal.aborted).toBe(false);
    expect(cancels).toEqual([]);
  });

  it('Stop cancels the turn on the server (the cancel route), and the next send runs at once', async ({ expect }) => {
    const { chat, turnIds, cancels } = chatOn(t, route);
    const { sent } = await tellStory(chat, expect);
    await chat.stop();
    expect((await sent).finishReason).toBe('aborted');
    expect(cancels).toEqual([`${t.base}${route.path}/${turnPath(turnIds[0]!, 'cancel')}`]);
    const told = route.text(await replay(t, route, turnIds[0]!));
    expect(told.length).toBeLessThan(STORY_TEXT.length / 2);
    expect((await t.routes.turns.find(turnIds[0]!))?.local?.controller.signal.reason).toBe('cancelled');
    expect((await chat.send('hello')).error).toBeNull();
  });
});

describe.concurrent('a Stop before the response', () => {
  it('a client id cancelled before its turn began: the turn that then begins under it is stopped at once', async ({ expect }) => {
    const turnId = 'early-stop-0123456789';
    const cancelled = await fetch(`${t.base}/agent/${turnPath(turnId, 'cancel')}`, { method: 'POST' });
    expect(cancelled.status).toBe(404);
    const response = await fetch(`${t.base}/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', [TURN_ID_HEADER]: turnId },
      body: JSON.stringify({ data: { message: { role: 'user', content: [{ text: STORY_PROMPT }] } } }),
    });
    expect(response.headers.get(TURN_ID_HEADER)).toBe(turnId);
    const frames = await readFrames(response);
    expect(genkitText(frames).streamed.length).toBeLessThan(STORY_TEXT.length / 2);
    expect((await t.routes.turns.find(turnId))?.local?.controller.signal.reason).toBe('cancelled');
  });
});

describe.concurrent('a turn nobody reads is stopped after maxDetachedMs', () => {
  let short: RoutesServer;
  beforeAll(async () => {
    // 400 words at 5 ms: about 2 s of story, far past the 300 ms a turn may run unread.
    short = await startStoryServer(5, resumableTurns({ maxDetachedMs: 300 }));
  });
  afterAll(() => short.close());

  it('left alone, it is stopped (reason "detached too long"); read again before the limit, it runs to its end', async ({ expect }) => {
    const route = ROUTES.genkit;
    const alone = chatOn(short, route);
    const { sent: left } = await tellStory(alone.chat, expect);
    await alone.chat.detach();
    await left;
    const turn = await short.routes.turns.find(alone.turnIds[0]!);
    await expect.poll(() => turn?.local?.controller.signal.reason, { timeout: 5_000 }).toBe(DETACHED_TOO_LONG);
    expect(route.text(await replay(short, route, alone.turnIds[0]!)).length).toBeLessThan(STORY_TEXT.length);

    const followed = chatOn(short, route);
    const { sent } = await tellStory(followed.chat, expect);
    await followed.chat.detach();
    await sent;
    // A reader again at once (a reload's reattach): the turn is read, so it is not stopped.
    expect(route.text(await replay(short, route, followed.turnIds[0]!))).toBe(STORY_TEXT);
    expect((await short.routes.turns.find(followed.turnIds[0]!))?.local?.controller.signal.aborted).toBe(false);
  });
});

describe("a Stop before the response is its user's alone", () => {
  let users: RoutesServer;
  beforeAll(async () => {
    users = await startStoryServer(5, undefined, (request) => request.headers.get('x-test-user') ?? undefined);
  });
  afterAll(() => users.close());
  const cancel = (turnId: string, user: string) => fetch(`${users.base}/agent/${turnPath(turnId, 'cancel')}`, { method: 'POST', headers: { 'x-test-user': user } });

  it("another user's cancels — of the same id, or a flood of others — neither undo nor crowd out it", async () => {
    // An early cancel is kept 5 s by the clock (Date.now()); the clock stands still here, so that a loaded machine's
    // slow flood cannot outlast it: what is checked is whose cancels count, not how fast 1,100 requests go.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const turnId = 'alice-early-0123456789';
      expect((await cancel(turnId, 'alice')).status).toBe(404);
      // Bob names Alice's id, then floods the server with cancels of ids of his own.
      await cancel(turnId, 'bob');
      await Promise.all(Array.from({ length: 1100 }, (_, index) => cancel(`bob-flood-${index}-0123456789`, 'bob')));
      const response = await fetch(`${users.base}/agent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', [TURN_ID_HEADER]: turnId, 'x-test-user': 'alice' },
        body: JSON.stringify({ data: { message: { role: 'user', content: [{ text: STORY_PROMPT }] } } }),
      });
      expect(response.headers.get(TURN_ID_HEADER)).toBe(turnId);
      await readFrames(response);
      expect((await users.routes.turns.find(turnId))?.local?.controller.signal.reason).toBe('cancelled');
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);
});
