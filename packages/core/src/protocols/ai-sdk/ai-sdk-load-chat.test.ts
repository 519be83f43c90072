import { validateUIMessages } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/message.js';
import { fromAiSdkUiMessages } from './ai-sdk-load-chat.js';
import { toAiSdkUiMessages } from './ai-sdk-ui-messages.js';

const text = fc.string({ minLength: 1, maxLength: 20 });
/** One turn: a user message, then model steps each followed by the results of its tool calls. */
const turn = fc.tuple(text, fc.array(fc.tuple(text, fc.array(fc.tuple(fc.constantFrom('addTask', 'search'), fc.integer({ min: 0, max: 99 })), { maxLength: 2 })), { minLength: 1, maxLength: 3 }))
  .map(([question, steps]): Message[] => {
    const messages: Message[] = [{ role: 'user', content: [{ text: question }] }];
    steps.forEach(([answer, calls], stepIndex) => {
      const refs = calls.map(([name, value], callIndex) => ({ name, value, ref: `c${stepIndex}-${callIndex}` }));
      messages.push({ role: 'model', content: [{ text: answer }, ...refs.map(({ name, ref, value }) => ({ toolRequest: { name, ref, input: { value } } }))] });
      if (refs.length > 0) messages.push({ role: 'tool', content: refs.map(({ name, ref, value }) => ({ toolResponse: { name, ref, output: value * 2 } })) });
    });
    return messages;
  });

describe('fromAiSdkUiMessages', () => {
  it('reads back the conversation toAiSdkUiMessages wrote: roles, text, tool calls and their results', () => {
    fc.assert(fc.property(fc.array(turn, { minLength: 1, maxLength: 4 }), (turns) => {
      const history = turns.flat();
      expect(fromAiSdkUiMessages(toAiSdkUiMessages(history, 'chat'))).toEqual(history);
    }));
  });

  it('marks an approval the server still waits for as an interrupt; ignores data parts and malformed entries', () => {
    const messages = fromAiSdkUiMessages([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'clear' }] },
      { id: 'a', role: 'assistant', parts: [
        { type: 'step-start' },
        { type: 'tool-confirmClearAll', toolCallId: 'r1', state: 'approval-requested', input: { question: 'Sure?' }, approval: { id: 'approval-r1' } },
        { type: 'data-artifact', id: 'report', data: {} },
      ] },
      null,
      { role: 'assistant', parts: 'not a list' },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: [{ text: 'clear' }] },
      { role: 'model', content: [{ toolRequest: { name: 'confirmClearAll', ref: 'r1', input: { question: 'Sure?' } }, metadata: { interrupt: { approvalId: 'approval-r1' } } }] },
    ]);
  });

  it('source parts go to the route as source-url / source-document parts the AI SDK validates, and come back the same', async () => {
    const history: Message[] = [
      { role: 'user', content: [{ text: 'cite' }] },
      { role: 'model', content: [
        { text: 'See [1] and [2].' },
        { source: { url: 'https://example.com/a', title: 'A' }, metadata: { sourceId: 's1' } },
        { source: { documentId: 'doc-7', title: 'Manual', mediaType: 'application/pdf' }, metadata: { sourceId: 'doc-7', filename: 'manual.pdf' } },
      ] },
    ];
    const ui = toAiSdkUiMessages(history, 'chat');
    expect(ui[1]!.parts.filter((part) => part.type.startsWith('source-'))).toEqual([
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'A' },
      { type: 'source-document', sourceId: 'doc-7', mediaType: 'application/pdf', title: 'Manual', filename: 'manual.pdf' },
    ]);
    await expect(validateUIMessages({ messages: ui })).resolves.toHaveLength(2);
    expect(fromAiSdkUiMessages(ui)).toEqual(history);
  });

  it('A2UI parts go to the route as data-a2ui parts the AI SDK validates, and come back the same (a reload keeps the surfaces)', async () => {
    const surface = { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' } };
    const history: Message[] = [
      { role: 'user', content: [{ text: 'book a table' }] },
      { role: 'model', content: [{ text: 'Here is a form.' }, { custom: { a2ui: surface } }] },
    ];
    const ui = toAiSdkUiMessages(history, 'chat');
    expect(ui[1]!.parts.filter((part) => part.type === 'data-a2ui')).toEqual([{ type: 'data-a2ui', data: surface }]);
    await expect(validateUIMessages({ messages: ui })).resolves.toHaveLength(2);
    expect(fromAiSdkUiMessages(ui)).toEqual(history);
  });
});
