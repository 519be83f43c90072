// Issue 45: a turn's run starts after the pass of the event loop that read its request (resumable-turns.ts `begin`,
// wake-after-tick.ts `afterThisPass`), in memory as a Redis claim's round trip makes it. What that wait must not open:
// a second turn of the session, a cancel that misses its turn, another user's cancel, and, in a burst read in one
// pass, any refused request that starts a turn.
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_HEADER, TURN_ID_HEADER, turnPath } from '@agent-chat/core/contract';
import { userFromHeader } from '../access/user.js';
import { resumableTurns } from './resumable-turns.js';
import { afterThisPass } from './wake-after-tick.js';
import { startStoryServer, STORY_PROMPT, STORY_TEXT, type RoutesServer } from './turn-test-support.js';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('afterThisPass', () => {
  it('settles after the I/O of this pass, once for every caller of the pass', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('queued before'));
    const first = afterThisPass();
    setImmediate(() => order.push('queued between'));
    const second = afterThisPass();
    expect(second).toBe(first);
    void first.then(() => order.push('first'));
    void second.then(() => order.push('second'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['queued before', 'first', 'second', 'queued between']);
    // The next pass has its own.
    expect(afterThisPass()).not.toBe(first);
  });
});

describe('a turn begins after its pass (memory turns)', () => {
  it('begin() resolves after the I/O of the pass that asked, not at once', async () => {
    const turns = resumableTurns();
    await new Promise((resolve) => setImmediate(resolve)); // a pass of its own
    let passed = false;
    setImmediate(() => (passed = true));
    const begun = await turns.begin({ route: '/api/agent', sessionId: 's1', user: 'alice' });
    expect(passed).toBe(true);
    expect('turn' in begun).toBe(true);
    await turns.dispose();
  });

  it('two turns of one session asked in the same pass: one begins, the other is 409 naming it', async () => {
    const turns = resumableTurns();
    const [a, b] = await Promise.all([
      turns.begin({ route: '/api/agent', sessionId: 's1', user: 'alice', input: 'first' }),
      turns.begin({ route: '/api/agent', sessionId: 's1', user: 'alice', input: 'second' }),
    ]);
    expect('turn' in a).toBe(true);
    expect('response' in b && b.response.status).toBe(409);
    const body = 'response' in b ? ((await b.response.json()) as { runningTurnId: string; runningTurnInput: unknown }) : undefined;
    expect(body).toMatchObject({ runningTurnId: 'turn' in a ? a.turn.turnId : '', runningTurnInput: 'first' });
    // Another user asking in the same pass learns nothing about it.
    const c = await turns.begin({ route: '/api/agent', sessionId: 's1', user: 'mallory' });
    expect('response' in c && c.response.status).toBe(409);
    expect('response' in c && (await c.response.json())).not.toHaveProperty('runningTurnId');
    await turns.dispose();
  });

  it("a named turn cancelled while it waits for its pass begins stopped; another user's cancel is 404 and stops nothing", async () => {
    const turns = resumableTurns();
    const cancelRoute = turns.handler('/api/agent', { headers: {}, user: userFromHeader() });
    const cancel = (turnId: string, user: string) =>
      cancelRoute(new Request(`http://localhost/api/agent/${turnPath(turnId, 'cancel')}`, { method: 'POST', headers: { 'x-agent-user': user } }));
    const mine = 'turn-of-alice-0000000001';
    const theirs = 'turn-of-alice-0000000002';
    const pendingMine = turns.begin({ route: '/api/agent', sessionId: 's1', user: 'alice', request: { headers: headers({ [TURN_ID_HEADER]: mine }) } });
    const pendingTheirs = turns.begin({ route: '/api/agent', sessionId: 's2', user: 'alice', request: { headers: headers({ [TURN_ID_HEADER]: theirs }) } });
    let begunYet = false;
    void Promise.all([pendingMine, pendingTheirs]).then(() => (begunYet = true));
    // In the same pass, once both are registered and before either began: the owner's cancel finds the turn, another
    // user's does not (microtasks only: the pass is not over).
    while (!(await turns.find(mine)) || !(await turns.find(theirs))) await Promise.resolve();
    expect(begunYet).toBe(false);
    const [byOwner, byOther] = await Promise.all([cancel(mine, 'alice'), cancel(theirs, 'mallory')]);
    expect(byOwner.status).toBe(200);
    expect(await byOwner.json()).toEqual({ turnId: mine, status: 'cancelling' });
    expect(byOther.status).toBe(404);
    const [begunMine, begunTheirs] = await Promise.all([pendingMine, pendingTheirs]);
    expect('turn' in begunMine && begunMine.turn.turnId).toBe(mine);
    expect('turn' in begunMine && begunMine.turn.controller.signal.aborted).toBe(true);
    expect('turn' in begunTheirs && begunTheirs.turn.controller.signal.aborted).toBe(false);
    await turns.dispose();
  });
});

