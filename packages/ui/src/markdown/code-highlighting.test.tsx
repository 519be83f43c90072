import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { fakeFrameClock, fedTransport } from '@agent-chat/testing';
import { cleanup, render, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CodeHighlighter, CodeHighlighterLoader, HighlightedToken } from './code-highlighting.js';
import { MessageList } from '../message-list/message-list.js';
import { CodeBlock } from './code-block.js';
import { CodeHighlighterContext } from './code-highlighting.js';

afterEach(cleanup);

/** The real Shiki highlighter (the `@agent-chat/ui/highlighter` entry), counting what it was asked to highlight. */
function countingLoader(): { load: CodeHighlighterLoader; asked: string[]; loads: number } {
  const record = { asked: [] as string[], loads: 0, load: null as unknown as CodeHighlighterLoader };
  record.load = async () => {
    record.loads++;
    const { highlighter } = await import('../highlighter.js');
    return { highlight: (code, language) => (record.asked.push(`${language}:${code}`), highlighter.highlight(code, language)) } satisfies CodeHighlighter;
  };
  return record;
}

const FIRST = 'const answer: number = 42;\nconsole.log(answer);';
const SECOND = 'def greet(name):\n    return f"hi {name}"';

/** A turn that streams `before`, waits until `release()`, then streams `after` and ends. */
function gatedTurn(before: string[], after: string[]): { turn: () => AsyncIterable<AgentEvent>; release: () => void } {
  const delta = (text: string): AgentEvent => ({ type: 'text-delta', text, messageKey: 'm' });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const turn = async function* (): AsyncIterable<AgentEvent> {
    for (const text of before) yield delta(text);
    await gate;
    for (const text of after) yield delta(text);
    yield { type: 'turn-end', finishReason: 'stop' };
  };
  return { turn, release };
}

