import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';
import { MathRendererContext, type MathRenderer, type MathRendererLoader } from './markdown-renderers.js';
import { MessageList } from '../message-list/message-list.js';

afterEach(cleanup);

/** The real KaTeX renderer (the `@agent-chat/ui/math` entry), counting what it typeset. */
function countingLoader(): { load: MathRendererLoader; typeset: string[] } {
  const record = { typeset: [] as string[], load: null as unknown as MathRendererLoader };
  record.load = async () => {
    const { mathRenderer } = await import('../math.js');
    return {
      render: async (tex, target, options) => {
        await mathRenderer.render(tex, target, options);
        record.typeset.push(tex);
      },
    } satisfies MathRenderer;
  };
  return record;
}

const withMath = (load: MathRendererLoader, text: string) => (
  <MathRendererContext.Provider value={load}><Markdown text={text} /></MathRendererContext.Provider>
);

describe('math (KaTeX, lazy)', () => {
  it('the four delimiters are typeset as MathML + HTML; without a renderer they stay TeX source', async () => {
    const { load } = countingLoader();
    const text = 'Inline $a^2$ and \\(b_1\\).\n\n$$\n\\frac{1}{2}\n$$\n\n\\[\n\\sqrt{x}\n\\]\n';
    const { container } = render(withMath(load, text));
    await waitFor(() => expect(container.querySelectorAll('.acu-math[data-state="rendered"]')).toHaveLength(4));
    const typeset = [...container.querySelectorAll('.acu-math')];
    expect(typeset.map((element) => element.classList.contains('acu-math--display'))).toEqual([false, false, true, true]);
    expect(typeset.map((element) => element.querySelector('annotation[encoding="application/x-tex"]')?.textContent?.trim())).toEqual(['a^2', 'b_1', '\\frac{1}{2}', '\\sqrt{x}']);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
    // No renderer: the source, as before.
    const plain = render(<Markdown text={text} />).container;
    expect(plain.querySelector('.katex')).toBeNull();
    expect([...plain.querySelectorAll('.acu-math')].map((element) => element.getAttribute('data-state'))).toEqual(['source', 'source', 'source', 'source']);
    expect(plain.querySelector('code')?.textContent).toBe('a^2');
  });

  it('invalid TeX stays source (data-state error); \\href and \\htmlClass make no link or class (trust: false); $5 is money', async () => {
    const { load } = countingLoader();
    const { container } = render(withMath(load, 'Bad $\\frac{1}{$ then $\\href{javascript:alert(1)}{x}\\htmlClass{evil}{y}$ for $5 and $6.'));
    await waitFor(() => expect(container.querySelectorAll('.acu-math:not([data-state="source"])')).toHaveLength(2));
    const [bad, untrusted] = [...container.querySelectorAll('.acu-math')];
    expect(bad!.getAttribute('data-state')).toBe('error');
    expect(bad!.textContent).toBe('\\frac{1}{');
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('.evil')).toBeNull();
    expect(untrusted!.getAttribute('data-state')).toMatch(/^(rendered|error)$/);
    expect(container.textContent).toContain('for $5 and $6.');
  });

  it('a formula streams as source and is typeset once, when its closing delimiter arrives', async () => {
    const math = countingLoader();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const delta = (text: string): AgentEvent => ({ type: 'text-delta', text, messageKey: 'm' });
    const turn = async function* (): AsyncIterable<AgentEvent> {
      for (const text of ['The ratio is $r = ', 'd / n', '$ and ', 'then $$\n', 'x + ']) yield delta(text);
      await gate;
      for (const text of ['y\n$$\n', 'done.']) yield delta(text);
      yield { type: 'turn-end', finishReason: 'stop' };
    };
    const chat = createAgentChat({ transport: scriptedTransport([turn]) });
    const { container } = render(<MessageList chat={chat} mathRenderer={math.load} />);
    const sent = chat.send('math please');
    await waitFor(() => expect(container.querySelector('.acu-math[data-state="rendered"]')).not.toBeNull());
    // The display formula is still open: its source shows, untypeset.
    await waitFor(() => expect(container.querySelector('.acu-math--display')?.textContent).toContain('x +'));
    expect(container.querySelector('.acu-math--display')!.getAttribute('data-state')).toBe('source');
    expect(math.typeset).toEqual(['r = d / n']);
    release();
    await sent;
    await waitFor(() => expect(container.querySelector('.acu-math--display')!.getAttribute('data-state')).toBe('rendered'));
    expect(math.typeset.map((tex) => tex.trim())).toEqual(['r = d / n', 'x + y']);
  });

  it('a display formula the answer leaves open is typeset when the answer ends', async () => {
    const math = countingLoader();
    const turn: AgentEvent[] = [{ type: 'text-delta', text: 'So $$\nx + y', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];
    const chat = createAgentChat({ transport: scriptedTransport([turn]) });
    const { container } = render(<MessageList chat={chat} mathRenderer={math.load} />);
    await chat.send('math please');
    await waitFor(() => expect(container.querySelector('.acu-math--display')?.getAttribute('data-state')).toBe('rendered'));
    expect(math.typeset.map((tex) => tex.trim())).toEqual(['x + y']);
  });
});

describe('math and diagrams past their budgets', () => {
  it('a formula longer than MATH_BUDGET.maxChars stays source (data-state too-large); the others are typeset', async () => {
    const { MATH_BUDGET } = await import('../math.js');
    const { load, typeset } = countingLoader();
    const { container } = render(withMath(load, `Short $x^2$ and long $${'x+'.repeat(MATH_BUDGET.maxChars)}x$.`));
    await waitFor(() => expect(container.querySelectorAll('.acu-math:not([data-state="source"])')).toHaveLength(2));
    expect([...container.querySelectorAll('.acu-math')].map((element) => element.getAttribute('data-state'))).toEqual(['rendered', 'too-large']);
    expect(typeset).toEqual(['x^2']);
  });

  it('a diagram the renderer refuses for its budget shows its source and a note', async () => {
    const { DiagramRendererContext } = await import('./markdown-renderers.js');
    const { RenderBudgetError } = await import('./render-budget.js');
    const load = async () => ({ render: () => Promise.reject(new RenderBudgetError('mindmap of more than 15 statements')) });
    const { container } = render(
      <DiagramRendererContext.Provider value={load}><Markdown text={'```mermaid\nmindmap\n  root\n```\n'} complete /></DiagramRendererContext.Provider>,
    );
    await waitFor(() => expect(container.querySelector('.acu-diagram')?.getAttribute('data-state')).toBe('too-large'));
    expect(container.querySelector('.acu-diagram code')!.textContent).toContain('mindmap');
    expect(container.querySelector('.acu-rendered__note')!.textContent).toBe('Too large to draw: shown as source.');
  });
});
