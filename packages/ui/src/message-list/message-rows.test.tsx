import { createAgentChat, scriptedTransport } from '@agent-chat/core';
import { afterEach, describe, expect, it } from 'vitest';
import { mount, until } from '../../test/mount.js';
import { longHistory } from '../../stories/support/scripts.js';
import { MessageList } from './message-list.js';
import { FIRST_ROWS } from './message-rows.js';

// No preload here: this file's module registry starts without the virtualiser's chunk, as a fresh page does.
const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

describe('a long list before the virtualiser\'s chunk is in', () => {
  it('shows its latest rows only (a thread of 200 messages opened on a fresh page), then hands over to the virtualiser', async () => {
    const history = longHistory(200);
    const chat = createAgentChat({ transport: scriptedTransport([]), state: { messages: history, artifacts: [] } });
    const view = mount(<MessageList chat={chat} pageSize={200} />);
    mounted.push(view.unmount);
    const articles = () => [...view.container.querySelectorAll('article.acu-message')];
    // The first render: the latest rows, ending with the conversation's last message.
    expect(articles().length).toBeLessThanOrEqual(FIRST_ROWS);
    expect(articles().length).toBeGreaterThan(FIRST_ROWS / 2);
    expect(articles().at(-1)!.getAttribute('data-message-id')).toBe(chat.getState().messages.at(-1)!.id);
    expect(articles()[0]!.getAttribute('data-message-id')).not.toBe(chat.getState().messages[0]!.id);
    // The virtualiser's chunk in: its rows (jsdom has no viewport, so it mounts them all).
    await until(() => expect(articles().length).toBeGreaterThan(FIRST_ROWS));
  });
});
