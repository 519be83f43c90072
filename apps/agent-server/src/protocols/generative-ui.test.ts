/**
 * Issue 43 on the three routes of one server: "book a table" answers with an A2UI form whose Book action (the next
 * turn) the agent answers from its values; "chart my tasks" answers with an MCP App the agent server carries; the
 * app's tools/call, sent through the chat, runs a tool.
 */
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, type Transport } from '@agent-chat/core';
import { a2uiAction, a2uiActionMessage, foldA2ui, readA2uiAction, readMcpApp } from '@agent-chat/core/genui';
import { playRecording, recordTransport } from '@agent-chat/testing';
import { EventSchemas } from '@ag-ui/core/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_SURFACE, TASK_CHART_URI } from '../agent/generative-ui.js';
import type { TaskState } from '../agent/task-state.js';
import { startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ tokenDelayMs: 0 });
});
afterAll(() => t.dispose());

const routes: Array<[string, (fetch?: typeof globalThis.fetch) => Transport]> = [
  ['Genkit', (fetch) => genkitTransport({ url: t.server.agentUrl, ...(fetch ? { fetch } : {}) })],
  ['AG-UI', (fetch) => aguiTransport({ url: t.server.aguiUrl, ...(fetch ? { fetch } : {}) })],
  ['AI SDK', (fetch) => aiSdkTransport({ url: t.server.aiSdkUrl, ...(fetch ? { fetch } : {}) })],
];

describe('generative UI from the agent server, on every route', () => {
  it.each(routes)('%s: the booking form, its Book action answered from its values', async (_name, transport) => {
    const chat = createAgentChat<TaskState>({ transport: transport() });
    await chat.send('book a table');
    const fold = foldA2ui(chat.getState().messages.flatMap((message) => message.content));
    const surface = fold.surfaces.get(BOOKING_SURFACE)!;
    expect(surface.error).toBeUndefined();
    expect(surface.dataModel).toMatchObject({ title: 'Book a table', booking: { party: '2', time: '19:30' } });
    // The user fills it in and presses Book: the action, as the renderer sends it.
    const book = readA2uiAction(surface.components.get('book')!.action)!;
    const filled = { ...(surface.dataModel as object), booking: { name: 'Ada', party: '4', time: '20:00' } };
    const action = a2uiAction(book, { surfaceId: BOOKING_SURFACE, sourceComponentId: 'book', dataModel: filled }, new Date(0).toISOString());
    const answer = await chat.send({ message: a2uiActionMessage(action) });
    expect(answer.text).toBe('Booked a table for 4 at 20:00, under the name Ada.');
  });

  it.each(routes)('%s: the task chart as an MCP App, and a tools/call of the app through the chat', async (_name, transport) => {
    const chat = createAgentChat<TaskState>({ transport: transport() });
    await chat.send('add Buy milk');
    await chat.send('chart my tasks');
    const response = chat.getState().messages.flatMap((message) => message.content).find((part) => 'toolResponse' in part && part.toolResponse.name === 'chartTasks');
    const app = readMcpApp(response && 'toolResponse' in response ? response.toolResponse.output : undefined);
    expect(app).toMatchObject({ resourceUri: TASK_CHART_URI, csp: {}, result: { structuredContent: { open: 1, done: 0 } } });
    expect(app && 'html' in app ? app.html : '').toContain("request('ui/initialize'");
    const called = await chat.send('[tools/call] listTasks {}');
    expect(called.text).toContain('Buy milk');
    expect((await chat.send('[tools/call] clearAllTasks {}')).text).toBe('An app may not call clearAllTasks.');
  });

  it.each(routes)('%s: a recorded conversation with both replays to the same surfaces and app', async (_name, transport) => {
    const recorder = recordTransport((fetch) => transport(fetch));
    const live = createAgentChat<TaskState>({ transport: recorder });
    await live.send('book a table');
    await live.send('chart my tasks');
    const { chat } = await playRecording(recorder.recording(), { speed: Infinity });
    const drawn = (messages: ReturnType<typeof live.getState>['messages']) => {
      const parts = messages.flatMap((message) => message.content);
      const response = parts.find((part) => 'toolResponse' in part && part.toolResponse.name === 'chartTasks');
      return { surfaces: [...foldA2ui(parts).surfaces.values()].map(({ origin: _origin, ...surface }) => surface), app: response && 'toolResponse' in response ? readMcpApp(response.toolResponse.output) : undefined };
    };
    const replayed = drawn(chat.getState().messages);
    expect(replayed.surfaces).toHaveLength(1);
    expect(replayed.app).toMatchObject({ resourceUri: TASK_CHART_URI });
    expect(replayed).toEqual(drawn(live.getState().messages));
    if (_name !== 'AG-UI') return;
    // On AG-UI the form is an `a2ui-surface` activity: a snapshot, then deltas appending its updates (valid AG-UI 1.0).
    const events = recorder.recording().turns[0]!.frames.map((frame) => frame.raw).join('').split('\n')
      .filter((line) => line.startsWith('data: ')).map((line) => EventSchemas.parse(JSON.parse(line.slice(6))) as { type: string; activityType?: string; patch?: unknown });
    const surface = events.filter((event) => event.activityType === 'a2ui-surface');
    expect(surface.map((event) => event.type)).toEqual(['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA', 'ACTIVITY_DELTA']);
    expect(surface[1]!.patch).toEqual([{ op: 'add', path: '/a2ui_operations/-', value: expect.objectContaining({ updateComponents: expect.anything() as unknown }) as unknown }]);
  });
});
