import { storeOf } from '@agent-chat/core/binding';
import { createAgentChat, scriptedTransport, type AgentEvent, type ChatMessage, type FeedbackEvent } from '@agent-chat/core';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { AgentChatView } from '../agent-chat-view/agent-chat-view.js';
import { MessageActions } from '../message-actions/message-actions.js';
import { MessageList } from './message-list.js';
import { MessageUsage } from './message-usage.js';
import { ReasoningView } from './reasoning-view.js';
import { citationRenderStats } from '../markdown/citation-marker.js';
import { TurnInspector } from '../inspector/turn-inspector.js';
import { unsafeSourceTurn } from '../../stories/support/answer-content.js';
import { versionTree } from '@agent-chat/core';

afterEach(cleanup);

const answer = (text: string, extra: AgentEvent[] = []): AgentEvent[] => [{ type: 'text-delta', text, messageKey: 'm' }, ...extra, { type: 'turn-end', finishReason: 'stop' }];

describe('ReasoningView', () => {
  it('opens while active and closes when the answer starts, unless the reader chose; the duration reads in seconds', async () => {
    const user = userEvent.setup();
    const { rerender, container } = render(<ReasoningView text="Hm." active />);
    const details = () => container.querySelector('details')!;
    expect(details().open).toBe(true);
    expect(screen.getByText('Thinking…')).toBeTruthy();
    rerender(<ReasoningView text="Hm." active={false} timing={{ reasoningMs: 11_600 }} />);
    expect(details().open).toBe(false);
    expect(screen.getByText('Thought for 12 s')).toBeTruthy();
    await user.click(screen.getByText('Thought for 12 s'));
    expect(details().open).toBe(true);
    rerender(<ReasoningView text="Hm. More." active={false} timing={{ reasoningMs: 11_600 }} />);
    expect(details().open).toBe(true); // the reader opened it: it stays open
    rerender(<ReasoningView text="Restored." active={false} />);
    expect(screen.getByText('Reasoning')).toBeTruthy(); // no timing (a restored message): no duration
  });
});

describe('the streaming caret in MessageList', () => {
  it('follows the last block of a streaming answer whose last part is text, and only while it streams', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([]) });
    const { container } = render(<MessageList chat={chat} />);
    const question: ChatMessage = { id: 'u1', role: 'user', content: [{ text: 'Go' }], status: 'done' };
    const reply = (content: ChatMessage['content'], status: ChatMessage['status'] = 'streaming'): ChatMessage => ({ id: 'm1', role: 'model', content, status });
    const tails = () => [...container.querySelectorAll('.acu-markdown__tail')].map((element) => element.textContent);
    act(() => storeOf(chat).setState({ status: 'streaming', messages: [question, reply([{ text: 'One\n\nTwo' }])] }));
    await waitFor(() => expect(tails()).toEqual(['Two']));
    // A source listed under the message does not take the caret away from the text.
    act(() => storeOf(chat).setState({ messages: [question, reply([{ text: 'One\n\nTwo' }, { source: { url: 'https://a.example/' } }])] }));
    await waitFor(() => expect(tails()).toEqual(['Two']));
    // A tool call after the text: the text is no longer where the answer grows.
    act(() => storeOf(chat).setState({ messages: [question, reply([{ text: 'One\n\nTwo' }, { toolRequest: { name: 'lookUp', ref: 't1', input: {} } }])] }));
    await waitFor(() => expect(tails()).toEqual([]));
    act(() => storeOf(chat).setState({ messages: [question, reply([{ text: 'One\n\nTwo' }, { toolRequest: { name: 'lookUp', ref: 't1', input: {} } }, { text: 'Three' }])] }));
    await waitFor(() => expect(tails()).toEqual(['Three']));
    act(() => storeOf(chat).setState({ status: 'ready', messages: [question, reply([{ text: 'One\n\nTwo' }, { toolRequest: { name: 'lookUp', ref: 't1', input: {} } }, { text: 'Three' }], 'done')] }));
    await waitFor(() => expect(tails()).toEqual([]));
    // The user's own text never has one.
    expect(container.querySelector('[data-role="user"] .acu-markdown__tail')).toBeNull();
  });

  it('tokens after a cited paragraph do not render its citation marker again (the sources keep one identity)', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([]) });
    const { container } = render(<MessageList chat={chat} />);
    const question: ChatMessage = { id: 'u1', role: 'user', content: [{ text: 'Go' }], status: 'done' };
    const source = { source: { url: 'https://a.example/lisbon', title: 'Lisbon' } };
    const reply = (text: string): ChatMessage => ({ id: 'm1', role: 'model', content: [{ text }, source], status: 'streaming' });
    let text = 'Lisbon [1] is the capital.\n\nMore';
    act(() => storeOf(chat).setState({ status: 'streaming', messages: [question, reply(text)] }));
    await waitFor(() => expect(container.querySelector('.acu-citation a')).not.toBeNull());
    const before = citationRenderStats.renders;
    for (let token = 0; token < 20; token++) {
      text += ` word${token}`;
      act(() => storeOf(chat).setState({ messages: [question, reply(text)] }));
    }
    await waitFor(() => expect(container.querySelector('.acu-markdown__tail')?.textContent).toContain('word19'));
    expect(citationRenderStats.renders - before).toBe(0);
  });
});

