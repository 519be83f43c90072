import { scriptedTransport, textOf, type AgentChat, type AgentEvent } from '@agent-chat/core';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useAgentChat, useAgentChatSelector } from './index.js';

// Render counts under createRoot without StrictMode (one render per commit, as in production), by a layout effect
// per commit: which components the hook renders while a turn streams depends on what they read from its result. No
// `act` (React 18's batches every update inside it into one commit): the updates commit as they would on a page.

const WORDS = 12;
const FULL = Array.from({ length: WORDS }, (_, index) => `w${index} `).join('');
const reply = (): AgentEvent[] => [
  ...Array.from({ length: WORDS }, (_, index): AgentEvent => ({ type: 'text-delta', text: `w${index} `, messageKey: 'm' })),
  { type: 'turn-end', finishReason: 'stop', snapshotId: 's1' },
];
// 20 ms between tokens with no throttle: one commit per token.
const transport = () => scriptedTransport([reply()], { delayMs: 20 });

// Commits per component, and what the components hand the test (their `send`, a state setter), taken in effects.
const commits = new Map<string, number>();
const handles = new Map<string, (text: string) => Promise<unknown>>();
const setters = new Map<string, () => void>();
function useCommits(name: string): void {
  useLayoutEffect(() => {
    commits.set(name, (commits.get(name) ?? 0) + 1);
  });
}
const count = (name: string) => commits.get(name) ?? 0;

/** The answer's text, read through a selector: it renders per token whatever its parent does. */
function Answer({ chat }: { chat: AgentChat }) {
  const text = useAgentChatSelector(chat, (state) => textOf(state.messages.at(-1)?.content ?? []), Object.is, { throttle: false });
  useCommits('answer');
  return <p data-testid="answer">{text}</p>;
}

let root: Root | null = null;
let host: HTMLElement | null = null;
async function mount(node: ReactNode, mounted: () => boolean): Promise<HTMLElement> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(node);
  await waitUntil(mounted);
  return host;
}
afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
  commits.clear();
  handles.clear();
  setters.clear();
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('useAgentChat renders a component only for what it reads', () => {
  it('an app that takes only `chat` and `send` renders once while a whole turn streams; its list renders per token', async () => {
    function App() {
      const result = useAgentChat({ transport: transport(), throttle: false });
      const { chat, send } = result;
      const [show, setShow] = useState(false);
      useLayoutEffect(() => {
        handles.set('app', send);
        setters.set('app', () => setShow(true));
      });
      useCommits('app');
      return (
        <>
          <Answer chat={chat} />
          <output>{show ? textOf(result.messages.at(-1)?.content ?? []) : ''}</output>
        </>
      );
    }
    const element = await mount(<App />, () => count('app') === 1);
    await handles.get('app')!('hi');
    await waitUntil(() => element.querySelector('p')!.textContent === FULL);
    expect(count('app')).toBe(1);
    expect(count('answer')).toBeGreaterThanOrEqual(WORDS / 2);
    // Rendered for another reason, it sees the latest value of a key it had never read (kept up to date in place).
    setters.get('app')!();
    await waitUntil(() => count('app') === 2);
    expect(element.querySelector('output')!.textContent).toBe(FULL);
  });

  it('an app that reads `messages` still renders per token, and one that reads `status` at the turn\'s start and end only', async () => {
    const seen: string[] = [];
    function Reader() {
      const { messages, send } = useAgentChat({ transport: transport(), throttle: false });
      useLayoutEffect(() => void handles.set('messages', send));
      useCommits('messages');
      return <p>{textOf(messages.at(-1)?.content ?? [])}</p>;
    }
    function StatusOnly() {
      const result = useAgentChat({ transport: transport(), throttle: false });
      const shown = result.isThinking ? 'thinking' : result.status;
      useLayoutEffect(() => {
        handles.set('status', result.send);
        seen.push(shown);
      });
      useCommits('status');
      return <p>{shown}</p>;
    }
    await mount(<><Reader /><StatusOnly /></>, () => count('status') === 1);
    await Promise.all([handles.get('messages')!('hi'), handles.get('status')!('hi')]);
    await waitUntil(() => seen.at(-1) === 'ready' && count('messages') >= WORDS / 2);
    // Mounted, submitted or streaming, ready: never once per token.
    expect(count('status')).toBeLessThanOrEqual(4);
    expect(seen.slice(1, -1).every((status) => status === 'thinking')).toBe(true);
  });
});
