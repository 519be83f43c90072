import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedTransport } from '../transport/scripted-transport.js';
import { createAgentChat } from './agent-chat.js';

afterEach(() => vi.restoreAllMocks());

const history = [
  { role: 'user' as const, content: [{ text: 'hi' }] },
  { role: 'model' as const, content: [{ text: 'hello' }] },
];

describe('createAgentChat is pure (a React render may call it)', () => {
  it('draws nothing random and reads no clock, with or without a starting history', () => {
    const random = vi.spyOn(Math, 'random');
    const uuid = vi.spyOn(globalThis.crypto, 'randomUUID');
    const now = vi.spyOn(Date, 'now');
    createAgentChat({ transport: scriptedTransport([]) });
    createAgentChat({ transport: scriptedTransport([]), state: { messages: history, artifacts: [] } });
    expect(random).not.toHaveBeenCalled();
    expect(uuid).not.toHaveBeenCalled();
    expect(now).not.toHaveBeenCalled();
  });

  it('gives a starting history the same ids on the server and in the browser; new messages get the random prefix', async () => {
    const server = createAgentChat({ transport: scriptedTransport([]), state: { messages: history, artifacts: [] } });
    const browser = createAgentChat({ transport: scriptedTransport([[{ type: 'text-delta', text: 'again', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }]]), state: { messages: history, artifacts: [] } });
    expect(server.getState().messages.map((message) => message.id)).toEqual(['h1', 'h2']);
    expect(browser.getState().messages.map((message) => message.id)).toEqual(['h1', 'h2']);
    await browser.send('more');
    const ids = browser.getState().messages.map((message) => message.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids.slice(2).every((id) => /^m[0-9a-z]+-[0-9a-z]+$/.test(id))).toBe(true);
  });
});
