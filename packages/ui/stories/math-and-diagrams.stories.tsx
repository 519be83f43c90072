/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { DiagramRendererLoader, MathRendererLoader } from '../src/markdown/markdown-renderers.js';
import { MessageList } from '../src/message-list/message-list.js';
import { reply, scriptedChat } from '../stories/support/scripts.js';
import { StoryChat } from '../stories/support/story-chat.js';
import mermaidScript from 'mermaid/dist/mermaid.min.js?url';

const meta = {
  title: 'Components/MathAndDiagrams',
  component: MessageList,
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

const loadMath: MathRendererLoader = () => import('../src/math.js').then((module) => module.mathRenderer);
const loadDiagrams: DiagramRendererLoader = () => import('../src/diagrams.js').then((module) => module.createDiagramRenderer({ script: mermaidScript }));

const MATH_ANSWER = [
  'The area of a circle is $A = \\pi r^2$, its perimeter \\(P = 2 \\pi r\\).',
  '',
  '$$',
  'e^{i \\pi} + 1 = 0',
  '$$',
  '',
  '\\[',
  '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
  '\\]',
  '',
  'A formula that does not parse stays as written: $\\frac{1}{$ (and $5 is money).',
].join('\n');

export const Formulas: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(MATH_ANSWER)], { delayMs: 5 })} start={(chat) => void chat.send('Some formulas, please.')}>
      <MessageList mathRenderer={loadMath} />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    // Typeset once complete (MathML for screen readers, HTML for the eye); the broken one stays source.
    await waitFor(() => expect(canvasElement.querySelectorAll('.acu-math[data-state="error"]')).toHaveLength(1), { timeout: 15_000 });
    await expect(canvasElement.querySelectorAll('.acu-math[data-state="rendered"]')).toHaveLength(4);
    await expect(canvasElement.querySelectorAll('.acu-math math')).toHaveLength(4);
    const broken = canvasElement.querySelector('.acu-math[data-state="error"]');
    await expect(broken?.textContent).toBe('\\frac{1}{');
    await waitFor(() => expect(canvasElement.textContent).toContain('(and $5 is money).'), { timeout: 10_000 });
  },
};

const DIAGRAM_ANSWER = ['How a task moves:', '', '```mermaid', 'flowchart LR', '  todo[To do] --> doing[Doing] --> done[Done]', '```'].join('\n');
// jsdom has no layout, so Mermaid cannot draw there: the play checks the fallback (the source) instead of the image.
const canDraw = () => typeof SVGGraphicsElement !== 'undefined' && 'getBBox' in SVGGraphicsElement.prototype;

export const Diagram: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(DIAGRAM_ANSWER)], { delayMs: 5 })} start={(chat) => void chat.send('Draw the task states.')}>
      <MessageList diagramRenderer={loadDiagrams} />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    const figure = () => canvasElement.querySelector('.acu-diagram');
    await waitFor(() => expect(figure()?.getAttribute('data-state')).toBe(canDraw() ? 'rendered' : 'error'), { timeout: 20_000 });
    if (!canDraw()) return void (await expect(figure()!.textContent).toContain('flowchart LR'));
    const images = [...figure()!.querySelectorAll('img')];
    // Drawn once: a dark page shows the same image inverted (CSS).
    await expect(images.map((image) => image.alt)).toEqual(['Diagram']);
    await expect(decodeURIComponent(images[0]!.src)).toContain('>Doing<');
  },
};

const BROKEN_DIAGRAM = ['This is not a diagram:', '', '```mermaid', 'flowchart LR', '  a --> --> ((', '```'].join('\n');

export const DiagramThatDoesNotParse: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(BROKEN_DIAGRAM)], { delayMs: 5 })} start={(chat) => void chat.send('Draw something broken.')}>
      <MessageList diagramRenderer={loadDiagrams} />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    // The source shows, as a code block, with its copy button.
    await waitFor(() => expect(canvasElement.querySelector('.acu-diagram')?.getAttribute('data-state')).toBe('error'), { timeout: 20_000 });
    await expect(canvasElement.querySelector('.acu-diagram code')!.textContent).toContain('a --> --> ((');
    await expect(canvasElement.querySelector('.acu-diagram img')).toBeNull();
  },
};

const TABLE_ANSWER = [
  '| Task | State | Started | Estimate | Owner | Notes |',
  '|---|---|---|---|---|---|',
  '| Buy milk | done | Monday morning | 10 minutes | you | on the way home from the office |',
  '| Write the report | doing | Tuesday afternoon | 2 hours | you | the summary first, then the details |',
].join('\n');

export const WideTable: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([reply(TABLE_ANSWER)], { delayMs: 2 })} start={(chat) => void chat.send('My tasks as a table.')}>
      <MessageList />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    // A keyboard can scroll it (focusable); on a phone it scrolls sideways inside the message.
    await waitFor(() => expect(canvasElement.querySelectorAll('.acu-markdown__table tr')).toHaveLength(3), { timeout: 10_000 });
    await expect(canvasElement.querySelector('.acu-markdown__table')).toHaveAttribute('tabindex', '0');
  },
};
