import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent, DecodedFrame } from '../../model/events.js';
import type { Transport } from '../../transport/transport.js';

// The custom-state patcher (fast-json-patch on an immer draft) is a chunk of its own, loaded by the first turn or local
// write. Each test imports the core afresh, so that the chunk is not loaded yet when it starts.
async function freshCore() {
  vi.resetModules();
  const [core, patcher] = await Promise.all([import('../../index.js'), import('./patcher.js')]);
  return { ...core, ...patcher };
}

const END: AgentEvent = { type: 'turn-end', finishReason: 'stop' };

describe('the custom-state patcher, loaded on use', () => {
  it('a turn whose first read carries a patch waits for it, and applies the read in one store update', async () => {
    const { createAgentChat, loadedPatcher } = await freshCore();
    const frames: DecodedFrame[] = [{
      raw: null,
      events: [
        { type: 'text-delta', text: 'hi', messageKey: 'm' },
        { type: 'custom-patch', patch: [{ op: 'add', path: '/tasks/-', value: 'b' }] },
      ],
    }];
    const transport: Transport = {
      name: 'test',
      async *run() {
        yield frames;
        yield [{ raw: null, events: [END] }];
      },
    };
    const chat = createAgentChat<{ tasks: string[] }>({ transport, state: { messages: [], custom: { tasks: ['a'] }, artifacts: [] } });
    expect(loadedPatcher()).toBeUndefined();
    const seen: Array<{ text: string; tasks: string[] | undefined }> = [];
    chat.subscribe((state) => {
      const last = state.messages[state.messages.length - 1];
      seen.push({ text: last?.role === 'model' ? last.content.map((part) => ('text' in part ? part.text : '')).join('') : '', tasks: state.custom?.tasks });
    });
    const response = await chat.send('go');
    expect(response.error).toBeNull();
    expect(loadedPatcher()).toBeDefined();
    expect(chat.getState().custom).toEqual({ tasks: ['a', 'b'] });
    // The text and the patch of the same read show together: no update with one and not the other.
    expect(seen.filter((update) => update.text === 'hi').every((update) => update.tasks?.length === 2)).toBe(true);
    expect(seen.some((update) => update.text === '' && update.tasks?.length === 2)).toBe(false);
  });

  it('a state that enters with pending writes before it is loaded shows them a moment later, and a turn starts from them', async () => {
    const { createAgentChat, scriptedTransport, loadedPatcher } = await freshCore();
    const transport = scriptedTransport([[END]]);
    const chat = createAgentChat<{ count: number; name: string }>({
      transport,
      state: { messages: [], custom: { count: 1, name: 'agent' }, artifacts: [] },
      customWrites: [[{ op: 'replace', path: '/count', value: 2 }], [{ op: 'remove', path: '/missing' }]],
    });
    // Not loaded yet: the agent's state, the writes waiting whole.
    expect(loadedPatcher()).toBeUndefined();
    expect(chat.getState().custom).toEqual({ count: 1, name: 'agent' });
    expect(chat.getState().customWrites).toHaveLength(2);
    // A turn sent at once starts from the state with the writes on top; a write that no longer applies is dropped.
    await chat.send('go');
    expect(transport.requests[0]!.custom).toEqual({ count: 2, name: 'agent' });
    expect(transport.requests[0]!.customWrites).toEqual([{ op: 'replace', path: '/count', value: 2 }]);
    expect(chat.getState().custom).toEqual({ count: 2, name: 'agent' });
  });

  it('without a turn, the writes show once the patcher has loaded; a local write made meanwhile stays on top', async () => {
    const { createAgentChat, scriptedTransport, loadPatcher } = await freshCore();
    const chat = createAgentChat<{ count: number; name: string }>({
      transport: scriptedTransport([]),
      state: { messages: [], custom: { count: 1, name: 'agent' }, artifacts: [] },
      customWrites: [[{ op: 'replace', path: '/count', value: 2 }]],
    });
    chat.setCustom((draft) => {
      draft.name = 'mine';
    });
    expect(chat.getState().custom).toEqual({ count: 1, name: 'mine' });
    await loadPatcher();
    await vi.waitFor(() => expect(chat.getState().custom).toEqual({ count: 2, name: 'mine' }));
    expect(chat.getState().customWrites).toEqual([[{ op: 'replace', path: '/count', value: 2 }], [{ op: 'replace', path: '/name', value: 'mine' }]]);
    expect(Object.isFrozen(chat.getState().custom)).toBe(true);
  });

  it('a reset before the patcher loads drops the writes that waited for it', async () => {
    const { createAgentChat, scriptedTransport, loadPatcher } = await freshCore();
    const chat = createAgentChat<{ count: number }>({
      transport: scriptedTransport([]),
      state: { messages: [], custom: { count: 1 }, artifacts: [] },
      customWrites: [[{ op: 'replace', path: '/count', value: 2 }]],
    });
    chat.reset({ state: { messages: [], custom: { count: 5 }, artifacts: [] } });
    await loadPatcher();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chat.getState().custom).toEqual({ count: 5 });
    expect(chat.getState().customWrites).toBeUndefined();
  });
});
