/** Regenerate, edit, switchBranch and retry against the real Genkit agent server, and a reload that keeps the tree. */
import { exportChatTree, restoreChatTree, textOf, type AgentChat, type ChatMessage } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskState } from '../../agent/task-state.js';
import { startTestServer, type TestServer } from '../../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const lines = (messages: readonly ChatMessage[]) => messages.map((message) => `${message.role}:${textOf(message.content) || message.content.map((part) => Object.keys(part)[0]).join(',')}`);
const titles = (chat: AgentChat<TaskState>) => chat.getState().custom?.tasks.map((task) => task.title);

/** What line `n` shows: the first turn, the n-th version of the second, and what followed it. */
function expectLine(chat: AgentChat<TaskState>, n: number, extra: string[] = []) {
  const second = n === 0 ? 'Buy milk' : `Chore ${n}`;
  expect(lines(chat.getState().messages)).toEqual([
    'user:add Water plants', 'model:toolRequest', 'tool:toolResponse', 'model:Added “Water plants” (task #1).',
    `user:add ${second}`, 'model:toolRequest', 'tool:toolResponse', `model:Added “${second}” (task #2).`,
    ...extra,
  ]);
  expect(chat.getState().messages[4]!.siblings).toEqual({ index: n, count: 11 });
}

describe('branches on the Genkit agent server', () => {
  it('two turns, ten edits of the second: 11 siblings; each line keeps its messages and tasks; send continues the shown line; a reload restores the tree', async () => {
    const chat = t.chat();
    await chat.send('add Water plants');
    await chat.send('add Buy milk');
    const second = chat.getState().messages[4]!;
    expect(second.snapshotId).toBe(chat.getState().snapshotId);
    for (let n = 1; n <= 10; n++) {
      const response = await chat.edit(chat.getState().messages[4]!.id, `add Chore ${n}`);
      expect(response.error).toBeNull();
    }
    expectLine(chat, 10);
    expect(titles(chat)).toEqual(['Water plants', 'Chore 10']);

    for (const n of [0, 5, 10]) {
      chat.switchBranch(chat.getState().messages[4]!.id, n);
      expectLine(chat, n);
      expect(titles(chat)).toEqual(['Water plants', n === 0 ? 'Buy milk' : `Chore ${n}`]);
    }

    chat.switchBranch(chat.getState().messages[4]!.id, 5);
    const continued = await chat.send('add Extra');
    expect(continued.text).toBe('Added “Extra” (task #3).');
    expectLine(chat, 5, ['user:add Extra', 'model:toolRequest', 'tool:toolResponse', 'model:Added “Extra” (task #3).']);
    expect(titles(chat)).toEqual(['Water plants', 'Chore 5', 'Extra']);
    // The server agrees: the turn continued line 5's snapshot.
    const stored = await chat.getSnapshot({ snapshotId: continued.snapshotId! });
    expect(stored.state?.messages.filter((message) => message.role === 'user').map((message) => textOf(message.content))).toEqual(['add Water plants', 'add Chore 5', 'add Extra']);

    // Reload: a new chat restores every line from the record and the server's snapshots.
    const record = JSON.parse(JSON.stringify(exportChatTree(chat)));
    expect(record.nodes.every((node: { message?: unknown }) => node.message === undefined)).toBe(true);
    const reloaded = t.chat();
    await restoreChatTree(reloaded, record);
    expectLine(reloaded, 5, ['user:add Extra', 'model:toolRequest', 'tool:toolResponse', 'model:Added “Extra” (task #3).']);
    expect(titles(reloaded)).toEqual(['Water plants', 'Chore 5', 'Extra']);
    for (const n of [0, 10, 5]) {
      reloaded.switchBranch(reloaded.getState().messages[4]!.id, n);
      expectLine(reloaded, n, n === 5 ? ['user:add Extra', 'model:toolRequest', 'tool:toolResponse', 'model:Added “Extra” (task #3).'] : []);
      expect(titles(reloaded)).toEqual(['Water plants', n === 0 ? 'Buy milk' : `Chore ${n}`, ...(n === 5 ? ['Extra'] : [])]);
    }
    // And it continues: a send on line 10 after the reload forks from line 10's snapshot.
    reloaded.switchBranch(reloaded.getState().messages[4]!.id, 10);
    await reloaded.send('add After reload');
    expect(titles(reloaded)).toEqual(['Water plants', 'Chore 10', 'After reload']);
  });

  it('after a restore by session, the last turn can run again; an earlier point is refused (unknown), nothing sent', async () => {
    const chat = t.chat();
    await chat.send('add Water plants');
    await chat.send('add Buy milk');
    const reloaded = t.chat();
    await reloaded.restore({ sessionId: chat.getState().sessionId! });
    const regenerated = await reloaded.regenerate();
    expect(regenerated.text).toBe('Added “Buy milk” (task #2).');
    expect(titles(reloaded)).toEqual(['Water plants', 'Buy milk']);
    await reloaded.edit(reloaded.getState().messages[4]!.id, 'add Bread');
    expect(titles(reloaded)).toEqual(['Water plants', 'Bread']);
    const turns = t.lines.length;
    const refused = await reloaded.edit(reloaded.getState().messages[0]!.id, 'add Other');
    expect(refused.error).toMatchObject({ code: 'unsupported', message: expect.stringContaining('restoreChatTree') });
    expect(t.lines.length).toBe(turns);
    reloaded.clearError();
    expect(titles(reloaded)).toEqual(['Water plants', 'Bread']);
  });

  it('regenerate forks from the snapshot before the turn; the old answer is a sibling', async () => {
    const chat = t.chat();
    await chat.send('add Water plants');
    const before = chat.getState().snapshotId;
    await chat.send('add Buy milk');
    const answer = chat.getState().messages[5]!;
    const response = await chat.regenerate();
    expect(response.text).toBe('Added “Buy milk” (task #2).');
    expect(titles(chat)).toEqual(['Water plants', 'Buy milk']);
    expect(chat.getState().messages[4]!.siblings).toBeUndefined();
    expect(chat.getState().messages[5]!.siblings).toEqual({ index: 1, count: 2 });
    const stored = await chat.getSnapshot({ snapshotId: response.snapshotId! });
    expect(stored.parentId).toBe(before);
    chat.switchBranch(chat.getState().messages[5]!.id, 0);
    expect(chat.getState().messages[5]!.id).toBe(answer.id);
  });

  it('a turn that fails after a successful one shows its own partial text, marked failed — also after a reload; retry runs it again', async () => {
    const chat = t.chat();
    await chat.send('add Water plants');
    const failed = await chat.send('fail');
    expect(failed.finishReason).toBe('failed');
    const row = chat.getState().messages.at(-1)!;
    expect(row).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'Let me try that… ' }] });
    expect(lines(chat.getState().messages).filter((line) => line.includes('Water plants'))).toHaveLength(2); // the user message and its own answer only
    expect(chat.getState()).toMatchObject({ status: 'error', error: { code: 'server-error' } });

    // Reload by session: the server's failed snapshot ends with the user message; the error is shown, no earlier answer.
    const bySession = t.chat();
    await bySession.restore({ sessionId: chat.getState().sessionId! });
    expect(lines(bySession.getState().messages).at(-1)).toBe('user:fail');
    expect(bySession.getState()).toMatchObject({ status: 'error', finishReason: 'failed', error: { message: expect.stringContaining('failed on purpose') } });

    // Retry works after that reload too: from the last good snapshot, and the row is its own again.
    const retriedBySession = await bySession.retry();
    expect(retriedBySession.error?.message).toContain('failed on purpose');
    expect(bySession.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'Let me try that… ' }] });
    expect(lines(bySession.getState().messages).slice(0, 4)).toEqual(lines(chat.getState().messages).slice(0, 4));

    // Reload with the tree record: the failed row itself comes back.
    const reloaded = t.chat();
    await restoreChatTree(reloaded, exportChatTree(chat));
    expect(reloaded.getState().messages.at(-1)).toMatchObject({ role: 'model', status: 'failed', content: [{ text: 'Let me try that… ' }] });
    expect(reloaded.getState()).toMatchObject({ status: 'error', finishReason: 'failed' });

    // Retry (after the reload too): the same input from the same point; the failed attempt stays as a sibling.
    const retried = await reloaded.retry();
    expect(retried.finishReason).toBe('failed');
    expect(reloaded.getState().messages.at(-1)).toMatchObject({ status: 'failed', siblings: { index: 1, count: 2 } });
    expect(lines(reloaded.getState().messages)).toHaveLength(6);
  });

  it('a line with a failed turn in its middle: a send continues it, and the tree record brings the whole line back', async () => {
    const chat = t.chat();
    await chat.send('add Water plants');
    await chat.send('fail');
    await chat.edit(chat.getState().messages[4]!.id, 'add Buy milk');
    chat.switchBranch(chat.getState().messages[4]!.id, 0);
    expect((await chat.send('add Pay rent')).text).toBe('Added “Pay rent” (task #2).');
    const line = lines(chat.getState().messages);
    expect(line.slice(4, 7)).toEqual(['user:fail', 'model:Let me try that… ', 'user:add Pay rent']);

    const reloaded = t.chat();
    await restoreChatTree(reloaded, JSON.parse(JSON.stringify(exportChatTree(chat))));
    expect(lines(reloaded.getState().messages)).toEqual(line);
    expect(reloaded.getState().messages[5]).toMatchObject({ status: 'failed' });
    expect(titles(reloaded)).toEqual(['Water plants', 'Pay rent']);
    reloaded.switchBranch(reloaded.getState().messages[4]!.id, 1);
    expect(titles(reloaded)).toEqual(['Water plants', 'Buy milk']);
  });
});