describe('code highlighting', () => {
  it('blanks with a colour only are plain text, not elements; every other token keeps its span and style', async () => {
    const colour = (light: string) => ({ '--acu-code-light': light, '--acu-code-dark': '#ffffff' });
    const lines: HighlightedToken[][] = [
      [{ content: 'let', style: colour('#a0111f') }, { content: ' ', style: colour('#0e1116') }, { content: 'x', style: colour('#023b95') }],
      [{ content: '\t  ', style: colour('#0e1116') }, { content: 'y', style: colour('#023b95') }, { content: ' ', style: { ...colour('#0e1116'), background: '#ff0000' } }],
    ];
    const highlighter: CodeHighlighter = { highlight: async () => lines };
    const { container } = render(
      <CodeHighlighterContext.Provider value={async () => highlighter}>
        <CodeBlock code={'let x\n\t  y '} language="ts" />
      </CodeHighlighterContext.Provider>,
    );
    await waitFor(() => expect(container.querySelector('.acu-code')!.hasAttribute('data-highlighted')).toBe(true));
    const tokens = [...container.querySelectorAll<HTMLElement>('.acu-code__token')];
    // The indent and the space between two words carry no span; a blank with a background keeps its own.
    expect(tokens.map((token) => token.textContent)).toEqual(['let', 'x', 'y', ' ']);
    expect(tokens[0]!.style.getPropertyValue('--acu-code-light')).toBe('#a0111f');
    expect(tokens[3]!.getAttribute('style')).toContain('background');
    expect(container.querySelector('code')!.textContent).toBe('let x\n\t  y ');
  });

  it('a block is highlighted once it is complete, never while it streams; the text and its copy stay the same', async () => {
    const highlighter = countingLoader();
    // The first block closes, then half of the second streams and the turn waits until the test lets it go on.
    const { turn, release } = gatedTurn(
      ['Here:\n\n```ts\n', ...FIRST.split(/(?<= )/), '\n```\n\nAnd python:\n\n```py\n', 'def greet(name):\n'],
      ['    return f"hi {name}"', '\n```\n'],
    );
    const chat = createAgentChat({ transport: scriptedTransport([turn]) });
    const { container } = render(<MessageList chat={chat} codeHighlighter={highlighter.load} />);
    const sent = chat.send('code please');
    const blocks = () => [...container.querySelectorAll<HTMLElement>('.acu-code')];
    // The first block, closed, is highlighted while the message still streams the second (plain until it closes).
    await waitFor(() => expect(blocks()[0]?.hasAttribute('data-highlighted')).toBe(true), { timeout: 10_000 });
    expect(chat.getState().status).toBe('streaming');
    expect(blocks()[1]!.hasAttribute('data-highlighted')).toBe(false);
    expect(blocks()[1]!.textContent).toContain('def greet(name):');
    // The finished block's highlighted DOM: while the later block streams and closes, it is neither highlighted nor
    // rendered again (the same nodes, the highlighter asked once), as streamdown's finished blocks are (its #402).
    const firstTokens = [...blocks()[0]!.querySelectorAll('.acu-code__token')];
    expect(firstTokens.length).toBeGreaterThan(5);
    release();
    await sent;
    await waitFor(() => expect(blocks()[1]?.hasAttribute('data-highlighted')).toBe(true), { timeout: 10_000 });
    expect([...blocks()[0]!.querySelectorAll('.acu-code__token')].every((token, index) => token === firstTokens[index])).toBe(true);
    expect(blocks()[0]!.querySelectorAll('.acu-code__token')).toHaveLength(firstTokens.length);
    // Each block was highlighted exactly once, with its whole code; the highlighter loaded once.
    expect(highlighter.asked).toEqual([`ts:${FIRST}`, `py:${SECOND}`]);
    expect(highlighter.loads).toBe(1);
    expect(blocks()[0]!.querySelector('code')!.textContent).toBe(FIRST);
    expect(blocks()[1]!.querySelector('code')!.textContent).toBe(SECOND);
    const keyword = [...blocks()[0]!.querySelectorAll<HTMLElement>('.acu-code__token')].find((token) => token.textContent === 'const')!;
    expect(keyword.style.getPropertyValue('--acu-code-light')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(keyword.style.getPropertyValue('--acu-code-dark')).toMatch(/^#[0-9a-f]{6}$/i);
  }, 30_000);

  it('a block the answer leaves open (no closing fence) is highlighted when the answer ends, and only then', async () => {
    const highlighter = countingLoader();
    const { turn, release } = gatedTurn(['Here:\n\n```ts\n', ...FIRST.split(/(?<= )/)], []);
    const chat = createAgentChat({ transport: scriptedTransport([turn]) });
    const { container } = render(<MessageList chat={chat} codeHighlighter={highlighter.load} />);
    const sent = chat.send('code please');
    const block = () => container.querySelector<HTMLElement>('.acu-code');
    await waitFor(() => expect(block()?.textContent).toContain('console.log(answer);'));
    expect(block()!.hasAttribute('data-highlighted')).toBe(false);
    expect(highlighter.asked).toEqual([]);
    release();
    await sent;
    await waitFor(() => expect(block()!.hasAttribute('data-highlighted')).toBe(true), { timeout: 10_000 });
    expect(highlighter.asked).toEqual([`ts:${FIRST}`]);
    expect(block()!.querySelector('code')!.textContent).toBe(FIRST);
  }, 30_000);

  it('an unknown language or no highlighter leaves the code plain', async () => {
    const turn: AgentEvent[] = [{ type: 'text-delta', text: '```cobol\nDISPLAY "HI".\n```\n', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }];
    const highlighter = countingLoader();
    const chat = createAgentChat({ transport: scriptedTransport([turn, turn]) });
    const { container, rerender } = render(<MessageList chat={chat} codeHighlighter={highlighter.load} />);
    await chat.send('cobol');
    await waitFor(() => expect(highlighter.asked).toEqual(['cobol:DISPLAY "HI".']));
    expect(container.querySelector('.acu-code')!.hasAttribute('data-highlighted')).toBe(false);
    rerender(<MessageList chat={chat} />);
    await chat.send('again');
    await waitFor(() => expect(container.querySelectorAll('.acu-code')).toHaveLength(2));
    expect(container.querySelectorAll('[data-highlighted]')).toHaveLength(0);
    expect(highlighter.asked).toHaveLength(1);
  });

  it('while the answer streams, colours wait for the list\'s next commit (or 200 ms, past the longest commit interval) instead of a commit and a frame of their own', async () => {
    // Frames, timers and the clock fake; setImmediate real. The transport plays what the test feeds it (no timers).
    const clock = fakeFrameClock(vi);
    try {
      const fed = fedTransport();
      const transport = fed.transport;
      const feed = (text: string) => fed.feed([{ type: 'text-delta', text, messageKey: 'm' }]);
      const settle = () => clock.settle();
      const answers: Array<(lines: HighlightedToken[][]) => void> = [];
      const highlighter: CodeHighlighter = { highlight: () => new Promise((resolve) => answers.push(resolve)) };
      const chat = createAgentChat({ transport });
      let commits = 0;
      const { container } = render(
        <Profiler id="list" onRender={() => commits++}>
          <MessageList chat={chat} codeHighlighter={async () => highlighter} />
        </Profiler>,
      );
      void chat.send('code please').catch(() => {});
      const blocks = () => [...container.querySelectorAll<HTMLElement>('.acu-code')];
      const tokens = (code: string): HighlightedToken[][] => [[{ content: code, style: { '--acu-code-light': '#000000', '--acu-code-dark': '#ffffff' } }]];
      feed('Here:\n\n```ts\nconst a = 1;\n```\n\nMore');
      await settle();
      clock.advance(50);
      await settle();
      expect(chat.getState().status).toBe('streaming');
      expect(answers).toHaveLength(1);
      // The colours arrive: no commit, the block still plain, until the list commits the stream's next change.
      const before = commits;
      answers[0]!(tokens('const a = 1;'));
      await settle();
      expect(commits).toBe(before);
      expect(blocks()[0]!.hasAttribute('data-highlighted')).toBe(false);
      feed(' words.');
      await settle();
      clock.advance(50);
      await settle();
      expect(blocks()[0]!.hasAttribute('data-highlighted')).toBe(true);
      expect(container.textContent).toContain('More words.');
      // With no commit coming (the stream pauses), they show after 200 ms.
      feed('\n\n```ts\nlet b = 2;\n```\n');
      await settle();
      clock.advance(50);
      await settle();
      expect(answers).toHaveLength(2);
      answers[1]!(tokens('let b = 2;'));
      await settle();
      clock.advance(199);
      await settle();
      expect(blocks()[1]!.hasAttribute('data-highlighted')).toBe(false);
      clock.advance(1);
      await settle();
      expect(blocks()[1]!.hasAttribute('data-highlighted')).toBe(true);
      void chat.stop();
    } finally {
      clock.restore();
    }
  });
});
