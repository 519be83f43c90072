/**
 * A user message with attachments (an image and a PDF as `data:` URLs, named in `metadata.filename`) in each
 * protocol's request, checked against the peers' own validators where they exist: `@ag-ui/core`'s RunAgentInput
 * schema and the `ai` package's `validateUIMessages` / `convertToModelMessages`.
 */
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { convertToModelMessages, validateUIMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { createAgentChat, type AgentChatError, type Message, type Part } from '@agent-chat/core';
import { buildAgentFlowRequestBody } from '../src/protocols/agentflow/agentflow-request.js';
import { buildAguiRunInput } from '../src/protocols/agui/agui-request.js';
import { partsOfContent } from '../src/protocols/agui/agui-content.js';
import { buildAiSdkRequestBody } from '../src/protocols/ai-sdk/ai-sdk-request.js';
import { fromAiSdkUiMessages } from '../src/protocols/ai-sdk/ai-sdk-load-chat.js';
import { buildGenkitRequestBody } from '../src/protocols/genkit/genkit-request.js';
import { buildTnsaiRequestBody } from '../src/protocols/tnsai/tnsai-request.js';
import { tnsaiTransport } from '../src/protocols/tnsai/tnsai-transport.js';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PDF_BASE64 = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
const image: Part = { media: { url: `data:image/png;base64,${PNG_BASE64}`, contentType: 'image/png' }, metadata: { filename: 'dot.png' } };
const pdf: Part = { media: { url: `data:application/pdf;base64,${PDF_BASE64}`, contentType: 'application/pdf' }, metadata: { filename: 'notes.pdf' } };
const message: Message = { role: 'user', content: [{ text: 'What is in these?' }, image, pdf] };

describe('attachments in each protocol', () => {
  it('Genkit: the media parts go as they are, `{media: {url, contentType}}` with the file name in the part metadata', () => {
    const body = buildGenkitRequestBody({ input: { message }, snapshotId: null, sessionId: 's1', state: null });
    expect(body.data.message!.content).toEqual([
      { text: 'What is in these?' },
      { media: { url: `data:image/png;base64,${PNG_BASE64}`, contentType: 'image/png' }, metadata: { filename: 'dot.png' } },
      { media: { url: `data:application/pdf;base64,${PDF_BASE64}`, contentType: 'application/pdf' }, metadata: { filename: 'notes.pdf' } },
    ]);
  });

  it('AI SDK: `file` parts with mediaType, filename and url, which the ai package validates and converts for a model', async () => {
    const body = buildAiSdkRequestBody({ input: { message }, history: [] }, 'chat-1');
    expect(body.messages[0]!.parts).toEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'file', mediaType: 'image/png', filename: 'dot.png', url: `data:image/png;base64,${PNG_BASE64}` },
      { type: 'file', mediaType: 'application/pdf', filename: 'notes.pdf', url: `data:application/pdf;base64,${PDF_BASE64}` },
    ]);
    const validated = await validateUIMessages({ messages: body.messages as unknown as UIMessage[] });
    const [modelMessage] = await convertToModelMessages(validated);
    const files = (modelMessage!.content as Array<{ type: string; filename?: string; mediaType?: string }>).filter((part) => part.type === 'file');
    expect(files.map(({ filename, mediaType }) => ({ filename, mediaType }))).toEqual([
      { filename: 'dot.png', mediaType: 'image/png' },
      { filename: 'notes.pdf', mediaType: 'application/pdf' },
    ]);
    // A stored chat read back keeps the names.
    expect(fromAiSdkUiMessages(body.messages)[0]!.content).toEqual(message.content);
  });

  it('AG-UI: image and document content parts with inline data sources, valid RunAgentInput; decoded back with their names', () => {
    const input = buildAguiRunInput({ input: { message }, history: [], sessionId: 't1', custom: {}, interrupts: [] }, { runId: 'r1' });
    expect(input.messages[0]).toEqual({
      id: 't1:0',
      role: 'user',
      content: [
        { type: 'text', text: 'What is in these?' },
        { type: 'image', source: { type: 'data', value: PNG_BASE64, mimeType: 'image/png' }, metadata: { filename: 'dot.png' } },
        { type: 'document', source: { type: 'data', value: PDF_BASE64, mimeType: 'application/pdf' }, metadata: { filename: 'notes.pdf' } },
      ],
    });
    expect(RunAgentInputSchema.safeParse(input).success).toBe(true);
    const [user] = input.messages;
    expect(partsOfContent((user as { content: unknown }).content)).toEqual(message.content);
  });

  it('AgentFlow: image and document blocks carrying the bytes inline (`kind: data`)', () => {
    const body = buildAgentFlowRequestBody({ input: { message }, sessionId: null });
    expect((body.messages as Array<{ content: unknown[] }>)[0]!.content).toEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'image', media: { kind: 'data', data_base64: PNG_BASE64, mime_type: 'image/png' } },
      { type: 'document', media: { kind: 'data', data_base64: PDF_BASE64, mime_type: 'application/pdf' } },
    ]);
  });

  it('TnsAI: its request carries text only, so a message with attachments is refused as `unsupported`, nothing is sent', async () => {
    expect(() => buildTnsaiRequestBody({ input: { message }, history: [] }, 's1')).toThrow(expect.objectContaining({ code: 'unsupported' }));
    let requests = 0;
    const errors: AgentChatError[] = [];
    const chat = createAgentChat({
      transport: tnsaiTransport({ url: 'http://127.0.0.1:9/chat', fetch: async () => { requests++; throw new Error('not reached'); } }),
      onError: (error) => errors.push(error),
    });
    const response = await chat.send({ message });
    expect(requests).toBe(0);
    expect(response.finishReason).toBe('failed');
    expect(chat.getState().error?.code).toBe('unsupported');
    expect(errors.map((error) => error.code)).toEqual(['unsupported']);
    // Text alone still goes.
    expect(buildTnsaiRequestBody({ input: { message: { role: 'user', content: [{ text: 'hi' }] } }, history: [] }, 's1').message).toBe('hi');
  });
});