describe('sources, usage and feedback in MessageList', () => {
  it('a source with an unsafe URL is listed without a link', async () => {
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([unsafeSourceTurn]) });
    render(<MessageList chat={chat} />);
    await chat.send('note?');
    const list = await screen.findByRole('list', { name: 'Sources' });
    expect(list.querySelector('a')).toBeNull();
    expect(list.textContent).toBe('1Not a link');
  });

  it('[n] in the text is a citation marker linking to source n; a number past the sources stays [n]', async () => {
    const turn: AgentEvent[] = [
      { type: 'text-delta', text: 'Lisbon [1], Porto [2] and [x](https://x.example).', messageKey: 'm' },
      { type: 'part-add', part: { source: { url: 'https://a.example/lisbon', title: 'Lisbon' } }, messageKey: 'm' },
      { type: 'turn-end', finishReason: 'stop' },
    ];
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([turn]) });
    const { container } = render(<MessageList chat={chat} />);
    await chat.send('cities');
    const marker = await screen.findByRole('link', { name: 'Source 1: Lisbon (a.example)' });
    expect(marker.getAttribute('href')).toBe('https://a.example/lisbon');
    expect(marker.closest('sup')?.className).toBe('acu-citation');
    const text = container.querySelector('[data-role="model"] .acu-message__text')!.textContent;
    expect(text).toBe('Lisbon 1, Porto [2] and x (x.example).');
  });

  it('source chips and citations show the host their link opens (`//host` is not relative); bidi controls go', async () => {
    const turn: AgentEvent[] = [
      { type: 'text-delta', text: 'See [1].', messageKey: 'm' },
      { type: 'part-add', part: { source: { url: '//evil.example/landing', title: 'Bank \u202elanigiro' } }, messageKey: 'm' },
      { type: 'turn-end', finishReason: 'stop' },
    ];
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([turn]) });
    render(<MessageList chat={chat} />);
    await chat.send('where?');
    const marker = await screen.findByRole('link', { name: 'Source 1: Bank lanigiro (evil.example)' });
    expect(marker.getAttribute('href')).toBe('https://evil.example/landing');
    const chip = within(await screen.findByRole('list', { name: 'Sources' })).getByRole('link');
    expect(chip.getAttribute('href')).toBe('https://evil.example/landing');
    expect(chip.querySelector('.acu-source__host')!.textContent).toBe('evil.example');
    expect(chip.querySelector('.acu-source__host')!.tagName).toBe('BDI');
    expect(chip.textContent).not.toMatch(/\u202e/);
  });

  it('MessageUsage: timing and tokens in one line; nothing while streaming or without data', () => {
    const base: ChatMessage = { id: 'a', role: 'model', content: [{ text: 'x' }], status: 'done' };
    const { container, rerender } = render(<MessageUsage message={{ ...base, usage: { totalTokens: 50 }, timing: { firstTokenMs: 420, durationMs: 12_340, tokensPerSecond: 41.6 } }} />);
    expect(container.textContent).toBe('420 ms to first token · 12 s in all · 42 tokens/s · 50 tokens');
    rerender(<MessageUsage message={{ ...base, status: 'streaming', timing: { durationMs: 1 } }} />);
    expect(container.textContent).toBe('');
    rerender(<MessageUsage message={base} />);
    expect(container.textContent).toBe('');
  });

  it('thumbs: pressing the chosen one again takes the rating back; a down offers a comment, Escape closes it', async () => {
    const heard: FeedbackEvent[] = [];
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([answer('Fine.')]), onFeedback: (event) => heard.push(event) });
    const user = userEvent.setup();
    const view = render(<MessageList chat={chat} messageActions={MessageActions} />);
    await chat.send('hi');
    const good = await screen.findByRole('button', { name: 'Good answer' });
    await user.click(good);
    expect(good.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'What was wrong?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Good answer' }));
    expect(screen.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Bad answer' }));
    await user.type(screen.getByRole('textbox', { name: 'What was wrong?' }), 'x{Escape}');
    expect(screen.queryByRole('textbox', { name: 'What was wrong?' })).toBeNull();
    expect(heard.map((event) => event.feedback)).toEqual([{ rating: 'up' }, null, { rating: 'down' }]);
    expect(await axeViolations(view.container)).toEqual([]);
  });
});

