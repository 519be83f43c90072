/**
 * Every option of `createAgentChat`, given through every entry point — `createAgentChat`, `useAgentChat`,
 * `<AgentChatProvider>` and `<AgentChatView>` — takes effect, and none reaches the view's root element. The cases are a
 * `Record` over `AgentChatOptionKey`: an option added to `AgentChatOptions` without a case here fails the typecheck.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { agentChatOptionKeys } from '@agent-chat/core/binding';
import {
  clientTools, createAgentChat, genkitTransport, resumable, scriptedTransport, versionTree,
  type AgentChat, type AgentChatOptionKey, type AgentChatOptions, type AgentEvent, type AgentResponse, type ScriptedTurn, type Transport,
} from '@agent-chat/core';
import { AgentChatProvider, useAgentChat, useAgentChatContext } from '@agent-chat/react';
import { AgentChatView } from '@agent-chat/ui';

type State = { level?: unknown; written?: number; seeded?: boolean };

const reply = (text: string): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 't' }, { type: 'turn-end', finishReason: 'stop' }];
/** A transport whose turn sends nothing until it is aborted (a deadline's abort ends it). */
const silent = (): Transport => ({
  name: 'silent',
  // eslint-disable-next-line require-yield -- it never yields: it waits for the abort
  async *run(_request, signal) {
    await new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
  },
});
/** A client tool call with a new id each time. */
let callCount = 0;
const toolCall = (): AgentEvent[] => [
  { type: 'tool-request', part: { toolRequest: { name: 'clock', ref: `call-${++callCount}`, input: {} } }, messageKey: `m-${callCount}` },
  { type: 'turn-end', finishReason: 'other' },
];

/** One option's case: the options that set it (and a transport when the default one will not do), and its effect. */
interface OptionCase {
  options(): Partial<AgentChatOptions<State>> & Pick<AgentChatOptions<State>, 'transport'>;
  /** Runs what shows the option's effect and checks it. */
  check(chat: AgentChat<State>, given: Partial<AgentChatOptions<State>>): Promise<void>;
}

const scripted = (...turns: ScriptedTurn[]) => scriptedTransport(turns);
const send = async (chat: AgentChat<State>, input = 'hi'): Promise<AgentResponse<State>> => chat.send(input);
const calls: string[] = [];