/** A burst of POSTs sent together on connections opened before (as the server bench's clients do). */
describe('a burst read in one pass on node:http', () => {
  let t: RoutesServer;
  let begun = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  beforeAll(async () => {
    const turns = resumableTurns();
    const begin = turns.begin;
    turns.begin = (start) => {
      begun++;
      return begin(start);
    };
    t = await startStoryServer(1, turns, userFromHeader());
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  const url = (sub = '') => new URL(`${t.base}/agent${sub}`);
  /** One raw request: its status and whole body text. */
  const send = (extra: Record<string, string>, body: string, sub = '') =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(url(sub), { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'text/event-stream', [RESUMABLE_HEADER]: 'true', 'content-length': String(Buffer.byteLength(body)), ...extra } }, (res) => {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const say = (text: string, init: Record<string, unknown> = {}) => JSON.stringify({ data: { message: { role: 'user', content: [{ text }] } }, init });
  const streamed = (text: string) =>
    text
      .split('\n\n')
      .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => JSON.parse(line.slice(6)) as { message?: { modelChunk?: { role: string; content: Array<{ text?: string }> } } }))
      .map((frame) => (frame.message?.modelChunk?.role === 'model' ? frame.message.modelChunk.content.map((part) => part.text ?? '').join('') : ''))
      .join('');

  it("every refusal of the guard and of access holds among good turns, and no refused request begins a turn", async () => {
    // Alice's session, to be attacked by another user in the burst.
    const first = await send({ 'x-agent-user': 'alice' }, say('hello'));
    expect(first.status).toBe(200);
    const aliceSession = /"sessionId":"([\w-]+)"/.exec(first.text)![1]!;
    begun = 0;
    // Connections open before the burst, one per request.
    const GOOD = 6;
    const hostile: Array<[string, Record<string, string>, string, number]> = [
      ['foreign Host', { 'x-agent-user': 'alice', host: 'evil.example' }, say('hi'), 403],
      ['foreign Origin', { 'x-agent-user': 'alice', origin: 'https://evil.example' }, say('hi'), 403],
      ['cross-site POST', { 'x-agent-user': 'alice', 'sec-fetch-site': 'cross-site' }, say('hi'), 403],
      ['a form body', { 'x-agent-user': 'alice', 'content-type': 'text/plain' }, say('hi'), 415],
      ['oversized body', { 'x-agent-user': 'alice' }, say('x'.repeat(1024 * 1024 + 10)), 413],
      ['too deep', { 'x-agent-user': 'alice' }, `${'['.repeat(100)}${']'.repeat(100)}`, 400],
      ['not JSON', { 'x-agent-user': 'alice' }, '{"data": ', 400],
      ['no user', {}, say('hi'), 401],
      ["another user's session", { 'x-agent-user': 'mallory' }, say('mine now', { sessionId: aliceSession }), 404],
    ];
    await Promise.all(Array.from({ length: GOOD + hostile.length }, () => new Promise<void>((resolve, reject) => {
      httpRequest(url(), { method: 'GET', agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
    })));
    const results = await Promise.all([
      ...Array.from({ length: GOOD }, (_, index) => send({ 'x-agent-user': `user${index}` }, say(STORY_PROMPT))),
      ...hostile.map(([, extra, body]) => send(extra, body)),
    ]);
    for (const [index, result] of results.slice(0, GOOD).entries()) {
      expect(result.status, `good turn ${index}`).toBe(200);
      expect(streamed(result.text)).toBe(STORY_TEXT);
    }
    for (const [index, [name, , , status]] of hostile.entries()) expect(results[GOOD + index]!.status, name).toBe(status);
    expect(begun).toBe(GOOD);
    // Alice's session holds nothing of mallory's.
    const snapshot = await send({ 'x-agent-user': 'alice' }, JSON.stringify({ data: { sessionId: aliceSession } }), '/getSnapshot');
    expect(snapshot.status).toBe(200);
    expect(snapshot.text).toContain('hello');
    expect(snapshot.text).not.toContain('mine now');
  });
});
