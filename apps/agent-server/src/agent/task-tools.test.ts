import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskState } from './task-state.js';
import { startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

describe('task tools through createAgentChat + genkitTransport', () => {
  it('adds tasks: custom.tasks arrives live as patches, before the closing text', async () => {
    const chat = t.chat();
    const seen: Array<{ kind: 'custom'; custom: TaskState } | { kind: 'text'; text: string }> = [];
    const first = await chat.sendStream('add Buy milk', (chunk) => {
      if (chunk.custom) seen.push({ kind: 'custom', custom: structuredClone(chunk.custom) });
      if (chunk.text) seen.push({ kind: 'text', text: chunk.text });
    });
    expect(first.error).toBeNull();
    expect(first.finishReason).toBe('stop');
    expect(first.text).toBe('Added “Buy milk” (task #1).');
    const firstCustom = seen.findIndex((entry) => entry.kind === 'custom');
    const firstText = seen.findIndex((entry) => entry.kind === 'text');
    expect(firstCustom).toBeGreaterThanOrEqual(0);
    expect(firstCustom).toBeLessThan(firstText);
    expect(seen[firstCustom]).toEqual({ kind: 'custom', custom: { tasks: [{ id: 1, title: 'Buy milk', done: false }], nextId: 2 } });
    expect(seen.filter((entry) => entry.kind === 'text').length).toBeGreaterThan(2); // streamed token by token

    const customs: TaskState[] = [];
    const second = await chat.sendStream('Add a task Walk the dog', (chunk) => {
      if (chunk.custom) customs.push(structuredClone(chunk.custom));
    });
    expect(second.text).toBe('Added “Walk the dog” (task #2).');
    expect(customs.at(-1)).toEqual({
      tasks: [
        { id: 1, title: 'Buy milk', done: false },
        { id: 2, title: 'Walk the dog', done: false },
      ],
      nextId: 3,
    });
    expect(chat.getState().custom).toEqual(customs.at(-1));
    expect(chat.getState().sessionId).toBe(first.sessionId);
    // The tool call is visible to the client as a request and a response.
    const toolParts = chat.getState().messages.flatMap((message) => message.content);
    expect(toolParts.some((part) => 'toolRequest' in part && part.toolRequest.name === 'addTask')).toBe(true);
    expect(toolParts.some((part) => 'toolResponse' in part && part.toolResponse.name === 'addTask')).toBe(true);
  });

  it('completes a task by number, and says so when there is no such task', async () => {
    const chat = t.chat();
    await chat.send('add Buy milk');
    await chat.send('add Pay rent');
    const done = await chat.send('Complete 2');
    expect(done.text).toBe('Marked “Pay rent” (task #2) as done.');
    expect(chat.getState().custom?.tasks).toEqual([
      { id: 1, title: 'Buy milk', done: false },
      { id: 2, title: 'Pay rent', done: true },
    ]);
    expect((await chat.send('done 2')).text).toBe('Task #2 (“Pay rent”) was already done.');
    expect((await chat.send('done 9')).text).toMatch(/^There is no task #9\./);
    expect(chat.getState().custom?.tasks.map((task) => task.done)).toEqual([false, true]);
  });

  it('writes report.md as an artifact, then revises it under the same name', async () => {
    const chat = t.chat();
    await chat.send('add Buy milk');
    await chat.send('add Pay rent');
    const artifactChunks: string[] = [];
    const first = await chat.sendStream('write a report', (chunk) => {
      if (chunk.artifact?.name) artifactChunks.push(chunk.artifact.name);
    });
    expect(first.text).toBe("I wrote report.md with 2 tasks. You'll find it with the artifacts.");
    expect(artifactChunks).toEqual(['report.md']);
    let artifacts = chat.getState().artifacts;
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]).toMatchObject({ name: 'report.md', metadata: { contentType: 'text/markdown', revision: 1 } });
    const text1 = (artifacts[0]!.parts[0] as { text: string }).text;
    expect(text1).toContain('# Task report');
    expect(text1).toContain('- [ ] #1 Buy milk');
    expect(text1).toContain('- [ ] #2 Pay rent');

    await chat.send('complete 1');
    const second = await chat.send('Report again please');
    expect(second.text).toBe('I revised report.md (revision 2, 2 tasks).');
    artifacts = chat.getState().artifacts;
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]).toMatchObject({ name: 'report.md', metadata: { revision: 2 } });
    const text2 = (artifacts[0]!.parts[0] as { text: string }).text;
    expect(text2).toContain('Revision 2');
    expect(text2).toContain('- [x] #1 Buy milk');
    // The server's own view agrees: one artifact, the revision.
    const snapshot = await chat.getSnapshot({ sessionId: chat.getState().sessionId! });
    expect(snapshot.state?.artifacts).toHaveLength(1);
    expect(snapshot.state?.artifacts[0]?.metadata).toMatchObject({ revision: 2 });
  });

  it('answers anything else with a help text that lists what it can do', async () => {
    const response = await t.chat().send('hello there');
    expect(response.finishReason).toBe('stop');
    for (const word of ['add', 'complete', 'report', 'clear', 'long', 'fail']) expect(response.text).toContain(`**${word}**`);
  });
});
