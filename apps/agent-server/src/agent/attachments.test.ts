import { HttpAgent } from '@ag-ui/client';
import { aguiTransport, aiSdkTransport, createAgentChat, genkitTransport, tnsaiTransport, type Part, type Transport } from '@agent-chat/core';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideReply, describeAttachment, formatBytes } from './scripted-replies.js';
import { startTestServer, type TestServer } from '../test-support.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.dispose());

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_URL = `data:image/png;base64,${PNG_BASE64}`;
const image: Part = { media: { url: PNG_URL, contentType: 'image/png' }, metadata: { filename: 'dot.png' } };
const pdf: Part = { media: { url: `data:application/pdf;base64,${Buffer.alloc(3000).toString('base64')}`, contentType: 'application/pdf' }, metadata: { filename: 'notes.pdf' } };
const ACKNOWLEDGEMENT = [
  'I received 2 attachments:',
  '- **dot.png** (image/png, 70 B)',
  '- **notes.pdf** (application/pdf, 2.9 KB)',
  '',
  "I'm a scripted assistant, so I can't look inside files, but they're saved with this chat.",
].join('\n');

describe('the scripted model acknowledges attachments', () => {
  it('names each attachment with its type and size (data: URLs measured, other URLs named by their path)', () => {
    expect(decideReply([{ role: 'user', content: [image, pdf, { text: 'What are these?' }] }])).toEqual({ kind: 'text', text: ACKNOWLEDGEMENT });
    expect(describeAttachment({ media: { url: 'https://files.example.com/a/report%20v2.pdf?sig=1' } })).toEqual({ name: 'report%20v2.pdf', type: 'application/octet-stream', bytes: null });
    expect(describeAttachment({ media: { url: 'data:text/plain,hi%20there' } })).toEqual({ name: 'attachment', type: 'text/plain', bytes: 8 });
    expect([formatBytes(70), formatBytes(3000), formatBytes(5 * 1024 * 1024)]).toEqual(['70 B', '2.9 KB', '5 MB']);
    // Only the newest user message counts: a later text command is answered as usual.
    expect(decideReply([{ role: 'user', content: [image] }, { role: 'model', content: [{ text: 'ok' }] }, { role: 'user', content: [{ text: 'add Milk' }] }]))
      .toMatchObject({ kind: 'tool', name: 'addTask' });
  });

  const transports: Array<[string, () => Transport]> = [
    ['Genkit', () => genkitTransport({ url: t.server.agentUrl })],
    ['AG-UI', () => aguiTransport({ url: t.server.aguiUrl })],
    ['AI SDK', () => aiSdkTransport({ url: t.server.aiSdkUrl })],
  ];
  it.each(transports)('%s: the kit sends an image and a PDF, the agent names them, and the next turn still works', async (_name, transport) => {
    const chat = createAgentChat({ transport: transport() });
    const response = await chat.send({ message: { role: 'user', content: [image, pdf, { text: 'What are these?' }] } });
    expect(response).toMatchObject({ finishReason: 'stop', error: null, text: ACKNOWLEDGEMENT });
    // The conversation (re-sent in full by AG-UI and the AI SDK) goes on.
    expect((await chat.send('add Buy milk')).text).toBe('Added “Buy milk” (task #1).');
  });

  it("the ai package's own DefaultChatTransport sends a file part the route acknowledges", async () => {
    const transport = new DefaultChatTransport<UIMessage>({ api: t.server.aiSdkUrl });
    const messages: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'file', mediaType: 'image/png', filename: 'dot.png', url: PNG_URL }, { type: 'text', text: 'Look' }] }];
    const stream = await transport.sendMessages({ chatId: `ref-attach-${Date.now()}`, messages, trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    let message: UIMessage | undefined;
    for await (const snapshot of readUIMessageStream<UIMessage>({ stream, onError: (error) => { throw error; } })) message = snapshot;
    const text = message!.parts.filter((part) => part.type === 'text').map((part) => part.text).join('');
    expect(text).toContain('- **dot.png** (image/png, 70 B)');
  });

  it("@ag-ui/client's HttpAgent sends an image content part the route acknowledges", async () => {
    const agent = new HttpAgent({ url: t.server.aguiUrl, threadId: `ref-attach-${Date.now()}` });
    agent.messages = [{
      id: 'u1',
      role: 'user',
      content: [{ type: 'image', source: { type: 'data', value: PNG_BASE64, mimeType: 'image/png' }, metadata: { filename: 'dot.png' } }, { type: 'text', text: 'Look' }],
    }];
    await agent.runAgent();
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringContaining('- **dot.png** (image/png, 70 B)') });
  });

  it('TnsAI: the kit refuses to send attachments (its requests carry text only) before any request', async () => {
    const chat = createAgentChat({ transport: tnsaiTransport({ url: `${t.server.agentUrl}/never` }) });
    const response = await chat.send({ message: { role: 'user', content: [image] } });
    expect(response.finishReason).toBe('failed');
    expect(chat.getState().error).toMatchObject({ code: 'unsupported' });
  });
});