const CASES: Record<AgentChatOptionKey, OptionCase> = {
  transport: {
    options: () => ({ transport: scripted(reply('from the given transport')) }),
    check: async (chat) => expect((await send(chat)).text).toBe('from the given transport'),
  },
  sessionId: {
    options: () => ({ transport: scripted(reply('ok')), sessionId: 'session-7' }),
    check: async (chat, given) => {
      await send(chat);
      expect((given.transport as ReturnType<typeof scriptedTransport>).requests[0]!.sessionId).toBe('session-7');
    },
  },
  snapshotId: {
    options: () => ({ transport: scripted(reply('ok')), snapshotId: 'snapshot-3' }),
    check: async (chat, given) => {
      await send(chat);
      expect((given.transport as ReturnType<typeof scriptedTransport>).requests[0]!.snapshotId).toBe('snapshot-3');
    },
  },
  state: {
    options: () => ({ transport: scripted(reply('ok')), state: { messages: [], custom: { seeded: true }, artifacts: [] } }),
    check: async (chat) => expect(chat.getState().custom).toEqual({ seeded: true }),
  },
  customWrites: {
    options: () => ({ transport: scripted(reply('ok')), customWrites: [[{ op: 'add', path: '/written', value: 1 }]] }),
    check: async (chat, given) => {
      await send(chat);
      expect((given.transport as ReturnType<typeof scriptedTransport>).requests[0]!.customWrites).toEqual([{ op: 'add', path: '/written', value: 1 }]);
    },
  },
  onChunk: {
    options: () => ({ transport: scripted(reply('chunked')), onChunk: (chunk) => void (chunk.text && calls.push(`chunk:${chunk.text}`)) }),
    check: async (chat) => {
      await send(chat);
      expect(calls).toContain('chunk:chunked');
    },
  },
  onTurnEnd: {
    options: () => ({ transport: scripted(reply('ended')), onTurnEnd: (response) => void calls.push(`end:${response.text}`) }),
    check: async (chat) => {
      await send(chat);
      expect(calls).toContain('end:ended');
    },
  },
  onError: {
    options: () => ({ transport: scripted(), onError: (error) => void calls.push(`error:${error.code}`) }),
    check: async (chat) => {
      await send(chat);
      expect(calls).toContain('error:unsupported');
    },
  },
  onFeedback: {
    options: () => ({ transport: scripted(reply('rate me')), onFeedback: (event) => void calls.push(`feedback:${event.feedback?.rating}`) }),
    check: async (chat) => {
      await send(chat);
      const answer = chat.getState().messages.at(-1)!;
      expect(chat.setFeedback(answer.id, { rating: 'up' })).toBe(true);
      expect(calls).toContain('feedback:up');
    },
  },
  generateId: {
    options: () => {
      let count = 0;
      return { transport: scripted(reply('ok')), generateId: () => `mine-${++count}` };
    },
    check: async (chat) => {
      await send(chat);
      expect(chat.getState().messages.map((message) => message.id)).toEqual(['mine-1', 'mine-2']);
    },
  },
  tools: {
    options: () => ({
      transport: scripted(toolCall(), reply('it is noon')),
      tools: { clock: { execute: () => 'noon' } },
      features: [clientTools()],
    }),
    check: async (chat) => expect((await send(chat)).text).toBe('it is noon'),
  },
  maxToolRounds: {
    options: () => ({
      transport: scriptedTransport([toolCall], { loop: true }),
      tools: { clock: { execute: () => 'tick' } },
      features: [clientTools()],
      maxToolRounds: 2,
    }),
    check: async (chat, given) => {
      expect((await send(chat)).error?.code).toBe('tool-rounds-exceeded');
      expect((given.transport as ReturnType<typeof scriptedTransport>).requests).toHaveLength(3);
    },
  },
  pollDetached: {
    options: () => ({
      transport: scriptedTransport([[{ type: 'turn-end', finishReason: 'detached', snapshotId: 'snap-d' }]], {
        snapshots: { 'snap-d': { snapshotId: 'snap-d', status: 'pending', raw: null } },
      }),
      // One read at once, then it gives up (the default waits 1 s and reads again for minutes).
      pollDetached: { attempts: 1, delay: () => 0 },
      features: [resumable()],
    }),
    check: async (chat) => {
      await send(chat);
      await waitFor(() => expect(chat.getState().detached).toEqual({ snapshotId: 'snap-d', status: 'pending', polling: false }), { timeout: 5000 });
    },
  },
  features: {
    // The version tree switched on: a regenerated answer becomes the second version of the first.
    options: () => ({ transport: scripted(reply('first'), reply('second')), features: [versionTree()] }),
    check: async (chat) => {
      await send(chat);
      expect((await chat.regenerate()).text).toBe('second');
      expect(chat.getState().messages.at(-1)!.siblings).toEqual({ index: 1, count: 2 });
    },
  },
  context: {
    options: () => ({ transport: scripted(reply('ok')), context: [{ description: 'Page', value: '/tasks' }] }),
    check: async (chat, given) => {
      await send(chat);
      expect((given.transport as ReturnType<typeof scriptedTransport>).requests[0]!.context).toEqual([{ description: 'Page', value: '/tasks' }]);
    },
  },
  maxContextBytes: {
    options: () => ({ transport: scripted(reply('never')), context: [{ description: 'Page', value: 'x'.repeat(100) }], maxContextBytes: 50 }),
    check: async (chat) => expect((await send(chat)).error?.code).toBe('context-too-large'),
  },
  timeout: {
    options: () => ({ transport: silent(), timeout: 20 }),
    check: async (chat) => expect((await send(chat)).error).toMatchObject({ code: 'timeout', details: { timeout: 20 } }),
  },
  idleTimeout: {
    options: () => ({ transport: silent(), idleTimeout: 30 }),
    check: async (chat) => expect((await send(chat)).error).toMatchObject({ code: 'timeout', details: { timeout: 30 } }),
  },
  maxDepth: {
    options: () => ({ transport: scripted([{ type: 'custom-patch', patch: [{ op: 'add', path: '/level', value: [[[[['deep']]]]] }] }, { type: 'turn-end', finishReason: 'stop' }]), maxDepth: 3 }),
    check: async (chat) => expect((await send(chat)).error?.code).toBe('too-deep'),
  },
  maxFrameBytes: {
    options: () => ({
      // Genkit over a fetch that answers a frame growing to 2 kB without ending: the SSE framer gives up past the limit.
      transport: genkitTransport({
        url: 'http://agent.invalid/api/agent',
        fetch: async () => new Response(`data: {"message":{"content":[{"text":"${'x'.repeat(2000)}`, { headers: { 'Content-Type': 'text/event-stream' } }),
      }),
      maxFrameBytes: 500,
    }),
    check: async (chat) => expect((await send(chat)).error?.code).toBe('frame-too-large'),
  },
};

