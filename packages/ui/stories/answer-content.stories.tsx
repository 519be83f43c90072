import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { MessageActions } from '../src/message-actions/message-actions.js';
import { MessageList } from '../src/message-list/message-list.js';
import { SuggestionChips } from '../src/message-list/suggestion-chips.js';
import { citedTurn, reasoningTurn } from './support/answer-content.js';
import { reply, scriptedChat } from './support/scripts.js';
import type { CodeHighlighterLoader } from '../src/markdown/code-highlighting.js';
import { StoryChat, chatOf } from './support/story-chat.js';

const meta = {
  title: 'Components/AnswerContent',
  component: MessageList,
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

const REASONING = 'The user asks for a day plan. Mornings are quieter at the castle, so start there, then walk down through Alfama for lunch. '.repeat(2);

export const Reasoning: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reasoningTurn(REASONING, 'Start at the castle at nine, then lunch in Alfama.')], { delayMs: 30 })}
      start={(chat) => void chat.send('Plan my day in Lisbon.')}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement, canvas }) => {
    // While the model reasons: open, "Thinking…"
    await waitFor(() => expect(canvasElement.querySelector('.acu-reasoning[data-state="streaming"]')).not.toBeNull(), { timeout: 3000 });
    await expect(canvasElement.querySelector('.acu-reasoning')).toHaveProperty('open', true);
    await expect(canvas.getByText('Thinking…')).toBeInTheDocument();
    // Once the answer starts: closed, "Thought for N s"
    await waitFor(() => expect(canvasElement.querySelector('.acu-reasoning[data-state="done"]')).not.toBeNull(), { timeout: 6000 });
    await expect(canvasElement.querySelector('.acu-reasoning')).toHaveProperty('open', false);
    await expect(canvasElement.querySelector('.acu-reasoning__summary')!.textContent).toMatch(/^Thought for \d+ s$/);
    await waitFor(() => expect(canvas.getByText(/lunch in Alfama\./)).toBeInTheDocument(), { timeout: 6000 });
  },
};

export const SourcesUsageFeedbackAndSuggestions: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([citedTurn, reply('The Belém tower and the Gulbenkian museum.')], { delayMs: 10 })}
      start={(chat) => void chat.send('Tell me about Lisbon.')}>
      <MessageList messageActions={MessageActions} showUsage />
      <SuggestionChips starters={['Plan a day in Lisbon']} />
    </StoryChat>
  ),
  play: async ({ canvasElement, canvas }) => {
    // The usage line shows once the answer is done.
    await waitFor(() => expect(canvasElement.querySelector('.acu-message-usage')?.textContent).toMatch(/1204 in \/ 96 out tokens/), { timeout: 3000 });
    const sources = canvas.getByRole('list', { name: 'Sources' });
    const links = [...sources.querySelectorAll('a')];
    await expect(links.map((link) => link.textContent)).toEqual(['1en.wikipedia.orgLisbon — Wikipedia', '2www.visitlisboa.comTrams of Lisbon']);
    await expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(sources.textContent).toContain('3City guide 2026');

    await userEvent.click(canvas.getByRole('button', { name: 'Bad answer' }));
    await expect(canvas.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.type(canvas.getByRole('textbox', { name: 'What was wrong?' }), 'Tram 28 is very crowded');
    await userEvent.click(canvas.getByRole('button', { name: 'Send feedback' }));
    const answer = chatOf(canvasElement).getState().messages[1]!;
    await expect(answer.feedback).toEqual({ rating: 'down', comment: 'Tram 28 is very crowded' });

    const followUps = canvas.getByRole('group', { name: 'Suggestions' });
    await expect(followUps).toHaveAttribute('data-kind', 'follow-ups');
    await userEvent.click(canvas.getByRole('button', { name: 'What else should I see?' }));
    await waitFor(() => expect(canvas.getByText(/Belém tower/)).toBeInTheDocument(), { timeout: 3000 });
    await expect(chatOf(canvasElement).getState().messages[2]!.content).toEqual([{ text: 'What else should I see?' }]);
  },
};

export const StarterPrompts: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply('Here is a plan for your day.')], { delayMs: 10 })}>
      <MessageList />
      <SuggestionChips starters={['Plan a day in Lisbon', 'What is the weather like?']} />
    </StoryChat>
  ),
  play: async ({ canvasElement, canvas }) => {
    const starters = canvas.getByRole('group', { name: 'Suggestions' });
    await expect(starters).toHaveAttribute('data-kind', 'starters');
    await userEvent.click(canvas.getByRole('button', { name: 'Plan a day in Lisbon' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Suggestions' })).toBeNull());
    await expect(chatOf(canvasElement).getState().messages[0]!.content).toEqual([{ text: 'Plan a day in Lisbon' }]);
  },
};

const loadHighlighter: CodeHighlighterLoader = () => import('../src/highlighter.js').then((module) => module.highlighter);
const CODE_ANSWER = [
  'Count the done tasks:',
  '',
  '```ts',
  'const done = tasks.filter((task) => task.done).length; // a long line that scrolls sideways on a phone instead of wrapping',
  '```',
  '',
  '```python',
  'print(sum(1 for task in tasks if task.done))',
  '```',
].join('\n');

export const HighlightedCode: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(CODE_ANSWER)], { delayMs: 5 })} start={(chat) => void chat.send('Show me code.')}>
      <MessageList codeHighlighter={loadHighlighter} />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.acu-code[data-highlighted]')).toHaveLength(2), { timeout: 15_000 });
    const blocks = [...canvasElement.querySelectorAll('.acu-code')];
    await expect(blocks.map((block) => block.getAttribute('data-language'))).toEqual(['ts', 'python']);
    await expect(blocks[1]!.querySelector('code')!.textContent).toBe('print(sum(1 for task in tasks if task.done))');
  },
};