describe('AgentChatView: starter prompts, follow-ups, usage and onFeedback', () => {
  it('starters before the first message, the agent\'s follow-ups after its answer, none while it answers', async () => {
    const heard: FeedbackEvent[] = [];
    const transport = scriptedTransport([
      answer('Here.', [{ type: 'suggestions', suggestions: ['And then?'] }, { type: 'usage', usage: { inputTokens: 3, outputTokens: 4 } }]),
      answer('Then this.'),
    ], { delayMs: 5 });
    const user = userEvent.setup();
    render(<AgentChatView transport={transport} starterPrompts={['Start here']} showUsage onFeedback={(event) => heard.push(event)} />);
    await user.click(screen.getByRole('button', { name: 'Start here' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Suggestions' })).toBeNull());
    const followUps = await screen.findByRole('group', { name: 'Suggestions' });
    expect(within(followUps).getByRole('button').textContent).toBe('And then?');
    expect(document.querySelector('.acu-message-usage')?.textContent).toContain('3 in / 4 out tokens');
    await user.click(screen.getByRole('button', { name: 'Good answer' }));
    expect(heard).toHaveLength(1);
    await user.click(within(followUps).getByRole('button', { name: 'And then?' }));
    await screen.findByText('Then this.');
    await waitFor(() => expect(transport.requests).toHaveLength(2));
    expect(screen.queryByRole('group', { name: 'Suggestions' })).toBeNull(); // the second answer offered none
  });
});

describe('TurnInspector usage row', () => {
  it('shows the last answer\'s tokens and timing once it ended', async () => {
    const chat = createAgentChat({ features: [versionTree()], transport: scriptedTransport([answer('Done.', [{ type: 'usage', usage: { inputTokens: 7, outputTokens: 2 } }])]) });
    const { container } = render(<TurnInspector chat={chat} />);
    expect(container.querySelector('.acu-inspector__usage')).toBeNull();
    await chat.send('go');
    await waitFor(() => expect(container.querySelector('.acu-inspector__usage')?.textContent).toMatch(/ in all · .* · 7 in \/ 2 out tokens$/));
  });
});
