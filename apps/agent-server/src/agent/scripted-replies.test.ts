import type { MessageData } from 'genkit/beta';
import { describe, expect, it } from 'vitest';
import { decideReply, HELP_TEXT, STORY_TEXT, tokenize } from './scripted-replies.js';
import { DIAGRAM_TEXT } from './rich-reply.js';
import { isConfirmation } from './tools.js';

const user = (text: string): MessageData => ({ role: 'user', content: [{ text }] });
const toolAnswer = (name: string, output: unknown): MessageData => ({ role: 'tool', content: [{ toolResponse: { name, ref: 'r', output } }] });

describe('decideReply (the scripted model, by the last user message)', () => {
  it.each([
    ['add Buy milk', { kind: 'tool', name: 'addTask', input: { title: 'Buy milk' } }],
    ['ADD A TASK Walk the dog', { kind: 'tool', name: 'addTask', input: { title: 'Walk the dog' } }],
    ['add Alpha release', { kind: 'tool', name: 'addTask', input: { title: 'Alpha release' } }],
    ['add a After-party', { kind: 'tool', name: 'addTask', input: { title: 'After-party' } }],
    ['add task: "Pay rent".', { kind: 'tool', name: 'addTask', input: { title: 'Pay rent' } }],
    ['complete 2', { kind: 'tool', name: 'completeTask', input: { id: 2 } }],
    ['Done #3', { kind: 'tool', name: 'completeTask', input: { id: 3 } }],
    ['write the report', { kind: 'tool', name: 'writeReport', input: {} }],
    ['narrate report', { kind: 'tool', name: 'writeReport', input: {}, preamble: 'Writing the report of your tasks now.' }],
    ['please Clear my list', { kind: 'tool', name: 'confirmClearAll', input: { question: 'Clear all tasks? This cannot be undone.' } }],
    ['tell me a STORY', { kind: 'text', text: STORY_TEXT }],
    ['something long', { kind: 'text', text: STORY_TEXT }],
    ['draw a diagram', { kind: 'text', text: DIAGRAM_TEXT }],
    ['some MATH', { kind: 'text', text: DIAGRAM_TEXT }],
    ['hi', { kind: 'text', text: HELP_TEXT }],
  ])('%s', (prompt, expected) => {
    expect(decideReply([{ role: 'system', content: [{ text: 'sys' }] }, user(prompt)])).toEqual(expected);
  });

  it('"fail" / "boom" fail (after a few streamed words); "add" without a title asks for one', () => {
    expect(decideReply([user('fail')])).toMatchObject({ kind: 'fail' });
    expect(decideReply([user('Boom!')])).toMatchObject({ kind: 'fail' });
    expect(decideReply([user('add')])).toEqual({ kind: 'text', text: 'What should the task be called? Try “add Buy milk”.' });
    expect(decideReply([user('add fail')])).toEqual({ kind: 'tool', name: 'addTask', input: { title: 'fail' } });
  });

  it('after a tool answer: a closing sentence, or clearAllTasks once confirmed', () => {
    const history = [user('x')];
    expect(decideReply([...history, toolAnswer('addTask', { id: 1, title: 'Buy milk', done: false })])).toEqual({ kind: 'text', text: 'Added “Buy milk” (task #1).' });
    expect(decideReply([...history, toolAnswer('confirmClearAll', 'yes')])).toEqual({ kind: 'tool', name: 'clearAllTasks', input: {} });
    expect(decideReply([...history, toolAnswer('confirmClearAll', { confirmed: true })])).toMatchObject({ name: 'clearAllTasks' });
    expect(decideReply([...history, toolAnswer('confirmClearAll', 'no')])).toEqual({ kind: 'text', text: 'Okay, nothing was cleared. Your tasks are still there.' });
    expect(decideReply([...history, toolAnswer('clearAllTasks', { cleared: 1 })])).toEqual({ kind: 'text', text: 'Done: I cleared all 1 task. The list is empty.' });
  });

  it('isConfirmation', () => {
    for (const yes of [true, 'yes', 'Yes, clear', 'confirmed', 'OK', { confirmed: true }, { approved: true }]) expect(isConfirmation(yes)).toBe(true);
    for (const no of [false, 'no', 'nope', 'cancel', '', null, undefined, { confirmed: false }, 0]) expect(isConfirmation(no)).toBe(false);
  });

  it('tokenize: ~300 tokens for the story that join back to it exactly', () => {
    const tokens = tokenize(STORY_TEXT);
    expect(tokens.length).toBeGreaterThanOrEqual(290);
    expect(tokens.join('')).toBe(STORY_TEXT);
  });
});
