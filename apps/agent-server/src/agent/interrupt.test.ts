import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

async function chatWithTwoTasks() {
  const chat = t.chat();
  await chat.send('add Buy milk');
  await chat.send('add Pay rent');
  return chat;
}

describe('clear all: the confirmClearAll interrupt', () => {
  it('asks for confirmation and clears nothing yet', async () => {
    const chat = await chatWithTwoTasks();
    const response = await chat.send('Clear everything');
    expect(response.finishReason).toBe('interrupted');
    expect(response.interrupts).toHaveLength(1);
    expect(response.interrupts[0]!.toolRequest).toMatchObject({
      name: 'confirmClearAll',
      input: { question: 'Clear all tasks? This cannot be undone.' },
    });
    expect(response.interrupts[0]!.metadata?.interrupt).toBeTruthy();
    expect(chat.getState().interrupts).toHaveLength(1);
    expect(chat.getState().custom?.tasks).toHaveLength(2);
  });

  it('resumed with "yes": the model calls clearAllTasks and the list empties live', async () => {
    const chat = await chatWithTwoTasks();
    await chat.send('clear');
    const customs: unknown[] = [];
    const response = await chat.resume([{ text: 'yes' }], { onChunk: (chunk) => chunk.custom && customs.push(chunk.custom) });
    expect(response.error).toBeNull();
    expect(response.finishReason).toBe('stop');
    expect(response.text).toBe('Done: I cleared all 2 tasks. The list is empty.');
    expect(customs.at(-1)).toEqual({ tasks: [], nextId: 3 });
    expect(chat.getState().custom).toEqual({ tasks: [], nextId: 3 });
    expect(chat.getState().interrupts).toEqual([]);
    const calls = chat.getState().messages.flatMap((m) => m.content).filter((p) => 'toolRequest' in p).map((p) => (p as { toolRequest: { name: string } }).toolRequest.name);
    expect(calls).toContain('clearAllTasks');
  });

  it('resumed with a toolResponse output true: also clears', async () => {
    const chat = await chatWithTwoTasks();
    const asked = await chat.send('please clear all tasks');
    const { name, ref } = asked.interrupts[0]!.toolRequest;
    const response = await chat.resume([{ toolResponse: { name, ...(ref !== undefined && { ref }), output: true } }]);
    expect(response.text).toMatch(/^Done: I cleared all 2 tasks/);
    expect(chat.getState().custom?.tasks).toEqual([]);
  });

  it('resumed with "no" (or false): replies that nothing was cleared and keeps the tasks', async () => {
    for (const answer of [{ text: 'no' }, { data: false }]) {
      const chat = await chatWithTwoTasks();
      await chat.send('clear');
      const response = await chat.resume([answer]);
      expect(response.finishReason).toBe('stop');
      expect(response.text).toBe('Okay, nothing was cleared. Your tasks are still there.');
      expect(chat.getState().custom?.tasks).toHaveLength(2);
      const calls = chat.getState().messages.flatMap((m) => m.content).filter((p) => 'toolRequest' in p).map((p) => (p as { toolRequest: { name: string } }).toolRequest.name);
      expect(calls).not.toContain('clearAllTasks');
      // And the chat goes on.
      expect((await chat.send('add Call mom')).text).toBe('Added “Call mom” (task #3).');
    }
  });
});
