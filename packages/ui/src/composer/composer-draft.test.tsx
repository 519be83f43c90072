import { createAgentChat, scriptedTransport, type SnapshotInfo, type Transport } from '@agent-chat/core';
import { persist, persistedValues, type PersistedChat } from '@agent-chat/core/persist';
import { memoryStorage, type MemoryStorage } from '@agent-chat/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Composer } from './composer.js';

afterEach(cleanup);

/** What a tab's `sessionStorage` (a storage of the test's own) keeps of its chat. */
const kept = (storage: MemoryStorage) => JSON.parse(storage.getItem('agent-chat/chat') ?? 'null') as PersistedChat | null;

const answered = () => scriptedTransport([[{ type: 'text-delta', text: 'ok' }, { type: 'turn-end', finishReason: 'stop' }]], { loop: true });
const field = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

describe('the composer keeps its draft per conversation', () => {
  it('with persist(): a reload shows the draft typed before it; sending clears it, also in what is kept', async () => {
    const storage = memoryStorage();
    const before = createAgentChat({ transport: answered(), features: [persist({ storage })] });
    const first = render(<Composer chat={before} />);
    await userEvent.setup().type(field(), 'half a thought');
    await waitFor(() => expect(kept(storage)?.extras).toEqual({ draft: 'half a thought' }));
    first.unmount();

    // The next page: a new chat over the same storage.
    const after = createAgentChat({ transport: answered(), features: [persist({ storage })] });
    render(<Composer chat={after} />);
    await waitFor(() => expect(field().value).toBe('half a thought'));
    const user = userEvent.setup();
    await user.type(field(), '{Enter}');
    await waitFor(() => expect(after.getState().messages.map((message) => message.role)).toEqual(['user', 'model']));
    expect(field().value).toBe('');
    await waitFor(() => expect(kept(storage)?.extras ?? {}).toEqual({}));
  });

  it('a draft typed while the kept conversation loads wins over the kept one', async () => {
    const storage = memoryStorage();
    storage.setItem('agent-chat/chat', JSON.stringify({ version: 1, sessionId: 's1', snapshotId: null, runningTurn: null, extras: { draft: 'old' } } satisfies PersistedChat));
    let load!: (snapshot: SnapshotInfo) => void;
    const transport: Transport = { ...answered(), getSnapshot: () => new Promise<SnapshotInfo>((resolve) => (load = resolve)) };
    const chat = createAgentChat({ transport, features: [persist({ storage })] });
    render(<Composer chat={chat} />);
    await waitFor(() => expect(load).toBeTypeOf('function'));
    await userEvent.setup().type(field(), 'new');
    load({ snapshotId: 'p1', sessionId: 's1', finishReason: 'stop', state: { sessionId: 's1', messages: [], artifacts: [] }, raw: null });
    await persistedValues(chat)!.restored;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(field().value).toBe('new');
  });

  it('switching conversations shows each one its own draft (with or without persist())', async () => {
    const first = createAgentChat({ transport: answered() });
    const second = createAgentChat({ transport: answered(), features: [persist({ storage: memoryStorage() })] });
    const user = userEvent.setup();
    const view = render(<Composer chat={first} />);
    await user.type(field(), 'for the first');
    view.rerender(<Composer chat={second} />);
    expect(field().value).toBe('');
    await user.type(field(), 'for the second');
    view.rerender(<Composer chat={first} />);
    expect(field().value).toBe('for the first');
    await user.type(field(), '{Enter}');
    await waitFor(() => expect(first.getState().messages).toHaveLength(2));
    view.rerender(<Composer chat={second} />);
    expect(field().value).toBe('for the second');
    view.rerender(<Composer chat={first} />);
    expect(field().value).toBe('');
    expect(second.getState().messages).toEqual([]);
  });
});
