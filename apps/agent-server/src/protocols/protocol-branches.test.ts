/** Regenerate, edit, switchBranch and send through the kit's own AG-UI and AI SDK transports, against the real server. */
import { aguiTransport, aiSdkTransport, createAgentChat, textOf, type AgentChat, type ChatMessage } from '@agent-chat/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskState } from '../agent/task-state.js';
import { postJson, startTestServer, type TestServer } from '../test-support.js';
import { versionTree } from '@agent-chat/core';

let t: TestServer;
let slow: TestServer; // a real pace, so that Stop lands mid-answer
beforeAll(async () => {
  [t, slow] = await Promise.all([startTestServer(), startTestServer({ tokenDelayMs: 5 })]);
});
afterAll(() => Promise.all([t.dispose(), slow.dispose()]));

const PROTOCOLS = {
  'AG-UI': (server = t) => createAgentChat<TaskState>({ features: [versionTree()], transport: aguiTransport({ url: server.server.aguiUrl }) }),
  'AI SDK': (server = t) => createAgentChat<TaskState>({ features: [versionTree()], transport: aiSdkTransport({ url: server.server.aiSdkUrl }) }),
};

const userTexts = (messages: readonly ChatMessage[]) => messages.filter((message) => message.role === 'user').map((message) => textOf(message.content));
const answers = (messages: readonly ChatMessage[]) => messages.filter((message) => message.role === 'model').map((message) => textOf(message.content)).filter(Boolean);
const titles = (chat: AgentChat<TaskState>) => chat.getState().custom?.tasks.map((task) => task.title);
const secondUser = (chat: AgentChat<TaskState>) => chat.getState().messages.filter((message) => message.role === 'user')[1]!;

/** The stored session's user messages and task titles, read over the Genkit route. */
async function stored(sessionId: string, server = t) {
  const response = (await (await postJson(`${server.server.agentUrl}/getSnapshot`, { data: { sessionId } }, false)).json()) as {
    result: { state: { messages: Array<{ role: string; content: Array<{ text?: string }> }>; custom: TaskState } };
  };
  const { messages, custom } = response.result.state;
  return {
    users: messages.filter((message) => message.role === 'user').map((message) => message.content.map((part) => part.text ?? '').join('')),
    titles: custom.tasks.map((task) => task.title),
  };
}

