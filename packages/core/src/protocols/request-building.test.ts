/**
 * Building a turn's request, on every protocol: any valid partial state and input is sent (Genkit's `SessionState` has
 * every field optional), and whatever cannot be built or serialized fails typed — `invalid-request` (or `unsupported`,
 * `too-deep`), nothing sent — never as a network error or an untyped throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAgentChat } from '../chat/agent-chat.js';
import { isAgentChatError, type AgentChatErrorCode } from '../model/error.js';
import type { Message } from '../model/message.js';
import type { Part } from '../model/part.js';
import type { SessionStateInit } from '../model/session.js';
import type { ProtocolTransportOptions } from '../transport/protocol-descriptor.js';
import type { Transport, TurnRequest } from '../transport/transport.js';
import { protocols } from './protocol-list.js';

const URL = 'http://agent.test/api';

/** A fetch that records each request's body and answers 503: a request that reached it ends as `http-error`. */
function refusingFetch() {
  const bodies: unknown[] = [];
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    bodies.push(init?.body === undefined ? undefined : JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ error: { message: 'down for the test' } }), { status: 503, headers: { 'Content-Type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, bodies };
}

/** Every protocol's transport, plain and resumable (its request is built by other code, loaded on first use). */
const transports = protocols.flatMap((protocol) =>
  [false, true].map((resumable) => ({
    label: `${protocol.name}${resumable ? ' (resumable)' : ''}`,
    make: async (fetch: typeof globalThis.fetch): Promise<Transport> => protocol.load({ url: URL, fetch, ...(resumable ? { resumable: { attempts: 1 } } : {}) } as ProtocolTransportOptions),
  })),
);

/** Runs one turn to its end and says what ended it: the error's code, or 'ended' when the stream simply ended. */
async function outcomeOf(transport: Transport, request: TurnRequest): Promise<{ code: AgentChatErrorCode | 'ended' | 'untyped'; error?: unknown }> {
  try {
    for await (const frames of transport.run(request, new AbortController().signal)) void frames;
    return { code: 'ended' };
  } catch (error) {
    return isAgentChatError(error) ? { code: error.code, error } : { code: 'untyped', error };
  }
}

// Valid values, as Genkit's schemas describe them (every optional field optional).
const metadata = fc.option(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }), { nil: undefined });
const withMetadata = <T extends object>(part: fc.Arbitrary<T>): fc.Arbitrary<Part> =>
  fc.tuple(part, metadata).map(([value, meta]) => (meta ? { ...value, metadata: meta } : value) as unknown as Part);
