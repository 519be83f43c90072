import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../model/events.js';
import { AgentChatError } from '../../model/error.js';
import { toMessage, type ChatMessage, type Message } from '../../model/message.js';
import { textOf } from '../../model/part.js';
import type { SnapshotInfo } from '../../model/session.js';
import { scriptedTransport, type ScriptedTransport } from '../../transport/scripted-transport.js';
import type { TurnRequest } from '../../transport/transport.js';
import { createAgentChat, type AgentChat } from '../agent-chat.js';
import { exportChatTree, restoreChatTree } from './chat-tree-record.js';
import { versionTree } from '../../index.js';

interface Custom {
  lastUser: string;
  userCount: number;
}

/**
 * A deterministic agent: answers `answer <n> to <text>` (n counts turns, so a regenerated answer differs), sets the
 * custom state from the conversation it was sent, and ends with snapshot `s<n>` holding that conversation. `fail`
 * streams "partial" and fails.
 */
function agent(options: { delayMs?: number } = {}) {
  let turn = 0;
  const snapshots: Record<string, SnapshotInfo> = {};
  const transport: ScriptedTransport = scriptedTransport(
    [
      (request: TurnRequest): AgentEvent[] => {
        const n = ++turn;
        const conversation: Message[] = request.input.message ? [...request.history, request.input.message] : request.history;
        const users = conversation.filter((message) => message.role === 'user');
        const text = textOf(users.at(-1)?.content ?? []);
        if (text === 'fail') {
          return [
            { type: 'text-delta', text: 'partial', messageKey: 'm' },
            { type: 'error', error: new AgentChatError('server-error', 'exploded') },
            { type: 'turn-end', finishReason: 'failed', snapshotId: request.snapshotId ?? undefined },
          ];
        }
        const answer = `answer ${n} to ${text}`;
        const custom: Custom = { lastUser: text, userCount: users.length };
        const snapshotId = `s${n}`;
        snapshots[snapshotId] = {
          snapshotId,
          sessionId: 'sess',
          finishReason: 'stop',
          state: { sessionId: 'sess', messages: [...conversation, { role: 'model', content: [{ text: answer }] }], custom, artifacts: [] },
          raw: null,
        };
        return [
          { type: 'text-delta', text: answer, messageKey: 'm' },
          { type: 'custom-snapshot', custom },
          { type: 'turn-end', finishReason: 'stop', snapshotId, sessionId: 'sess' },
        ];
      },
    ],
    { loop: true, delayMs: options.delayMs ?? 0, snapshots },
  );
  return { transport, snapshots };
}

const texts = (chat: AgentChat<unknown>) => chat.getState().messages.map((message) => `${message.role}:${textOf(message.content)}`);