describe.each(Object.entries(PROTOCOLS))('branches through the kit over %s', (_name, chatOn) => {
  it('regenerate, five edits, switchBranch, then send continues the shown line (client and stored session agree)', async () => {
    const chat = chatOn();
    await chat.send('add Water plants');
    await chat.send('add Buy milk');
    const sessionId = chat.getState().sessionId!;

    const regenerated = await chat.regenerate();
    expect(regenerated).toMatchObject({ error: null, text: 'Added “Buy milk” (task #2).' });
    expect(titles(chat)).toEqual(['Water plants', 'Buy milk']);
    expect(await stored(sessionId)).toEqual({ users: ['add Water plants', 'add Buy milk'], titles: ['Water plants', 'Buy milk'] });

    for (let n = 1; n <= 5; n++) {
      const response = await chat.edit(secondUser(chat).id, `add Chore ${n}`);
      expect(response).toMatchObject({ error: null, text: `Added “Chore ${n}” (task #2).` });
      expect(titles(chat)).toEqual(['Water plants', `Chore ${n}`]);
      expect(await stored(sessionId)).toEqual({ users: ['add Water plants', `add Chore ${n}`], titles: ['Water plants', `Chore ${n}`] });
    }
    expect(secondUser(chat).siblings).toEqual({ index: 5, count: 6 });

    // Back to the line of the third edit: its messages and tasks; a send continues it, on the server too.
    chat.switchBranch(secondUser(chat).id, 3);
    expect(userTexts(chat.getState().messages)).toEqual(['add Water plants', 'add Chore 3']);
    expect(titles(chat)).toEqual(['Water plants', 'Chore 3']);
    const continued = await chat.send('add Extra');
    expect(continued).toMatchObject({ error: null, text: 'Added “Extra” (task #3).' });
    expect(titles(chat)).toEqual(['Water plants', 'Chore 3', 'Extra']);
    expect(answers(chat.getState().messages)).toEqual(['Added “Water plants” (task #1).', 'Added “Chore 3” (task #2).', 'Added “Extra” (task #3).']);
    expect(await stored(sessionId)).toEqual({ users: ['add Water plants', 'add Chore 3', 'add Extra'], titles: ['Water plants', 'Chore 3', 'Extra'] });

    // The original line (index 0) still continues from its own point.
    chat.switchBranch(secondUser(chat).id, 0);
    expect(titles(chat)).toEqual(['Water plants', 'Buy milk']);
    await chat.send('complete 2');
    expect(chat.getState().custom?.tasks).toEqual([{ id: 1, title: 'Water plants', done: false }, { id: 2, title: 'Buy milk', done: true }]);
    expect(await stored(sessionId)).toEqual({ users: ['add Water plants', 'add Buy milk', 'complete 2'], titles: ['Water plants', 'Buy milk'] });
  });

  it('the first turn runs again in a new session (the kit forks from nothing that way); the old line still continues', async () => {
    const chat = chatOn();
    await chat.send('add Water plants');
    await chat.send('add Buy milk');
    const sessionId = chat.getState().sessionId!;
    expect(await chat.edit(chat.getState().messages[0]!.id, 'add Bread')).toMatchObject({ error: null, text: 'Added “Bread” (task #1).' });
    expect(titles(chat)).toEqual(['Bread']);
    expect(chat.getState().sessionId).not.toBe(sessionId);
    expect(await stored(chat.getState().sessionId!)).toEqual({ users: ['add Bread'], titles: ['Bread'] });
    expect(await chat.regenerate()).toMatchObject({ error: null, text: 'Added “Bread” (task #1).' });
    chat.switchBranch(chat.getState().messages[0]!.id, 0);
    expect(chat.getState().sessionId).toBe(sessionId);
    await chat.send('add Pay rent');
    expect(titles(chat)).toEqual(['Water plants', 'Buy milk', 'Pay rent']);
    expect(await stored(sessionId)).toEqual({ users: ['add Water plants', 'add Buy milk', 'add Pay rent'], titles: ['Water plants', 'Buy milk', 'Pay rent'] });
  });

  it('a failed turn after a good one: send continues the last good state; retry runs it from there', async () => {
    const chat = chatOn();
    await chat.send('add Water plants');
    expect((await chat.send('fail')).finishReason).toBe('failed');
    expect((await chat.retry()).finishReason).toBe('failed');
    expect(await chat.send('add Buy milk')).toMatchObject({ error: null, text: 'Added “Buy milk” (task #2).' });
    expect(titles(chat)).toEqual(['Water plants', 'Buy milk']);
    // The failed turns stay in what the client shows and sends; the server skips them (they have no snapshot).
    expect(await chat.send('add Pay rent')).toMatchObject({ error: null, text: 'Added “Pay rent” (task #3).' });
    const buyMilk = chat.getState().messages.find((message) => message.role === 'user' && textOf(message.content) === 'add Buy milk')!;
    expect(await chat.edit(buyMilk.id, 'add Tea')).toMatchObject({ error: null, text: 'Added “Tea” (task #2).' });
    expect(titles(chat)).toEqual(['Water plants', 'Tea']);
    expect(await stored(chat.getState().sessionId!)).toEqual({ users: ['add Water plants', 'add Tea'], titles: ['Water plants', 'Tea'] });
  });

  it('a turn stopped mid-answer stays in what the client sends; later turns and an edit after it run from the right point', async () => {
    const chat = chatOn(slow);
    await chat.send('add Water plants');
    const story = chat.send('tell me a long story');
    await vi.waitFor(() => expect(textOf(chat.getState().messages.at(-1)!.content).length).toBeGreaterThan(20), { timeout: 10_000 });
    await chat.stop();
    expect((await story).finishReason).toBe('aborted');
    // The server ends the turn stop() cancelled (explicit synchronisation, not a race).
    await vi.waitFor(() => expect(slow.lines.at(-1)).toMatch(new RegExp(`session=${chat.getState().sessionId} finishReason=failed \\(cancelled\\)`)), { timeout: 15_000 });
    expect(await chat.send('add Buy milk')).toMatchObject({ error: null, text: 'Added “Buy milk” (task #2).' });
    expect(await chat.send('add Pay rent')).toMatchObject({ error: null, text: 'Added “Pay rent” (task #3).' });
    const buyMilk = chat.getState().messages.find((message) => message.role === 'user' && textOf(message.content) === 'add Buy milk')!;
    expect(await chat.edit(buyMilk.id, 'add Tea')).toMatchObject({ error: null, text: 'Added “Tea” (task #2).' });
    expect(await stored(chat.getState().sessionId!, slow)).toEqual({ users: ['add Water plants', 'add Tea'], titles: ['Water plants', 'Tea'] });
  });

  it('after a stopped first turn, regenerate and edit of the turn after it fork from the start (the stopped turn is all the client sends before it)', async () => {
    const chat = chatOn(slow);
    const story = chat.send('tell me a long story');
    await vi.waitFor(() => expect(textOf(chat.getState().messages.at(-1)!.content).length).toBeGreaterThan(20), { timeout: 10_000 });
    await chat.stop();
    expect((await story).finishReason).toBe('aborted');
    const sessionId = chat.getState().sessionId!;
    await vi.waitFor(() => expect(slow.lines.at(-1)).toMatch(new RegExp(`session=${sessionId} finishReason=failed \\(cancelled\\)`)), { timeout: 15_000 });
    expect(await chat.send('add Buy milk')).toMatchObject({ error: null, text: 'Added “Buy milk” (task #1).' });
    // A rerun sends the stopped turn and nothing the session completed: it runs from an empty history, not on top of task #1.
    expect(await chat.regenerate()).toMatchObject({ error: null, text: 'Added “Buy milk” (task #1).' });
    expect(titles(chat)).toEqual(['Buy milk']);
    expect(await stored(sessionId, slow)).toEqual({ users: ['add Buy milk'], titles: ['Buy milk'] });
    expect(await chat.edit(secondUser(chat).id, 'add Tea')).toMatchObject({ error: null, text: 'Added “Tea” (task #1).' });
    expect(titles(chat)).toEqual(['Tea']);
    expect(await stored(sessionId, slow)).toEqual({ users: ['add Tea'], titles: ['Tea'] });
    expect(answers(chat.getState().messages).at(0)!.length).toBeGreaterThan(20); // the stopped answer stays shown
  });
});
