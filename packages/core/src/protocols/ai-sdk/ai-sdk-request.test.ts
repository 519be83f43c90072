import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentInput } from '../../model/chunk.js';
import type { Message } from '../../model/message.js';
import type { TurnRequest } from '../../transport/transport.js';
import { convertAiSdkUiMessages } from './ai-sdk-ui-messages.js';
import { aiSdkTransport, buildAiSdkRequestBody } from './index.js';

const REFS = ['c1', 'c2', 'c3'];

/** Canonical messages as a conversation with tools, approvals and server message ids has them. */
const text = fc.string({ maxLength: 6 }).map((value) => ({ text: value }));
const toolRequest = fc.record({ name: fc.constantFrom('search', 'deleteFile'), ref: fc.constantFrom(...REFS), approval: fc.boolean() }).map(({ name, ref, approval }) => ({
  toolRequest: { name, ref, input: { q: ref } },
  ...(approval ? { metadata: { interrupt: { approvalId: `a-${ref}` } } } : {}),
}));
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: fc.array(text, { minLength: 1, maxLength: 2 }) }),
  fc.record({
    role: fc.constant('model' as const),
    content: fc.array(fc.oneof(text, toolRequest), { minLength: 1, maxLength: 3 }),
    metadata: fc.option(fc.record({ messageId: fc.constantFrom('m1', 'm2', 'm3') }), { nil: undefined }),
  }).map(({ metadata, ...rest }) => (metadata ? { ...rest, metadata } : rest)),
  fc.record({ role: fc.constant('tool' as const), ref: fc.constantFrom(...REFS), output: fc.string({ maxLength: 4 }) }).map(({ ref, output }) => ({
    role: 'tool' as const,
    content: [{ toolResponse: { name: 'search', ref, output } }],
  })),
);

/** How the next turn's history comes from the last one: it grows, is cut back (an edit, a retry), or one message is new. */
type Step =
  | { kind: 'append'; messages: Message[] }
  | { kind: 'cut'; at: number }
  | { kind: 'replace'; at: number; message: Message }
  | { kind: 'other chat' };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('append' as const), messages: fc.array(message, { maxLength: 4 }) }) },
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), message }),
  fc.record({ kind: fc.constant('other chat' as const) }),
);
const input: fc.Arbitrary<AgentInput> = fc.oneof(
  message.map((sent) => ({ message: { role: 'user' as const, content: sent.content.filter((part) => 'text' in part) } })),
  fc.constantFrom(...REFS).map((ref) => ({ resume: { respond: [{ toolResponse: { name: 'deleteFile', ref, output: true } }] } })),
);

describe('aiSdkTransport request bodies', () => {
  it('are the same as converting each history whole, turn after turn (the transport converts only what changed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(message, { maxLength: 8 }), fc.array(fc.tuple(step, input), { minLength: 1, maxLength: 8 }), async (start, steps) => {
        let body = '';
        const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
          body = String(init?.body);
          return new Response('data: {"type":"start"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } });
        };
        const transport = aiSdkTransport({ url: 'http://agent.test/api/chat', fetch });
        let history = start;
        let sessionId = 'chat-1';
        for (const [change, sent] of steps) {
          // The store shares the messages a turn did not change: the next history holds the same objects.
          if (change.kind === 'append') history = [...history, ...change.messages];
          else if (change.kind === 'cut') history = history.slice(0, change.at % (history.length + 1));
          else if (change.kind === 'replace' && history.length > 0) history = history.map((kept, index) => (index === change.at % history.length ? change.message : kept));
          else if (change.kind === 'other chat') sessionId = sessionId === 'chat-1' ? 'chat-2' : 'chat-1';
          // The chat hands each turn new message objects around the store's content (`toMessage`).
          const request: TurnRequest = { input: sent, history: history.map((kept) => ({ ...kept })), sessionId };
          const expected = JSON.parse(JSON.stringify(buildAiSdkRequestBody(request, sessionId)));
          for await (const frames of transport.run(request, new AbortController().signal)) void frames;
          // An answered approval is answered in this request only: the conversion kept for the next is not changed.
          expect(JSON.parse(body)).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('convert again only the last UI message and what follows it, for a history of new message objects around the same content', () => {
    const user = (value: string): Message => ({ role: 'user', content: [{ text: value }] });
    const model = (value: string): Message => ({ role: 'model', content: [{ text: value }] });
    const history = [user('a'), model('b'), user('c'), model('d')];
    const first = convertAiSdkUiMessages(history, 'k');
    expect(first.starts).toEqual([0, 1, 2, 3]);
    const next = convertAiSdkUiMessages([...history, user('e'), model('f')].map((message) => ({ ...message })), 'k', first);
    // The first three are the same objects; the last one (which a tool result could have joined) is converted again.
    expect(next.messages.slice(0, 3)).toEqual(first.messages.slice(0, 3));
    next.messages.slice(0, 3).forEach((message, index) => expect(message).toBe(first.messages[index]));
    expect(next.messages[3]).not.toBe(first.messages[3]);
    expect(next.messages.map((message) => message.id)).toEqual(['k-0', 'k-1', 'k-2', 'k-3', 'k-4', 'k-5']);
    // A changed message where the last UI message began (a tool result there would join the one before), another
    // chat: converted whole.
    const changed = convertAiSdkUiMessages([...history.slice(0, 3), { ...history[3]!, content: [{ text: 'D' }] }], 'k', first);
    expect(changed.messages[0]).not.toBe(first.messages[0]);
    expect(changed.messages[3]!.parts).toEqual([{ type: 'step-start' }, { type: 'text', text: 'D' }]);
    expect(convertAiSdkUiMessages(history, 'other', first).messages[0]).not.toBe(first.messages[0]);
  });
});
