import { describe, expect, it } from 'vitest';
import { DEMO_CONVERSATIONS, keptRecording, recordConversation } from '../test/demo-conversations.js';
import { chatOutcome } from './chat-outcome.js';
import { agentChatMatchers } from './matchers.js';
import { playRecording } from './play-recording.js';

expect.extend(agentChatMatchers);

const committed = keptRecording;

// The conversations are recorded side by side (each against a fresh server of its own): a recording mostly waits on
// the agent's token delay.
describe.concurrent.each(DEMO_CONVERSATIONS)('recordings/$file.json', ({ file, steps }) => {
  it('is stable: recording the conversation again replays to the same final state', async ({ expect }) => {
    const again = await recordConversation(DEMO_CONVERSATIONS.find((conversation) => conversation.file === file)!);
    const kept = committed(file);
    expect(again.turns).toHaveLength(kept.turns.length);
    const [before, after] = await Promise.all([kept, again].map((recording) => playRecording(recording, { speed: Infinity })));
    // The servers mint fresh session, snapshot and message ids on every run: ids are compared by where they appear.
    expect(chatOutcome(after!.chat.getState(), { normalizeIds: true })).toEqual(chatOutcome(before!.chat.getState(), { normalizeIds: true }));
    expect(after!.responses.map((response) => response.finishReason)).toEqual(before!.responses.map((response) => response.finishReason));
    expect(before!.responses).toHaveLength(steps.filter((step) => !('setCustom' in step)).length);
  });
});

describe('what the kept recordings hold', () => {
  it.each(['genkit-tasks', 'agui-tasks', 'ai-sdk-tasks'])('%s: the demo agent added two tasks, wrote the report, then cleared them on "yes"', async (file) => {
    const { chat, responses } = await playRecording(committed(file), { speed: Infinity });
    expect(responses.map((response) => response.finishReason)).toEqual(['stop', 'stop', 'stop', 'interrupted', 'stop']);
    expect(responses[1]!.custom).toEqual({ tasks: [{ id: 1, title: 'Buy milk', done: false }, { id: 2, title: 'Walk the dog', done: false }], nextId: 3 });
    expect(responses[3]!.interrupts).toHaveLength(1);
    expect(chat).toEndWith('stop');
    expect(chat).toHaveCustomState(expect.objectContaining({ tasks: [] }));
    expect(chat.getState().artifacts.map((artifact) => artifact.name)).toContain('report.md');
  });

  it.each(['genkit-app-state', 'agui-app-state', 'ai-sdk-app-state'])('%s: the agent answered from the task ticked in the app, and from the selected task', async (file) => {
    const { responses } = await playRecording(committed(file), { speed: Infinity });
    expect(responses.map((response) => response.text).slice(2)).toEqual([
      'Left to do (1 of 2):\n- #2 Call mum\n\nDone: #1 Buy milk.',
      'You are looking at:\n- **The task selected in the panel**: #2 “Call mum” (open)',
    ]);
  });

  it('agentflow-capital: the answer, the interrupt, and the resumed reply', async () => {
    const { chat, responses } = await playRecording(committed('agentflow-capital'), { speed: Infinity });
    expect(responses.map((response) => response.finishReason)).toEqual(['stop', 'interrupted', 'stop']);
    expect(responses[0]!.text).toBe('The capital of France is Paris.');
    expect(chat).toHaveAssistantText(/Resumed with yes\.$/);
    expect(chat).toEndWith('stop');
  });

  it('tnsai-search: a tool call ends the turn, its result continues it', async () => {
    const { chat, responses } = await playRecording(committed('tnsai-search'), { speed: Infinity });
    expect(responses.map((response) => response.finishReason)).toEqual(['stop', 'other', 'stop']);
    expect(chat).toHaveAssistantText('Found: ["notes.md","todo.md"]');
    expect(chat).not.toHaveAssistantText('Hello');
  });
});
