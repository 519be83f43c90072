import { createAgentChat, scriptedTransport, type AgentEvent, type Message } from '@agent-chat/core';
import { MessageList } from '@agent-chat/ui';
import '@agent-chat/ui/styles.css';
import type { ReactNode } from 'react';
import { historyTexts } from './content.js';

/** What one measured turn cost, and the page after it. */
export interface TurnCost {
  ms: number[];
  elements: number;
  rows: number;
}

// Each answer: about 80 words of Markdown, ten words per read, ending in its own sentinel.
const answer = (turn: number): AgentEvent[] => [
  ...`Turn ${turn}: here is **a short answer** with \`code\` and a list.\n\n- one point\n- another point\n\nA closing sentence that wraps over a line or two on a normal screen. `
    .repeat(2)
    .split(/(?<= )/)
    .map((text): AgentEvent => ({ type: 'text-delta', text, messageKey: 'm' })),
  { type: 'text-delta', text: `turn-end-${turn}`, messageKey: 'm' },
  { type: 'turn-end', finishReason: 'stop' },
];

const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * A conversation of `history` messages, all taken by the list (as one grown turn by turn keeps them), and
 * `window.benchTurns(count)`: sends `count` turns one after another, each timed from the send to the first frame
 * after its whole answer is in the DOM.
 */
export function turnsApp(history: number, turns = 64): ReactNode {
  const messages: Message[] = historyTexts(history).map(({ role, text }) => ({ role: role === 'user' ? 'user' : 'model', content: [{ text }] }));
  const chat = createAgentChat({ transport: scriptedTransport(Array.from({ length: turns }, (_, turn) => answer(turn)), { delayMs: 0, batchSize: 10 }), state: { messages, artifacts: [] } });
  let next = 0;
  (window as unknown as { benchTurns: (count: number) => Promise<TurnCost> }).benchTurns = async (count) => {
    const ms: number[] = [];
    for (let index = 0; index < count; index++, next++) {
      const sentinel = `turn-end-${next}`;
      const started = performance.now();
      await chat.send(`question ${next}`);
      while (!document.getElementById('root')!.textContent!.includes(sentinel)) await painted();
      await painted();
      ms.push(performance.now() - started);
    }
    return { ms, elements: document.getElementsByTagName('*').length, rows: document.querySelectorAll('article.acu-message').length };
  };
  return <MessageList.Root chat={chat} pageSize={history + turns * 2} />;
}
