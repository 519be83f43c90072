import { createAgentChat, scriptedTransport, type AgentEvent, type ChatMessage } from '@agent-chat/core';
import { useAgentChat } from '@agent-chat/react';
import { memo, useLayoutEffect } from 'react';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { macrotask, mount, until } from '../../test/mount.js';
import { MessageList } from './message-list.js';
import { MessageListRow } from './message-list-row.js';
import { useMessage, type MessageRowComponentProps } from './message-context.js';
import type { RenderMessagePart } from './message-row.js';
import { HOSTILE_TEXT, longHistory, words } from '../../stories/support/scripts.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';

// Rendered as an app that preloaded the view's parts does: every row at once, no chunk to wait for.
beforeAll(() => preloadAgentChatView());

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

const deltas = (count: number): AgentEvent[] => Array.from({ length: count }, (_, index) => ({ type: 'text-delta', text: `${index % 10}`, messageKey: 'm' }));

describe('MessageList rendering cost', () => {
  it('a streaming token re-renders only the streaming row: every history row renders once, whatever the history length', async () => {
    // 200 rows prove "once each" as 1,000 did (each history row is counted), at a fifth of jsdom's mount cost.
    const history = longHistory(200);
    const transport = scriptedTransport([[...deltas(300), { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 0 });
    const chat = createAgentChat({ transport, state: { messages: history, artifacts: [] } });
    const renders = new Map<string, number>();
    const renderPart: RenderMessagePart = (_part, { message, index }) => {
      if (index === 0) renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
      return undefined;
    };
    let commits = 0;
    function CommitCounter() {
      // Reads `messages`: useAgentChat renders a component only for the state it reads.
      void useAgentChat({ chat }).messages;
      useLayoutEffect(() => {
        commits++;
      });
      return null;
    }
    const view = mount(
      <>
        <MessageList chat={chat} renderPart={renderPart} pageSize={5000} />
        <CommitCounter />
      </>,
    );
    mounted.push(view.unmount);
    await macrotask();
    const historyIds = chat.getState().messages.map((message) => message.id);
    expect(view.container.querySelectorAll('.acu-message').length).toBeGreaterThan(180);
    commits = 0;
    await chat.send('count to 300');
    await until(() => expect(view.container.querySelector('.acu-message[data-role="model"]:last-child')?.getAttribute('data-state')).toBe('done'));
    const [user, model] = chat.getState().messages.slice(-2) as [ChatMessage, ChatMessage];
    const streamingRenders = renders.get(model.id) ?? 0;
    const historyRenders = historyIds.map((id) => renders.get(id) ?? 0);
    console.log(`[render counts] 300 tokens over ${commits} commits: streaming row ${streamingRenders} renders, user row ${renders.get(user.id)}, ` +
      `${historyIds.length} history rows ${Math.min(...historyRenders)}–${Math.max(...historyRenders)} renders each (all at mount)`);
    expect(Math.max(...historyRenders)).toBe(1);
    expect(renders.get(user.id)).toBe(1);
    expect(streamingRenders).toBeGreaterThan(1);
    expect(streamingRenders).toBeLessThanOrEqual(commits + 1);
    expect(commits).toBeLessThan(300 / 3);
  });

  it('renders 5,000 messages incrementally: the latest page at first, earlier pages on demand', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([]), state: { messages: longHistory(5000), artifacts: [] } });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    const rows = () => view.container.querySelectorAll('.acu-message').length;
    expect(rows()).toBeGreaterThan(40);
    expect(rows()).toBeLessThanOrEqual(50);
    const earlier = view.container.querySelector<HTMLButtonElement>('.acu-message-list__earlier')!;
    expect(earlier.textContent).toBe('Show earlier messages (4950)');
    earlier.click();
    // 100 messages: 90 rows (an answer with a tool call is one row of three messages).
    await until(() => expect(rows()).toBeGreaterThan(85));
  });
});