/** How an entry point is given options; resolves to the chat it made. */
type EntryPoint = (options: AgentChatOptions<State>) => Promise<AgentChat<State>>;

function Expose({ onChat }: { onChat: (chat: AgentChat<State>) => void }) {
  onChat(useAgentChatContext<State>());
  return null;
}

const captured = (mount: (onChat: (chat: AgentChat<State>) => void) => void): Promise<AgentChat<State>> =>
  new Promise((resolve) => mount(resolve));

const ENTRY_POINTS: Record<string, EntryPoint> = {
  createAgentChat: async (options) => createAgentChat(options),
  useAgentChat: (options) =>
    captured((onChat) => {
      function Chat() {
        onChat(useAgentChat<State>(options).chat);
        return null;
      }
      render(<Chat />);
    }),
  AgentChatProvider: (options) => captured((onChat) => render(<AgentChatProvider<State> {...options}><Expose onChat={onChat} /></AgentChatProvider>)),
  AgentChatView: (options) =>
    captured((onChat) => {
      const { container } = render(<AgentChatView<State> {...options} data-testid="view"><Expose onChat={onChat} /></AgentChatView>);
      // Nothing of the chat's reaches the DOM: the root carries its class, its state (and `data-empty` while there is no
      // message) and the app's own DOM props only.
      const root = container.querySelector('.acu-chat')!;
      expect(root.getAttributeNames().filter((name) => name !== 'data-empty').sort()).toEqual(['class', 'data-state', 'data-testid']);
    }),
};

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('every chat option through every entry point', () => {
  it('the cases cover the option list', () => {
    expect(Object.keys(CASES).sort()).toEqual([...agentChatOptionKeys].sort());
  });

  for (const [entry, mount] of Object.entries(ENTRY_POINTS)) {
    it.each(agentChatOptionKeys)(`${entry}: %s takes effect`, async (key) => {
      const options = CASES[key].options();
      const chat = await mount(options as AgentChatOptions<State>);
      await CASES[key].check(chat, options);
    });
  }
});

describe('a new callback applies without a new chat', () => {
  it('useAgentChat and AgentChatProvider hand the latest options to the same chat on every render', async () => {
    const transport = scripted(reply('one'), reply('two'));
    const chats: AgentChat<State>[] = [];
    function Chat({ label }: { label: string }) {
      chats.push(useAgentChat<State>({ transport, onTurnEnd: (response) => void calls.push(`${label}:${response.text}`) }).chat);
      return null;
    }
    const { rerender } = render(<Chat label="first" />);
    await chats.at(-1)!.send('a');
    rerender(<Chat label="second" />);
    await chats.at(-1)!.send('b');
    expect(calls).toEqual(['first:one', 'second:two']);
    expect(new Set(chats).size).toBe(1);
  });
});