const part: fc.Arbitrary<Part> = fc.oneof(
  withMetadata(fc.record({ text: fc.string({ maxLength: 20 }) })),
  withMetadata(fc.record({ reasoning: fc.string({ maxLength: 20 }) })),
  withMetadata(fc.record({ media: fc.record({ url: fc.webUrl(), contentType: fc.constantFrom('image/png', 'text/plain') }, { requiredKeys: ['url'] }) })),
  withMetadata(fc.record({ toolRequest: fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), ref: fc.string({ maxLength: 6 }), input: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ['name'] }) })),
  withMetadata(fc.record({ toolResponse: fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), ref: fc.string({ maxLength: 6 }), output: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ['name'] }) })),
  withMetadata(fc.record({ data: fc.jsonValue({ maxDepth: 2 }) })),
);
const message: fc.Arbitrary<Message> = fc.record(
  { role: fc.constantFrom('user', 'model', 'tool', 'system'), content: fc.array(part, { maxLength: 4 }), metadata },
  { requiredKeys: ['role', 'content'] },
).map((value) => (value.metadata === undefined ? { role: value.role, content: value.content } : value) as Message);
const artifact = fc.record({ name: fc.string({ maxLength: 8 }), parts: fc.array(part, { maxLength: 2 }) }, { requiredKeys: ['parts'] });
/** Any valid `SessionState`: each of its fields there or not. */
const partialState: fc.Arbitrary<SessionStateInit> = fc.record(
  { sessionId: fc.string({ minLength: 1, maxLength: 8 }), messages: fc.array(message, { maxLength: 3 }), custom: fc.jsonValue({ maxDepth: 3 }), artifacts: fc.array(artifact, { maxLength: 2 }) },
  { requiredKeys: [] },
);
const userMessage = fc.array(part, { minLength: 1, maxLength: 3 }).map((content): Message => ({ role: 'user', content }));
const toolResponse = fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), ref: fc.string({ minLength: 1, maxLength: 6 }), output: fc.jsonValue({ maxDepth: 2 }) }).map((toolResponse) => ({ toolResponse }));
const input = fc.oneof(
  fc.record({ message: userMessage }),
  fc.record({ resume: fc.record({ respond: fc.array(toolResponse, { minLength: 1, maxLength: 2 }) }) }),
);
const request: fc.Arbitrary<TurnRequest> = fc.record({
  input,
  history: fc.array(message, { maxLength: 3 }),
  sessionId: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
  snapshotId: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }),
  state: fc.option(partialState, { nil: null }) as fc.Arbitrary<TurnRequest['state']>,
  custom: fc.jsonValue({ maxDepth: 2 }),
  interrupts: fc.constant<TurnRequest['interrupts']>([]),
  tools: fc.option(fc.array(fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), description: fc.string({ maxLength: 10 }) }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  context: fc.option(fc.array(fc.record({ description: fc.string({ maxLength: 10 }), value: fc.jsonValue({ maxDepth: 2 }) }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
}).map((value) => {
  const built = { ...value } as TurnRequest;
  if (value.tools === undefined) delete built.tools;
  if (value.context === undefined) delete built.context;
  return built;
});

/** Values no protocol can build a request from (not JSON, not the model's shapes), put where a request reads. */
const hostile = fc.oneof(
  fc.constant(undefined), fc.constant(null), fc.constant(7), fc.constant('text'), fc.constant({}), fc.constant([null]), fc.constant(10n),
  fc.constant([{ role: 'user' }]), fc.constant([{ role: 'user', content: 'not a list' }]), fc.constant([{ role: 'user', content: [null] }]),
  fc.constant({ toString: 5 }),
);
const hostileRequest: fc.Arbitrary<TurnRequest> = fc.tuple(request, fc.constantFrom('message', 'content', 'history', 'state', 'messages', 'custom', 'tools', 'context', 'respond'), hostile)
  .map(([base, where, value]) => {
    const broken = structuredClone(base) as unknown as Record<string, unknown> & TurnRequest;
    const input = broken.input as unknown as Record<string, unknown>;
    if (where === 'message') input.message = value;
    else if (where === 'content') input.message = { role: 'user', content: value };
    else if (where === 'history') broken.history = value as Message[];
    else if (where === 'state') broken.state = value as TurnRequest['state'];
    else if (where === 'messages') broken.state = { ...(broken.state ?? {}), messages: value } as unknown as TurnRequest['state'];
    else if (where === 'custom') broken.custom = value;
    else if (where === 'tools') broken.tools = value as TurnRequest['tools'];
    else if (where === 'context') broken.context = value as TurnRequest['context'];
    else input.resume = { respond: value };
    return broken;
  });

/** What a request that could not be built may end with: typed, and nothing sent. */
const NOT_SENT: readonly string[] = ['invalid-request', 'unsupported', 'too-deep'];

describe.each(transports)('building the request: $label', ({ make }) => {
  it('any valid partial state and input is sent as JSON (the server\'s answer ends the turn), never failing on the client', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (turn) => {
        const { fetch, bodies } = refusingFetch();
        const outcome = await outcomeOf(await make(fetch), turn);
        // `unsupported`: a protocol that refuses what it cannot carry (TnsAI sends text only), before sending anything.
        if (outcome.code === 'unsupported') {
          expect(bodies).toEqual([]);
        } else {
          expect(outcome.code, String(outcome.error)).toBe('http-error');
          expect(bodies).toHaveLength(1);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a request that cannot be built or serialized fails typed (invalid-request, unsupported, too-deep), never as a network error, and sends nothing', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (turn) => {
        const { fetch, bodies } = refusingFetch();
        const outcome = await outcomeOf(await make(fetch), turn);
        expect(outcome.code, String(outcome.error)).not.toBe('untyped');
        expect(outcome.code).not.toBe('network-error');
        if (bodies.length === 0) expect(NOT_SENT, String(outcome.error)).toContain(outcome.code);
        else expect(outcome.code).toBe('http-error');
      }),
      { numRuns: 60 },
    );
  });
});

describe('a client-managed Genkit chat seeded with a partial state', () => {
  it('sends `{ custom }` alone as a state with empty messages and artifacts (it crashed the request builder, as network-error)', async () => {
    const { fetch, bodies } = refusingFetch();
    const genkit = protocols.find((protocol) => protocol.name === 'genkit')!;
    const chat = createAgentChat<{ tasks: string[] }>({ transport: await genkit.load({ url: URL, fetch }), state: { custom: { tasks: [] } } });
    const response = await chat.send('hi');
    expect(response.error?.code).toBe('http-error');
    expect(bodies).toEqual([{ data: { message: { role: 'user', content: [{ text: 'hi' }] } }, init: { state: { custom: { tasks: [] }, messages: [], artifacts: [] } } }]);
  });

  it('any valid partial state: the turn is sent with it, its fields as given', async () => {
    const genkit = protocols.find((protocol) => protocol.name === 'genkit')!;
    await fc.assert(
      fc.asyncProperty(partialState, async (state) => {
        const { fetch, bodies } = refusingFetch();
        const chat = createAgentChat({ transport: await genkit.load({ url: URL, fetch }), state });
        const response = await chat.send('hi');
        expect(response.error?.code).toBe('http-error');
        const sent = (bodies[0] as { init: { state: Record<string, unknown> } }).init.state;
        expect(sent.messages).toHaveLength(state.messages?.length ?? 0);
        expect(sent.artifacts).toEqual(JSON.parse(JSON.stringify(state.artifacts ?? [])));
        if ('custom' in state) expect(sent.custom).toEqual(JSON.parse(JSON.stringify({ custom: state.custom })).custom);
      }),
      { numRuns: 40 },
    );
  });

  it('a state the request cannot carry (a BigInt in it) ends the turn invalid-request, sends nothing, and the next turn works', async () => {
    const { fetch, bodies } = refusingFetch();
    const genkit = protocols.find((protocol) => protocol.name === 'genkit')!;
    const chat = createAgentChat<{ big: bigint | number }>({ transport: await genkit.load({ url: URL, fetch }), state: { custom: { big: 10n } } });
    const failed = await chat.send('hi');
    expect(failed.error).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('Serializing the request failed') });
    expect(bodies).toEqual([]);
    expect(chat.getState().status).toBe('error');
    chat.reset({ state: { custom: { big: 10 } } });
    expect((await chat.send('again')).error?.code).toBe('http-error');
    expect(bodies).toHaveLength(1);
  });
});