describe('MessageList scrolling', () => {
  it('follows the stream, stops when the reader scrolls up, and "Jump to latest" returns to the end', async () => {
    const transport = scriptedTransport([[...words('one two three four five six seven eight nine ten eleven twelve '.repeat(20)), { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 5 });
    const chat = createAgentChat({ transport });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
    // jsdom has no layout: give the list a geometry that grows with its text.
    let top = 0;
    Object.defineProperties(list, {
      clientHeight: { get: () => 200 },
      scrollHeight: { get: () => 100 + list.textContent!.length },
      scrollTop: { get: () => top, set: (value: number) => (top = Math.max(0, Math.min(value, list.scrollHeight - 200))) },
    });
    const sent = chat.send('go');
    await until(() => expect(list.scrollHeight).toBeGreaterThan(800));
    expect(top).toBe(list.scrollHeight - 200);
    expect(view.container.querySelector('.acu-message-list__jump')).toBeNull();

    top = 100;
    list.dispatchEvent(new Event('scroll'));
    await until(() => expect(view.container.querySelector('.acu-message-list__jump')).not.toBeNull());
    const heightThen = list.scrollHeight;
    await until(() => expect(list.scrollHeight).toBeGreaterThan(heightThen + 50));
    expect(top).toBe(100);

    view.container.querySelector<HTMLButtonElement>('.acu-message-list__jump')!.click();
    await until(() => expect(view.container.querySelector('.acu-message-list__jump')).toBeNull());
    expect(top).toBe(list.scrollHeight - 200);
    await sent;
    await macrotask();
    expect(top).toBe(list.scrollHeight - 200);
  });
  it('follows a streamed answer from its ResizeObserver, after layout: no commit reads the list\'s height (a forced layout)', async () => {
    // A ResizeObserver the test calls, as the browser does after laying the page out.
    const observers: Array<{ callback: ResizeObserverCallback; targets: Element[] }> = [];
    vi.stubGlobal('ResizeObserver', class {
      private readonly entry: { callback: ResizeObserverCallback; targets: Element[] };
      constructor(callback: ResizeObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        observers.splice(observers.indexOf(this.entry), 1);
      }
    });
    try {
      const transport = scriptedTransport([[...words('one two three four five six seven eight nine ten '.repeat(10)), { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 2 });
      const chat = createAgentChat({ transport });
      const view = mount(<MessageList chat={chat} />);
      mounted.push(view.unmount);
      const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
      let top = 0;
      let heightReads = 0;
      Object.defineProperties(list, {
        clientHeight: { get: () => 200 },
        scrollHeight: { get: () => (heightReads++, 100 + list.textContent!.length) },
        scrollTop: { get: () => top, set: (value: number) => (top = Math.max(0, Math.min(value, 100 + list.textContent!.length - 200))) },
      });
      await macrotask();
      const observer = observers.find((entry) => entry.targets.some((target) => target.classList.contains('acu-message-list__content')))!;
      const sent = chat.send('go');
      await until(() => expect(list.textContent!.length).toBeGreaterThan(300));
      // The answer's commits read nothing (with the user's message in a commit of its own, the list jumps to the end at
      // once: one read). Following in the commit read it twice per commit.
      expect(heightReads).toBeLessThanOrEqual(1);
      const before = top;
      // The browser laid the grown answer out: the observer follows it.
      observer.callback([], observer as unknown as ResizeObserver);
      expect(top).toBe(list.scrollHeight - 200);
      expect(top).toBeGreaterThan(before);
      await sent;
      observer.callback([], observer as unknown as ResizeObserver);
      expect(top).toBe(list.scrollHeight - 200);
      // The list's own size too (a composer growing under it): no commit follows that.
      expect(observer.targets.map((target) => target.className)).toEqual(['acu-message-list__content', 'acu-message-list']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('MessageList with hostile content', () => {
  it('renders <script>, <img onerror> and javascript: links as inert text, in text, reasoning, tool calls and media', async () => {
    const hostile = HOSTILE_TEXT;
    const transport = scriptedTransport([[
      { type: 'reasoning-delta', text: hostile, messageKey: 'm' },
      ...words(hostile, 'm'),
      { type: 'tool-request', part: { toolRequest: { name: '<img src=x onerror=alert(1)>', ref: 'x', input: { html: hostile } } }, messageKey: 'm' },
      { type: 'part-add', part: { media: { url: 'javascript:alert(1)', contentType: 'image/png' } }, messageKey: 'm' },
      { type: 'part-add', part: { media: { url: 'data:text/html,<script>alert(1)</script>', contentType: 'text/html' } }, messageKey: 'm' },
      { type: 'turn-end', finishReason: 'stop' },
    ]], { delayMs: 0 });
    const chat = createAgentChat({ transport });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    await chat.send(hostile);
    await macrotask();
    const root = view.container;
    expect(root.querySelectorAll('script, img, iframe, object, embed, [onerror], [onclick], [srcdoc]')).toHaveLength(0);
    for (const element of root.querySelectorAll('[href], [src]')) {
      expect(element.getAttribute('href') ?? element.getAttribute('src')).toMatch(/^https:\/\/example\.com/);
    }
    expect(root.querySelector('a')!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.textContent).toContain('<script>window.');
    expect(root.textContent).toContain('<img src=x onerror=alert(1)>');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });
});

describe('MessageList when a message fails to render', () => {
  it('shows a small error in that row only; the other rows and the app stay', async () => {
    const transport = scriptedTransport([[...words('a fine reply', 'm'), { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 0 });
    const chat = createAgentChat({ transport });
    const renderPart: RenderMessagePart = (part) => {
      if ('text' in part && part.text.includes('explode')) throw new Error('renderer bug');
      return undefined;
    };
    const errors = console.error;
    console.error = () => undefined; // React reports the caught error; it is expected here.
    try {
      const view = mount(<MessageList chat={chat} renderPart={renderPart} />);
      mounted.push(view.unmount);
      await chat.send('please explode');
      await macrotask();
      const rows = view.container.querySelectorAll('article');
      expect(rows).toHaveLength(2);
      const notice = rows[0]!.querySelector('[data-message-id]')!;
      expect(notice.getAttribute('data-state')).toBe('render-error');
      expect(notice.getAttribute('role')).toBe('alert');
      expect(notice.textContent).toBe('This message could not be shown.');
      expect(rows[1]!.textContent).toContain('a fine reply');
      expect(view.container.querySelector('.acu-message-list')).not.toBeNull();
    } finally {
      console.error = errors;
    }
  });
});

describe('useMessage() in a row', () => {
  it('a reader the row does not render again (memoized) still follows the row: streaming, then done', async () => {
    const transport = scriptedTransport([[...deltas(20), { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 0 });
    const chat = createAgentChat({ transport });
    const seen: string[] = [];
    // Rendered once by its row component (no props): only the row's value can make it render again.
    const Status = memo(function Status() {
      const { status, isFinishedAnswer } = useMessage();
      seen.push(`${status}${isFinishedAnswer ? ' finished' : ''}`);
      return <span className="probe">{status}</span>;
    });
    const components = { AssistantMessage: ({ children }: MessageRowComponentProps) => <MessageListRow>{children}<Status /></MessageListRow> };
    const view = mount(<MessageList chat={chat} components={components} />);
    mounted.push(view.unmount);
    await chat.send('count');
    await until(() => expect(view.container.querySelector('.probe')?.textContent).toBe('done'));
    expect(seen[0]).toBe('streaming');
    expect(seen.at(-1)).toBe('done finished');
  });
});
