import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgentChat, exportChatTree, restoreChatTree, scriptedTransport, type AgentEvent, type FeedbackEvent } from '../../index.js';
import { versionTree } from '../../index.js';

const T0 = Date.UTC(2026, 0, 1);

/** A turn whose events arrive at the given times (ms after T0), one read each: the clock is set before each read. */
function timedTurn(steps: Array<[number, AgentEvent]>): () => AsyncIterable<AgentEvent> {
  return async function* () {
    for (const [at, event] of steps) {
      vi.setSystemTime(T0 + at);
      yield event;
    }
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('usage, timing and suggestions of an answer', () => {
  it('the turn\'s last model message gets the reported usage and the measured timing; suggestions replace each other per turn', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const chat = createAgentChat({ features: [versionTree()],
      transport: scriptedTransport([
        timedTurn([
          [300, { type: 'reasoning-delta', text: 'Thinking', messageKey: 'a' }],
          [800, { type: 'text-delta', text: 'Hello', messageKey: 'a' }],
          [1300, { type: 'text-delta', text: ' there', messageKey: 'a' }],
          [1300, { type: 'suggestions', suggestions: ['More', 'Less'] }],
          [2300, { type: 'usage', usage: { inputTokens: 10, outputTokens: 30, totalTokens: 40 } }],
          [2300, { type: 'turn-end', finishReason: 'stop' }],
        ]),
        timedTurn([[3000, { type: 'text-delta', text: 'Again' }], [3000, { type: 'turn-end', finishReason: 'stop' }]]),
      ]),
    });
    const streamingTimings: unknown[] = [];
    chat.subscribe((state) => {
      const streaming = state.messages[1];
      if (streaming?.status === 'streaming' && streaming.timing) streamingTimings.push(streaming.timing);
    });
    await chat.send('hi');
    // While the answer streams, the reasoning's duration is there already (for "Thought for 1 s").
    expect(streamingTimings[0]).toEqual({ reasoningMs: 500 });
    const answer = chat.getState().messages[1]!;
    expect(answer.timing?.reasoningMs).toBe(500); // from the reasoning to the answer's first token
    expect(answer.usage).toEqual({ inputTokens: 10, outputTokens: 30, totalTokens: 40 });
    // first token (the reasoning) 300 ms after the send, 2.3 s in all, 30 tokens over the 2 s of streaming
    expect(answer.timing).toEqual({ firstTokenMs: 300, durationMs: 2300, tokensPerSecond: 15, reasoningMs: 500 });
    expect(chat.getState().messages[0]!.timing).toBeUndefined();
    expect(chat.getState().suggestions).toEqual(['More', 'Less']);

    vi.setSystemTime(T0 + 2500);
    const second = chat.send('again');
    expect(chat.getState().suggestions).toBeUndefined(); // cleared when the next turn starts
    await second;
    const again = chat.getState().messages[3]!;
    expect(again.usage).toBeUndefined();
    expect(again.timing).toEqual({ firstTokenMs: 500, durationMs: 500 }); // no usage: no tokens per second
  });

  it('a stopped turn\'s partial answer still gets its timing', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    const chat = createAgentChat({ features: [versionTree()],
      transport: scriptedTransport([[{ type: 'text-delta', text: 'Part' }, { type: 'text-delta', text: ' more' }, { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 1000 }),
    });
    const turn = chat.send('go');
    await vi.advanceTimersByTimeAsync(1000);
    expect(chat.getState().messages[1]?.content).toEqual([{ text: 'Part' }]);
    await vi.advanceTimersByTimeAsync(250);
    await chat.stop();
    await turn;
    const partial = chat.getState().messages[1]!;
    expect(partial.status).toBe('aborted');
    expect(partial.timing).toEqual({ firstTokenMs: 1000, durationMs: 1250 });
  });
});

describe('setFeedback', () => {
  const answerTurn = (text: string): AgentEvent[] => [{ type: 'text-delta', text }, { type: 'turn-end', finishReason: 'stop' }];

  it('rates a message, tells onFeedback, takes it back with null, and ignores unknown ids', async () => {
    const heard: FeedbackEvent[] = [];
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([answerTurn('One')]), onFeedback: (event) => heard.push(event) });
    await chat.send('q');
    const id = chat.getState().messages[1]!.id;
    expect(chat.setFeedback(id, { rating: 'down', comment: 'Wrong year' })).toBe(true);
    expect(chat.getState().messages[1]!.feedback).toEqual({ rating: 'down', comment: 'Wrong year' });
    expect(chat.setFeedback(id, { rating: 'up', comment: '' })).toBe(true);
    expect(chat.getState().messages[1]!.feedback).toEqual({ rating: 'up' });
    expect(chat.setFeedback(id, null)).toBe(true);
    expect(chat.getState().messages[1]!.feedback).toBeUndefined();
    expect(chat.setFeedback('nope', { rating: 'up' })).toBe(false);
    expect(heard.map(({ messageId, feedback, message }) => [messageId, feedback, message.content])).toEqual([
      [id, { rating: 'down', comment: 'Wrong year' }, [{ text: 'One' }]],
      [id, { rating: 'up' }, [{ text: 'One' }]],
      [id, null, [{ text: 'One' }]],
    ]);
  });

  it('the rating holds across a branch switch and through exportChatTree / restoreChatTree', async () => {
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([answerTurn('First'), answerTurn('Second')]) });
    await chat.send('q');
    const first = chat.getState().messages[1]!.id;
    chat.setFeedback(first, { rating: 'up' });
    await chat.regenerate();
    expect(chat.getState().messages[1]!.content).toEqual([{ text: 'Second' }]);
    chat.switchBranch(chat.getState().messages[1]!.id, 0);
    expect(chat.getState().messages[1]).toMatchObject({ id: first, feedback: { rating: 'up' } });

    const record = JSON.parse(JSON.stringify(exportChatTree(chat)));
    const reloaded = createAgentChat({ features: [versionTree()], transport: scriptedTransport([]) });
    await restoreChatTree(reloaded, record);
    expect(reloaded.getState().messages[1]).toMatchObject({ id: first, feedback: { rating: 'up' }, content: [{ text: 'First' }] });
    expect(reloaded.getState().messages[1]!.timing?.durationMs).toBeGreaterThanOrEqual(0);
  });
});
