import { describe, expect, it } from 'vitest';
import { fixtureBytes, streamOf } from '../../../test/fixtures.js';
import { createAgentChat } from '../agent-chat.js';
import { versionTree } from '../tree/version-tree.js';
import { genkitTransport } from '../../protocols/genkit/genkit-transport.js';

/** How the server answers the turn that answers the interrupt. */
type AnswerFault = 'http-503' | 'cut-before' | 'cut-after-echo' | 'silent' | 'none';

const SSE = { 'Content-Type': 'text/event-stream' };
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const encode = (value: string) => new TextEncoder().encode(value);

/** The first frame of the real resumed turn (the server repeats the answer as a tool message), then the connection breaks. */
function brokenAfterEcho(): ReadableStream<Uint8Array> {
  const first = text(fixtureBytes('resume-turn.sse')).split('\n\n')[0]!;
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(new TypeError('socket hang up'));
      sent = true;
      controller.enqueue(encode(`${first}\n\n`));
    },
  });
}

/**
 * A Genkit server from the real captures: the first turn asks `askUser` (interrupt-turn.sse); each answer gets the
 * fault listed for it, then the real resumed turn (resume-turn.sse). Keeps every request body.
 */
function genkitServer(faults: AnswerFault[]) {
  const bodies: Array<{ data: Record<string, unknown>; init: Record<string, unknown> }> = [];
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as (typeof bodies)[number];
    bodies.push(body);
    if (!('resume' in body.data)) return new Response(streamOf([fixtureBytes('interrupt-turn.sse')]), { headers: SSE });
    const fault = faults.shift() ?? 'none';
    if (fault === 'http-503') return Response.json({ error: { message: 'overloaded', status: 'UNAVAILABLE' } }, { status: 503 });
    if (fault === 'cut-before') return new Response(new ReadableStream({ pull: (controller) => controller.error(new TypeError('socket hang up')) }), { headers: SSE });
    if (fault === 'cut-after-echo') return new Response(brokenAfterEcho(), { headers: SSE });
    if (fault === 'silent') return new Response(new ReadableStream({ pull: () => new Promise(() => undefined) }), { headers: SSE });
    return new Response(streamOf([fixtureBytes('resume-turn.sse')]), { headers: SSE });
  };
  return { fetch, bodies, answers: () => bodies.filter((body) => 'resume' in body.data).map((body) => body.data.resume) };
}

const ANSWER = [{ toolResponse: { name: 'askUser', ref: 'r1', output: 'yes' } }];

describe('an interrupt whose answer fails', () => {
  for (const fault of ['http-503', 'cut-before', 'cut-after-echo'] as const) {
    it(`${fault}: the question is pending again, unanswered, and answering again goes through`, async () => {
      const server = genkitServer([fault]);
      const chat = createAgentChat({ transport: genkitTransport({ url: 'http://agent.test/chat', fetch: server.fetch }) });
      await chat.send('please interrupt');
      const asked = chat.getState().interrupts;
      expect(asked.map((part) => part.toolRequest.input)).toEqual([{ question: 'Proceed?' }]);

      const failed = await chat.resume(ANSWER);
      expect(failed.finishReason).toBe('failed');
      const state = chat.getState();
      expect(state.status).toBe('error');
      // The same question, still open: its card asks again instead of spinning.
      expect(state.interrupts).toEqual(asked);
      expect(failed.interrupts).toEqual(asked);
      // No answer to it is shown (a repeated answer the broken stream carried is taken back).
      expect(state.messages.flatMap((message) => message.content).some((part) => 'toolResponse' in part)).toBe(false);

      const answered = await chat.resume(ANSWER);
      expect(answered).toMatchObject({ finishReason: 'stop', text: 'Got "yes".' });
      expect(chat.getState().interrupts).toEqual([]);
      expect(server.answers()).toEqual([{ respond: ANSWER }, { respond: ANSWER }]);
    });
  }

  it('a timeout (idleTimeout) and a stop reopen it too', async () => {
    const server = genkitServer(['silent', 'silent']);
    const chat = createAgentChat({ transport: genkitTransport({ url: 'http://agent.test/chat', fetch: server.fetch }) });
    await chat.send('please interrupt');
    const asked = chat.getState().interrupts;

    const timedOut = await chat.resume(ANSWER, { idleTimeout: 20 });
    expect(timedOut).toMatchObject({ finishReason: 'failed', error: { code: 'timeout' } });
    expect(chat.getState().interrupts).toEqual(asked);

    const stopped = chat.resume(ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await chat.stop();
    expect((await stopped).finishReason).toBe('aborted');
    expect(chat.getState().interrupts).toEqual(asked);
  });

  it('Retry (versionTree) sends the same answer from the same point, and the conversation goes on', async () => {
    const server = genkitServer(['http-503']);
    const chat = createAgentChat({ transport: genkitTransport({ url: 'http://agent.test/chat', fetch: server.fetch }), features: [versionTree()] });
    await chat.send('please interrupt');
    const snapshot = chat.getState().snapshotId;
    await chat.resume(ANSWER);
    expect(chat.getState().interrupts).toHaveLength(1);

    const retried = await chat.retry();
    expect(retried).toMatchObject({ finishReason: 'stop', text: 'Got "yes".' });
    expect(server.answers()).toEqual([{ respond: ANSWER }, { respond: ANSWER }]);
    // both answers continue from the interrupted turn's snapshot
    expect(server.bodies.slice(1).map((body) => body.init.snapshotId)).toEqual([snapshot, snapshot]);
    expect(chat.getState()).toMatchObject({ status: 'ready', interrupts: [], error: null });
  });

  it('a reset while the answer runs: the question does not come back into the new conversation', async () => {
    const server = genkitServer(['silent', 'silent']);
    const chat = createAgentChat({ transport: genkitTransport({ url: 'http://agent.test/chat', fetch: server.fetch }), features: [versionTree()] });
    await chat.send('please interrupt');
    const answering = chat.resume(ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 10));
    chat.reset();
    await answering;
    expect(chat.getState()).toMatchObject({ messages: [], interrupts: [] });
  });

  it('a turn that answers nothing and fails leaves no interrupt behind', async () => {
    const server = genkitServer([]);
    let calls = 0;
    const fetch: typeof globalThis.fetch = async (url, init) => (++calls === 2 ? Response.json({ error: { message: 'down' } }, { status: 503 }) : server.fetch(url, init));
    const chat = createAgentChat({ transport: genkitTransport({ url: 'http://agent.test/chat', fetch }) });
    await chat.send('please interrupt');
    await chat.send('something else');
    expect(chat.getState()).toMatchObject({ status: 'error', interrupts: [] });
  });
});
