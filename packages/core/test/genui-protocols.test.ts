/**
 * Agent-sent UI on every protocol: the same A2UI surface and the same MCP App tool result, each carried the way its
 * protocol carries it (Genkit custom parts and tool output, AG-UI activities / CUSTOM events and TOOL_CALL_RESULT,
 * AI SDK `data-a2ui` parts and tool output), end as the same canonical parts in the chat's messages.
 */
import { describe, expect, it } from 'vitest';
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, type Part, type Transport } from '@agent-chat/core';
import { foldA2ui, isA2uiPart, readMcpApp, MCP_APP_MIME_TYPE } from '@agent-chat/core/genui';
import { encode, replayFetch } from './fixtures.js';

const createSurface = { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } };
const updateComponents = { version: 'v0.9', updateComponents: { surfaceId: 'booking', components: [{ id: 'root', component: 'Text', text: { path: '/title' } }] } };
const updateDataModel = { version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/title', value: 'Book a table' } };
const broken = { version: 'v0.7', createSurface: { surfaceId: 'old', catalogId: 'x' } };
const surfaceMessages = [createSurface, updateComponents, updateDataModel, broken];
const appResult = {
  content: [
    { type: 'text', text: '3 open tasks' },
    { type: 'resource', resource: { uri: 'ui://tasks/chart.html', mimeType: MCP_APP_MIME_TYPE, text: '<p>chart</p>' } },
  ],
  structuredContent: { open: 3 },
  _meta: { ui: { resourceUri: 'ui://tasks/chart.html' } },
};

const sse = (values: unknown[]) => [encode(values.map((value) => `data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`).join(''))];
const sseInit = { status: 200, headers: { 'Content-Type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } };

const routes: Array<{ name: string; transport: () => Transport }> = [
  {
    name: 'Genkit (custom parts, tool output)',
    transport: () => genkitTransport({
      url: 'http://agent.test/flow',
      fetch: replayFetch(sse([
        { message: { modelChunk: { role: 'model', index: 0, content: [{ text: 'Here you go.' }, ...surfaceMessages.map((a2ui) => ({ custom: { a2ui } }))] } } },
        { message: { modelChunk: { role: 'model', index: 0, content: [{ toolRequest: { name: 'chartTasks', ref: 'c1', input: {} } }] } } },
        { message: { modelChunk: { role: 'tool', index: 1, content: [{ toolResponse: { name: 'chartTasks', ref: 'c1', output: appResult } }] } } },
        { message: { turnEnd: { snapshotId: 'snap-1', finishReason: 'stop' } } },
      ]), sseInit),
    }),
  },
  {
    name: 'AG-UI (a2ui-surface activity snapshots, CUSTOM a2ui, TOOL_CALL_RESULT)',
    transport: () => aguiTransport({
      url: 'http://agent.test/agui',
      fetch: replayFetch(sse([
        { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
        { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Here you go.' },
        { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
        // A snapshot, then the same activity grown by two messages (only the new ones are added).
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'a2ui-surface', content: { a2ui_operations: [createSurface] } },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'a1', activityType: 'a2ui-surface', content: { a2ui_operations: [createSurface, updateComponents, updateDataModel] } },
        { type: 'CUSTOM', name: 'a2ui', value: [broken] },
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'chartTasks', parentMessageId: 'm1' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        { type: 'TOOL_CALL_RESULT', messageId: 'tm1', toolCallId: 'c1', content: JSON.stringify(appResult), role: 'tool' },
        { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
      ]), sseInit),
    }),
  },
  {
    name: 'AI SDK (data-a2ui parts, tool output)',
    transport: () => aiSdkTransport({
      url: 'http://agent.test/chat',
      fetch: replayFetch(sse([
        { type: 'start', messageId: 'm1' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Here you go.' },
        { type: 'text-end', id: 't' },
        { type: 'data-a2ui', data: [createSurface, updateComponents] },
        { type: 'data-a2ui', id: 'booking', data: updateDataModel },
        { type: 'data-a2ui', data: broken, transient: true },
        { type: 'tool-input-available', toolCallId: 'c1', toolName: 'chartTasks', input: {} },
        { type: 'tool-output-available', toolCallId: 'c1', output: appResult },
        { type: 'finish' },
        '[DONE]',
      ]), sseInit),
    }),
  },
];

describe('generative UI on every protocol', () => {
  it.each(routes)('$name: the surface and the app end as the same canonical parts', async ({ transport }) => {
    const chat = createAgentChat({ transport: transport() });
    await chat.send('book a table and chart my tasks');
    const state = chat.getState();
    expect(state.status).toBe('ready');
    const parts: Part[] = state.messages.flatMap((message) => message.content);
    expect(parts.filter(isA2uiPart).map((part) => part.custom.a2ui)).toEqual(surfaceMessages);
    const fold = foldA2ui(parts);
    const surface = fold.surfaces.get('booking')!;
    expect(surface.error).toBeUndefined();
    expect(surface.dataModel).toEqual({ title: 'Book a table' });
    expect([...surface.components.keys()]).toEqual(['root']);
    // The v0.7 message is an error of its own part; the text and the rest of the turn are intact.
    expect([...fold.placements.values()].filter((placement) => 'error' in placement)).toEqual([
      { error: { code: 'unknown-version', message: expect.stringContaining('v0.7') as unknown, surfaceId: 'old' } },
    ]);
    expect(parts.some((part) => 'text' in part && part.text === 'Here you go.')).toBe(true);
    const response = parts.find((part) => 'toolResponse' in part);
    expect(response && 'toolResponse' in response ? readMcpApp(response.toolResponse.output) : undefined).toMatchObject({
      resourceUri: 'ui://tasks/chart.html',
      html: '<p>chart</p>',
      result: { structuredContent: { open: 3 } },
    });
  });
});