describe('chat operations', () => {
  it('edit: a new user message beside the old one, run from the conversation before it; the old line is kept', async () => {
    const { transport } = agent();
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
    await chat.send('one');
    await chat.send('two');
    const secondUser = chat.getState().messages[2]!;
    const response = await chat.edit(secondUser.id, 'TWO');
    expect(response.text).toBe('answer 3 to TWO');
    expect(texts(chat)).toEqual(['user:one', 'model:answer 1 to one', 'user:TWO', 'model:answer 3 to TWO']);
    const request = transport.requests[2]!;
    expect(request.history).toEqual(chat.getState().messages.slice(0, 2).map(toMessage));
    expect(request.snapshotId).toBe('s1');
    expect(request.rerun).toEqual({ operation: 'edit', replaced: toMessage(secondUser) });
    const edited = chat.getState().messages[2]!;
    expect(edited.siblings).toEqual({ index: 1, count: 2 });
    expect(chat.getState().messages[0]!.siblings).toBeUndefined();
    expect(chat.getState().custom).toEqual({ lastUser: 'TWO', userCount: 2 });
    expect(edited.snapshotId).toBe('s3');

    chat.switchBranch(edited.id, 0);
    expect(texts(chat)).toEqual(['user:one', 'model:answer 1 to one', 'user:two', 'model:answer 2 to two']);
    expect(chat.getState().messages[2]!.siblings).toEqual({ index: 0, count: 2 });
    expect(chat.getState()).toMatchObject({ custom: { lastUser: 'two', userCount: 2 }, snapshotId: 's2', status: 'ready' });

    // The next send continues the shown line, from its snapshot.
    await chat.send('three');
    expect(transport.requests[3]!.snapshotId).toBe('s2');
    expect(texts(chat).slice(2)).toEqual(['user:two', 'model:answer 2 to two', 'user:three', 'model:answer 4 to three']);
  });

  it('regenerate: the same user message answered again; the old answer is a sibling; default is the last answer', async () => {
    const { transport } = agent();
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
    await chat.send('one');
    const user = chat.getState().messages[0]!;
    const old = chat.getState().messages[1]!;
    const response = await chat.regenerate();
    expect(response.text).toBe('answer 2 to one');
    const [sameUser, answer] = chat.getState().messages;
    expect(sameUser!.id).toBe(user.id);
    expect(answer!.siblings).toEqual({ index: 1, count: 2 });
    expect(transport.requests[1]).toMatchObject({ history: [], snapshotId: null, sessionId: null, rerun: { operation: 'regenerate', replaced: toMessage(old) } });
    expect(transport.requests[1]!.input.message).toEqual(toMessage(user));
    await chat.regenerate(old.id);
    expect(chat.getState().messages[1]!.siblings).toEqual({ index: 2, count: 3 });
    chat.switchBranch(answer!.id, 0);
    expect(texts(chat)).toEqual(['user:one', 'model:answer 1 to one']);
  });

  it('a failed turn shows its own partial text, marked failed; retry runs it again from the same point; clearError', async () => {
    const { transport } = agent();
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
    await chat.send('one');
    const failed = await chat.send('fail');
    expect(failed.finishReason).toBe('failed');
    expect(chat.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'partial' }] });
    chat.clearError();
    expect(chat.getState()).toMatchObject({ status: 'ready', error: null });
    await chat.retry();
    expect(transport.requests[2]).toMatchObject({ snapshotId: 's1', rerun: { operation: 'retry', replaced: { role: 'model', content: [{ text: 'partial' }] } } });
    expect(transport.requests[2]!.history).toHaveLength(2);
    // Still failing ("fail" always fails): the failed attempts are siblings.
    expect(chat.getState().messages.at(-1)).toMatchObject({ status: 'failed', siblings: { index: 1, count: 2 } });
    expect(chat.getState().messages).toHaveLength(4);
  });

  it('retry after stop(); nothing to retry gives an unsupported error without changing the conversation', async () => {
    const { transport } = agent({ delayMs: 5 });
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
    const nothing = await chat.retry();
    expect(nothing.error).toMatchObject({ code: 'unsupported' });
    expect(chat.getState()).toMatchObject({ status: 'error', messages: [] });
    chat.clearError();
    const running = chat.send('one');
    await chat.stop();
    await running;
    expect(chat.getState().finishReason).toBe('aborted');
    const retried = await chat.retry();
    expect(retried.text).toBe('answer 2 to one');
    expect(texts(chat)).toEqual(['user:one', 'model:answer 2 to one']);
  });

  it('operations issued while a turn runs are queued like send and resolve in order', async () => {
    const { transport } = agent({ delayMs: 2 });
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
    const first = chat.send('one');
    const regenerated = chat.regenerate();
    const second = chat.send('two');
    await Promise.all([first, regenerated, second]);
    expect(texts(chat)).toEqual(['user:one', 'model:answer 2 to one', 'user:two', 'model:answer 3 to two']);
    const firstAnswer = chat.getState().messages[1]!;
    chat.switchBranch(firstAnswer.id, 0);
    expect(texts(chat)).toEqual(['user:one', 'model:answer 1 to one']);
  });

  it('an unknown message, a model message to edit, or a transport that cannot fork: unsupported, nothing changes', async () => {
    const { transport } = agent();
    const errors: AgentChatError[] = [];
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport, onError: (error) => errors.push(error) });
    await chat.send('one');
    await chat.send('two');
    const before = chat.getState().messages;
    expect((await chat.edit('nope', 'x')).error?.code).toBe('unsupported');
    expect((await chat.edit(before[1]!.id, 'x')).error?.message).toMatch(/No user message/);
    expect(chat.getState().messages).toBe(before);
    chat.switchBranch(before[0]!.id, 3);
    expect(errors.map((error) => error.code)).toEqual(['unsupported', 'unsupported', 'unsupported']);
    expect(transport.requests).toHaveLength(2);

    // A transport whose threads cannot fork runs a turn again only from the start.
    const fresh = agent();
    const threads = createAgentChat<Custom>({ features: [versionTree()], transport: { ...fresh.transport, run: fresh.transport.run, reruns: 'start' } });
    await threads.send('one');
    await threads.send('two');
    expect((await threads.regenerate()).error?.code).toBe('unsupported');
    expect(texts(threads)).toHaveLength(4);
    const regenerated = await threads.regenerate(threads.getState().messages[1]!.id);
    expect(regenerated.error).toBeNull();
    expect(fresh.transport.requests.at(-1)).toMatchObject({ history: [], sessionId: null });
  });

  it('exportChatTree is JSON; restoreChatTree in a new chat brings back every line from the snapshots', async () => {
    const { transport, snapshots } = agent();
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
    await chat.send('one');
    await chat.send('two');
    const user = chat.getState().messages[2]!;
    await chat.edit(user.id, 'TWO');
    await chat.send('fail');
    const record = JSON.parse(JSON.stringify(exportChatTree(chat)));
    // Only the failed turn's messages are carried inline; snapshots hold the rest.
    expect(record.nodes.filter((node: { message?: unknown }) => node.message).map((node: { role: string }) => node.role)).toEqual(['user', 'model']);

    const reloaded = createAgentChat<Custom>({ features: [versionTree()], transport: scriptedTransport([], { snapshots }) });
    await restoreChatTree(reloaded, record);
    expect(texts(reloaded)).toEqual(texts(chat));
    expect(reloaded.getState()).toMatchObject({ status: 'error', finishReason: 'failed', custom: { lastUser: 'TWO' } });
    expect(reloaded.getState().messages.map((message) => message.siblings)).toEqual(chat.getState().messages.map((message) => message.siblings));
    reloaded.switchBranch(reloaded.getState().messages[2]!.id, 0);
    expect(texts(reloaded)).toEqual(['user:one', 'model:answer 1 to one', 'user:two', 'model:answer 2 to two']);
    expect(reloaded.getState()).toMatchObject({ custom: { lastUser: 'two', userCount: 2 }, snapshotId: 's2', status: 'ready' });
  });

  it('branch(snapshotId) rewinds the tree too: the next turn is a sibling, and the record shows the rewound line', async () => {
    const { transport } = agent();
    const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
    await chat.send('one');
    await chat.send('two');
    chat.branch('s1');
    const shown = (record: ReturnType<typeof exportChatTree>) => {
      const ids: string[] = [];
      for (let at = record.shown['']; at; at = record.shown[at]) ids.push(at);
      return ids;
    };
    expect(shown(exportChatTree(chat))).toEqual(chat.getState().messages.map((message) => message.id));
    await chat.send('three');
    expect(texts(chat)).toEqual(['user:one', 'model:answer 1 to one', 'user:three', 'model:answer 3 to three']);
    expect(chat.getState().messages[2]!.siblings).toEqual({ index: 1, count: 2 });
    expect(shown(exportChatTree(chat))).toEqual(chat.getState().messages.map((message) => message.id));
  });

  it('property: random send/edit/regenerate/switch keep the line a path with consistent siblings, each line its own state, switching lossless', async () => {
    type Op = { kind: 'send' | 'edit' | 'regenerate' | 'switch'; pick: number; index: number };
    const op = fc.record({ kind: fc.constantFrom('send', 'edit', 'regenerate', 'switch'), pick: fc.nat(), index: fc.nat(5) });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops: Op[]) => {
        const { transport } = agent();
        const chat = createAgentChat<Custom>({ features: [versionTree()], transport });
        let word = 0;
        const check = () => {
          const { messages, custom } = chat.getState();
          const record = exportChatTree(chat);
          const parentOf = new Map(record.nodes.map((node) => [node.id, node.parent]));
          messages.forEach((message, index) => {
            expect(parentOf.get(message.id)).toBe(index === 0 ? '' : messages[index - 1]!.id);
            const siblings = record.nodes.filter((node) => node.parent === parentOf.get(message.id)).map((node) => node.id);
            expect(message.siblings).toEqual(siblings.length > 1 ? { index: siblings.indexOf(message.id), count: siblings.length } : undefined);
          });
          const users = messages.filter((message) => message.role === 'user');
          if (users.length > 0) expect(custom).toEqual({ lastUser: textOf(users.at(-1)!.content), userCount: users.length });
          // Every request carried the conversation up to its point, exactly as the line showed it.
          const request = transport.requests.at(-1);
          if (request) {
            const at = messages.findIndex((message) => message.role === 'user' && message.content === request.input.message?.content);
            if (at >= 0) expect(request.history).toEqual(messages.slice(0, at).map(toMessage));
          }
        };
        for (const step of ops) {
          const { messages } = chat.getState();
          const pick = <T>(list: T[]): T | undefined => list[step.pick % Math.max(1, list.length)];
          if (step.kind === 'send') await chat.send(`w${++word}`);
          else if (step.kind === 'edit') {
            const target = pick(messages.filter((message) => message.role === 'user'));
            if (target) await chat.edit(target.id, `w${++word}`);
          } else if (step.kind === 'regenerate') {
            const target = pick(messages.filter((message) => message.role === 'model'));
            if (target) await chat.regenerate(target.id);
          } else {
            const target = pick(messages.filter((message) => message.siblings));
            if (target) {
              const before: ChatMessage[] = messages;
              const custom = chat.getState().custom;
              chat.switchBranch(target.id, step.index % target.siblings!.count);
              check();
              // Back: the sibling now shown at the same place switches to the original index.
              chat.switchBranch(chat.getState().messages[before.indexOf(target)]!.id, target.siblings!.index);
              expect(texts(chat)).toEqual(before.map((message) => `${message.role}:${textOf(message.content)}`));
              expect(chat.getState().messages.map((message) => message.id)).toEqual(before.map((message) => message.id));
              expect(chat.getState().custom).toEqual(custom);
            }
          }
          check();
        }
      }),
      { numRuns: 60 },
    );
  });
});
