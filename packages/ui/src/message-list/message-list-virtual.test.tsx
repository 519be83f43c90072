import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { Profiler } from 'react';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { macrotask, mount, until } from '../../test/mount.js';
import { LabelsProvider } from '../labels/labels.js';
import { MessageList } from './message-list.js';
import type { RenderMessagePart } from './message-row.js';
import { longHistory, words } from '../../stories/support/scripts.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';

// Rendered as an app that preloaded the view's parts does: every row at once, no chunk to wait for.
beforeAll(() => preloadAgentChatView());

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const VIEWPORT = 400;
const ROW = 60;

/**
 * jsdom has no layout: a list VIEWPORT px high whose mounted rows are ROW px each, the rest standing in as the rows'
 * padding (the geometry a browser would report for the virtualized list).
 */
function layout(heights = new WeakMap<Element, number>()) {
  const tops = new WeakMap<Element, number>();
  const rowHeight = (row: Element) => (row.childElementCount > 0 ? (heights.get(row) ?? ROW) : 0);
  const rowsOf = (list: Element) => list.querySelector<HTMLElement>('.acu-message-list__rows');
  const heightOf = (list: Element) => {
    const rows = rowsOf(list);
    if (!rows) return 0;
    const filled = [...rows.children].reduce((sum, row) => sum + rowHeight(row), 0);
    return (parseFloat(rows.style.paddingTop) || 0) + (parseFloat(rows.style.paddingBottom) || 0) + filled;
  };
  const isList = (element: Element) => element.classList.contains('acu-message-list');
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isList(this) ? VIEWPORT : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (isList(this)) return VIEWPORT;
    return this.classList.contains('acu-message-list__row') ? rowHeight(this) : 0;
  });
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return isList(this) ? heightOf(this) : 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return tops.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value: number) {
    const before = tops.get(this) ?? 0;
    tops.set(this, Math.max(0, Math.min(value, heightOf(this) - VIEWPORT)));
    // A browser reports a moved scroll position with a scroll event before its next frame.
    if (tops.get(this) !== before) setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  });
  const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
  rect.mockImplementation(function (this: Element) {
    // The rows begin at the top of the scrolled content.
    const list = this.closest('.acu-message-list');
    const top = this.classList.contains('acu-message-list__rows') && list ? -(tops.get(list) ?? 0) : 0;
    return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
  /** Scrolls the list as a reader does. */
  return (list: HTMLElement, top: number) => {
    list.scrollTop = top;
  };
}

/** A ResizeObserver the test drives: `resize` reports an element's new border-box height to whoever observes it. */
function drivenResizeObserver() {
  const observers = new Set<{ callback: ResizeObserverCallback; targets: Set<Element>; self: ResizeObserver }>();
  class DrivenResizeObserver {
    private readonly entry: { callback: ResizeObserverCallback; targets: Set<Element>; self: ResizeObserver };
    constructor(callback: ResizeObserverCallback) {
      this.entry = { callback, targets: new Set(), self: this as unknown as ResizeObserver };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }
  vi.stubGlobal('ResizeObserver', DrivenResizeObserver);
  return (target: Element, height: number) => {
    const size = [{ blockSize: height, inlineSize: 0 }];
    const entry = { target, borderBoxSize: size, contentBoxSize: size, devicePixelContentBoxSize: size, contentRect: { height } } as unknown as ResizeObserverEntry;
    for (const observer of [...observers]) if (observer.targets.has(target)) observer.callback([entry], observer.self);
  };
}

const positions = (root: HTMLElement) => [...root.querySelectorAll('article[aria-posinset]')].map((row) => Number(row.getAttribute('aria-posinset')));
// A row is an article: a user's message, or a whole answer (an answer with a tool call is three messages, one row).
// longHistory(1000) is 910 rows (its message 996 is row 906), longHistory(300) 274 (message 201 is row 183, 181 row 165).

describe('MessageList virtualised (a laid-out list)', () => {
  it('mounts only the rows near the viewport, opens at the end, scrolls to the top and back; a token re-renders one row', async () => {
    const scroll = layout();
    // The turn streams its first words, then waits for the test: the answer's row is on screen with part of its text
    // before the rest arrives, however busy the machine (a loaded runner could otherwise deliver all in one commit).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const turn = async function* (): AsyncIterable<AgentEvent> {
      yield* words('one two three four five ', 'm');
      await gate;
      yield* words('six seven eight nine ten ', 'm');
      yield { type: 'turn-end', finishReason: 'stop' };
    };
    const transport = scriptedTransport([turn], { delayMs: 1 });
    const chat = createAgentChat({ transport, state: { messages: longHistory(1000), artifacts: [] } });
    const renders = new Map<string, number>();
    const renderPart: RenderMessagePart = (_part, { message, index }) => {
      if (index === 0) renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
      return undefined;
    };
    const view = mount(<MessageList chat={chat} pageSize={1000} renderPart={renderPart} />);
    mounted.push(view.unmount);
    const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
    await until(() => expect(positions(view.container)).toContain(910));
    const feed = view.container.querySelector('[role="feed"]')!;
    expect(feed.getAttribute('data-state')).toBe('virtual');
    expect(positions(view.container).length).toBeLessThan(30);
    expect(feed.querySelector('article')!.getAttribute('aria-setsize')).toBe('910');

    scroll(list, 0);
    await until(() => expect(positions(view.container)).toContain(1));
    expect(positions(view.container)).not.toContain(910);
    expect(positions(view.container).length).toBeLessThan(30);
    await until(() => expect(view.container.querySelector('.acu-message-list__jump')).not.toBeNull());

    view.container.querySelector<HTMLButtonElement>('.acu-message-list__jump')!.click();
    await until(() => expect(positions(view.container)).toContain(910));
    expect(view.container.querySelector('.acu-message-list__jump')).toBeNull();

    const before = new Map(renders);
    const sent = chat.send('count');
    await until(() => expect(view.container.querySelector('article[aria-posinset="912"]')?.textContent).toContain('five'));
    release();
    await sent;
    await until(() => expect(view.container.querySelector('article[aria-posinset="912"]')?.getAttribute('data-state')).toBe('done'));
    await macrotask();
    const [user, model] = chat.getState().messages.slice(-2);
    expect(renders.get(model!.id)).toBeGreaterThan(1);
    expect(renders.get(user!.id)).toBe(1);
    // History rows mounted before the turn were not rendered again by its tokens or its new messages.
    for (const [id, count] of before) expect(renders.get(id)).toBe(count);
    expect(feed.querySelector('article')!.getAttribute('aria-setsize')).toBe('912');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('the streaming answer growing (the last row measured again) re-renders nothing and never moves the scroll position; a row above the viewport growing keeps the reader\'s place', async () => {
    const heights = new WeakMap<Element, number>();
    const scroll = layout(heights);
    const resize = drivenResizeObserver();
    const scrolledTo: number[] = [];
    Element.prototype.scrollTo ??= function () {};
    vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(function (this: Element, options?: ScrollToOptions | number) {
      const top = typeof options === 'object' ? options.top : undefined;
      if (top !== undefined) {
        scrolledTo.push(top);
        this.scrollTop = top;
      }
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const turn = async function* (): AsyncIterable<AgentEvent> {
      yield* words('one two three ', 'm');
      await gate;
      yield { type: 'turn-end', finishReason: 'stop' };
    };
    const chat = createAgentChat({ transport: scriptedTransport([turn], { delayMs: 1 }), state: { messages: longHistory(1000), artifacts: [] } });
    let commits = 0;
    const view = mount(
      <Profiler id="list" onRender={() => commits++}>
        <MessageList chat={chat} pageSize={1000} />
      </Profiler>,
    );
    mounted.push(view.unmount);
    const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
    await until(() => expect(positions(view.container)).toContain(910));
    const sent = chat.send('count');
    const answer = () => view.container.querySelector('article[aria-posinset="912"]')?.closest('.acu-message-list__row');
    await until(() => expect(answer()?.textContent).toContain('three'));
    await macrotask();
    // The answer is taller than the viewport; the reader scrolled up, then down inside it, 200 px above the end
    // (its top is above the viewport's).
    heights.set(answer()!, 900);
    resize(answer()!, 900);
    scroll(list, list.scrollTop - 100);
    await until(() => expect(view.container.querySelector('.acu-message-list__jump')).not.toBeNull());
    scroll(list, list.scrollHeight - VIEWPORT - 200);
    await macrotask();
    await macrotask();
    const [commitsBefore, scrolledBefore, topBefore] = [commits, scrolledTo.length, list.scrollTop];
    for (const height of [1200, 1500, 1800]) {
      heights.set(answer()!, height);
      resize(answer()!, height);
      await macrotask();
    }
    expect(commits).toBe(commitsBefore);
    expect(scrolledTo.length).toBe(scrolledBefore);
    expect(list.scrollTop).toBe(topBefore);
    // A mounted row above the viewport grows by 40 px: what the reader sees moved down 40 px, and the list scrolls with it.
    const above = view.container.querySelector('article[aria-posinset="906"]')!.closest('.acu-message-list__row')!;
    heights.set(above, ROW + 40);
    resize(above, ROW + 40);
    expect(list.scrollTop).toBe(topBefore + 40);
    release();
    await sent;
  });

  it('a list following its end stays there when a row above is measured again right after it followed (the CI flake of issue 49\'s suite)', async () => {
    const heights = new WeakMap<Element, number>();
    layout(heights);
    const resize = drivenResizeObserver();
    // The virtualizer's own scroll corrections (its scrollToFn) land where they ask.
    Element.prototype.scrollTo ??= function () {};
    vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(function (this: Element, options?: ScrollToOptions | number) {
      if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    });
    const chat = createAgentChat({ transport: scriptedTransport([]), state: { messages: longHistory(1000), artifacts: [] } });
    const view = mount(<MessageList chat={chat} pageSize={1000} />);
    mounted.push(view.unmount);
    const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
    const content = view.container.querySelector('.acu-message-list__content')!;
    await until(() => expect(positions(view.container)).toContain(910));
    await macrotask();
    await macrotask();
    const atEnd = () => list.scrollHeight - list.scrollTop - VIEWPORT;
    expect(atEnd()).toBe(0);
    // The last row grows by 840 px without a commit (an image or a formula laid out): the list follows it down…
    const row = (position: number) => view.container.querySelector(`article[aria-posinset="${position}"]`)!.closest('.acu-message-list__row')!;
    heights.set(row(910), 900);
    resize(row(910), 900);
    resize(content, list.scrollHeight);
    expect(atEnd()).toBe(0);
    // …and before the scroll event that reports it, a row above the viewport is measured 50 px smaller (the list's
    // observer hears of it first: it was created first). The virtualizer's rule scrolled back to the position the last
    // scroll event reported, less 50 px: 890 px up, read as the reader scrolling up, and the list stopped following
    // (the next rows were never mounted).
    expect(positions(view.container)).toContain(900);
    heights.set(row(900), ROW - 50);
    resize(content, list.scrollHeight);
    resize(row(900), ROW - 50);
    await macrotask();
    await macrotask();
    expect(atEnd()).toBe(0);
    expect(view.container.querySelector('.acu-message-list__jump')).toBeNull();
  });

  it('a message sent jumps to the end even when its answer arrives in the same commit (commits are coalesced while a turn streams)', async () => {
    const scroll = layout();
    // The whole answer in one read right after the question: the question and its answer reach React in one commit.
    const turn: AgentEvent[] = [...words('Short answer.', 'm'), { type: 'turn-end', finishReason: 'stop' }];
    const chat = createAgentChat({ transport: scriptedTransport([turn], { batchSize: 10 }), state: { messages: longHistory(1000), artifacts: [] } });
    const view = mount(<MessageList chat={chat} pageSize={1000} />);
    mounted.push(view.unmount);
    const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
    await until(() => expect(positions(view.container)).toContain(910));
    // The reader scrolled up: the list does not follow new content…
    scroll(list, 0);
    await until(() => expect(view.container.querySelector('.acu-message-list__jump')).not.toBeNull());
    // …until the reader sends a message: then it goes to the end, where the question and its answer are mounted.
    await chat.send('one more');
    await until(() => expect(positions(view.container)).toContain(912));
    expect(list.scrollHeight - list.scrollTop - VIEWPORT).toBe(0);
    expect(view.container.querySelector('article[aria-posinset="912"]')!.textContent).toContain('Short answer.');
    expect(view.container.querySelector('.acu-message-list__jump')).toBeNull();
  });

  it('becoming virtual (its 30th message), the list starts from the heights its rows were drawn at: a tall row near the end is not rendered again', async () => {
    const heights = new WeakMap<Element, number>();
    layout(heights);
    const answer: AgentEvent[] = [...words('Short answer.', 'm'), { type: 'turn-end', finishReason: 'stop' }];
    const chat = createAgentChat({ transport: scriptedTransport([answer, answer]), state: { messages: longHistory(27), artifacts: [] } });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    const feed = () => view.container.querySelector('[role="feed"]')!;
    expect(feed().getAttribute('data-state')).toBe('all');
    // Every row drawn, one of them 5,000 px tall (thousands of formulas): five rows from the end, nine after two turns.
    const drawn = [...view.container.querySelectorAll('.acu-message-list__row')];
    const tall = drawn.at(-5)!;
    const tallId = tall.querySelector('[data-message-id]')!.getAttribute('data-message-id');
    heights.set(tall, 5000);
    await chat.send('one');
    expect(feed().getAttribute('data-state')).toBe('all');
    // The next turn makes 31 messages: the rows are virtualised. Guessed at 96 px, the tall row was within the
    // viewport's reach and was rendered again (and measured: a long task in a browser) though the reader is at the end.
    let rendered = false;
    const watch = new MutationObserver(() => {
      if (feed()?.getAttribute('data-state') === 'virtual' && view.container.querySelector(`[data-message-id="${tallId}"]`)) rendered = true;
    });
    watch.observe(view.container, { childList: true, subtree: true });
    await chat.send('two');
    await until(() => expect(feed().getAttribute('data-state')).toBe('virtual'));
    await until(() => expect([...view.container.querySelectorAll('article[aria-posinset]')].at(-1)?.textContent).toContain('Short answer.'));
    await macrotask();
    watch.disconnect();
    expect(rendered).toBe(false);
    const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
    expect(list.scrollHeight - list.scrollTop - VIEWPORT).toBe(0);
  });

  it('loading earlier messages keeps the reader where they were', async () => {
    const scroll = layout();
    const chat = createAgentChat({ transport: scriptedTransport([]), state: { messages: longHistory(300), artifacts: [] } });
    const view = mount(<MessageList chat={chat} pageSize={100} />);
    mounted.push(view.unmount);
    const list = view.container.querySelector<HTMLElement>('.acu-message-list')!;
    await until(() => expect(positions(view.container)).toContain(274));
    // The reader scrolls up to the first rows of the page taken (messages 201…, row 183): the page before it loads above them.
    scroll(list, 20);
    await until(() => expect(view.container.querySelector('.acu-message-list__earlier')?.textContent).toBe('Show earlier messages (100)'));
    await until(() => expect(positions(view.container)).toContain(183));
    expect(list.scrollTop).toBeGreaterThan(85 * ROW);
    expect(Math.min(...positions(view.container))).toBeGreaterThan(164);
  });
});

describe('MessageList authors', () => {
  it('one author label per run of the agent\'s messages (tool call, tool result, text), never an empty or "Tool" label while it streams', async () => {
    const turn: AgentEvent[] = [
      { type: 'reasoning-delta', text: 'Let me look.', messageKey: 'a' },
      { type: 'tool-request', part: { toolRequest: { name: 'getWeather', ref: 'w1', input: { city: 'Paris' } } }, messageKey: 'a' },
      { type: 'tool-response', part: { toolResponse: { name: 'getWeather', ref: 'w1', output: { tempC: 21 } } }, role: 'tool', messageKey: 'b' },
      ...words('It is sunny in Paris.', 'c'),
      { type: 'turn-end', finishReason: 'stop' },
    ];
    const chat = createAgentChat({ transport: scriptedTransport([turn], { delayMs: 2 }) });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    const seen = new Set<string>();
    const check = () => {
      for (const author of view.container.querySelectorAll('.acu-message__author')) {
        seen.add(author.textContent!);
        const body = author.parentElement!.querySelector('.acu-message__body')!;
        if (body.childElementCount === 0) seen.add('empty row');
      }
      const labels = [...view.container.querySelectorAll('.acu-message__author')].map((author) => author.textContent);
      if (labels.filter((label) => label === 'Agent').length > 1) seen.add('two Agent labels');
    };
    const observer = new MutationObserver(check);
    observer.observe(view.container, { subtree: true, childList: true, characterData: true });
    await chat.send('weather?');
    await macrotask();
    observer.disconnect();
    check();
    expect(chat.getState().messages.map((message) => message.role)).toEqual(['user', 'model', 'tool', 'model']);
    expect([...seen].sort()).toEqual(['Agent', 'You']);
    expect([...view.container.querySelectorAll('.acu-message__author')].map((author) => author.textContent)).toEqual(['You', 'Agent']);
    expect(view.container.textContent).toContain('It is sunny in Paris.');
  });

  it('every string comes from the labels: provider, the list\'s own labels prop, and roleLabels', async () => {
    const chat = createAgentChat({ transport: scriptedTransport([[...words('Bonjour.'), { type: 'turn-end', finishReason: 'stop' }]]), state: { messages: longHistory(60), artifacts: [] } });
    const view = mount(
      <LabelsProvider labels={{ roleUser: 'Vous', roleModel: 'Assistant', conversation: 'Conversation (fr)' }}>
        <MessageList chat={chat} labels={{ loadEarlier: (count) => `Messages précédents (${count})` }} roleLabels={{ model: 'Agent X' }} />
      </LabelsProvider>,
    );
    mounted.push(view.unmount);
    await chat.send('Salut');
    await macrotask();
    expect(view.container.querySelector('.acu-message-list')!.getAttribute('aria-label')).toBe('Conversation (fr)');
    expect(view.container.querySelector('.acu-message-list__earlier')!.textContent).toBe('Messages précédents (10)');
    const authors = [...view.container.querySelectorAll('.acu-message__author')].map((author) => author.textContent);
    expect(authors.slice(-2)).toEqual(['Vous', 'Agent X']);
    const empty = mount(<LabelsProvider labels={{ noMessages: 'Rien encore.' }}><MessageList chat={createAgentChat({ transport: scriptedTransport([]) })} /></LabelsProvider>);
    mounted.push(empty.unmount);
    expect(empty.container.textContent).toBe('Rien encore.');
  });
});
