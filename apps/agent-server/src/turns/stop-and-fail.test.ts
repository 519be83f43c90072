import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORY_TEXT } from '../agent/scripted-replies.js';
import { startTestServer, type TestServer } from '../test-support.js';

let t: TestServer; // a real pace, so that Stop lands mid-answer
let fast: TestServer;
beforeAll(async () => {
  [t, fast] = await Promise.all([startTestServer({ tokenDelayMs: 5 }), startTestServer({ tokenDelayMs: 0 })]);
});
afterAll(() => Promise.all([t.dispose(), fast.dispose()]));

describe('long answers, Stop and failing turns', () => {
  it('streams a long answer (~300 tokens) in full when not stopped', async () => {
    let chunks = 0;
    const response = await fast.chat().sendStream('tell me a long story', (chunk) => {
      if (chunk.text) chunks++;
    });
    expect(response.text).toBe(STORY_TEXT);
    expect(chunks).toBeGreaterThan(250);
  });

  it('stop() mid-answer keeps the partial text, the server stops the turn, and the next send works', async () => {
    const chat = t.chat();
    await chat.send('add Buy milk');
    const linesBefore = t.lines.length;
    let tokens = 0;
    const response = await chat.sendStream('Story time', (chunk) => {
      if (chunk.text && ++tokens === 20) void chat.stop();
    });
    expect(response.finishReason).toBe('aborted');
    const last = chat.getState().messages.at(-1)!;
    expect(last.role).toBe('model');
    expect(last.status).toBe('aborted');
    const partial = last.content.map((part) => ('text' in part ? part.text : '')).join('');
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(STORY_TEXT.length / 2);
    expect(STORY_TEXT.startsWith(partial)).toBe(true);
    expect(chat.getState().status).toBe('ready');

    // stop() cancelled the turn on the server (its cancel route; closing the request alone no longer stops it): the turn ends as a failed (not
    // completed) turn, so the story is not saved as if it had been told in full.
    await vi.waitFor(() => expect(t.lines.length).toBe(linesBefore + 1), { timeout: 15_000 });
    expect(t.lines.at(-1)).toMatch(/finishReason=failed \(cancelled\) \d+ms error="INTERNAL The turn was stopped\."$/);

    const next = await chat.send('add Bread');
    expect(next.error).toBeNull();
    expect(next.text).toBe('Added “Bread” (task #2).');
    expect(chat.getState().custom?.tasks.map((task) => task.title)).toEqual(['Buy milk', 'Bread']);
  });

  it('"fail" ends the turn with a typed error, keeps the history, and the next send works', async () => {
    const chat = fast.chat();
    await chat.send('add Buy milk');
    const chunks: unknown[] = [];
    const failed = await chat.sendStream('now fail please', (chunk) => chunks.push(chunk));
    expect(failed.finishReason).toBe('failed');
    expect(failed.error).toMatchObject({ name: 'AgentChatError', code: 'server-error' });
    expect(failed.error?.message).toContain('failed on purpose');
    expect(chunks.at(-1)).toMatchObject({ turnEnd: { finishReason: 'failed' } });
    expect(chat.getState().status).toBe('error');
    expect(chat.getState().error?.code).toBe('server-error');

    const next = await chat.send('add Bread');
    expect(next.error).toBeNull();
    expect(next.text).toBe('Added “Bread” (task #2).');
    expect(chat.getState().status).toBe('ready');
    expect(chat.getState().messages.filter((m) => m.role === 'user').map((m) => m.content[0])).toEqual([
      { text: 'add Buy milk' },
      { text: 'now fail please' },
      { text: 'add Bread' },
    ]);
    // "boom" fails the same way.
    expect((await chat.send('BOOM')).error?.code).toBe('server-error');
  });
});
