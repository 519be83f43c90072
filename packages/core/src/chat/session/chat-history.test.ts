import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../model/message.js';
import { createChatHistory } from './chat-history.js';
import { initialChatState, type ChatState } from '../state/chat-state.js';

const message = (id: string): ChatMessage => ({ id, role: id.startsWith('u') ? 'user' : 'model', content: [{ text: id }], status: 'done' });

/** A live state that turns append to, as the store's. */
function live() {
  let state: ChatState = initialChatState();
  return {
    current: () => state,
    /** One turn: a user and a model message, ending at `snapshotId`. */
    turn(n: number, snapshotId: string, custom?: unknown) {
      state = { ...state, messages: [...state.messages, message(`u${n}`), message(`m${n}`)], snapshotId, custom, status: 'ready' };
    },
    set(next: ChatState) {
      state = next;
    },
  };
}

describe('chat history: checkpoints and lines of history', () => {
  it('rewinds to any checkpoint of the live line with its messages, custom state and snapshot, ready and without error', () => {
    const chat = live();
    const history = createChatHistory(chat.current);
    chat.turn(1, 's1', { step: 1 });
    history.checkpoint('s1');
    chat.turn(2, 's2', { step: 2 });
    history.checkpoint('s2');
    chat.set({ ...chat.current(), status: 'error', error: null });

    const back = history.rewind('s1')!;
    expect(back.messages.map((m) => m.id)).toEqual(['u1', 'm1']);
    expect(back).toMatchObject({ custom: { step: 1 }, snapshotId: 's1', status: 'ready', error: null });
    expect(history.rewind('unknown')).toBeUndefined();
  });

  it('a fork keeps the old line: after a branch and a new turn, a checkpoint beyond the fork still has its own messages', () => {
    const chat = live();
    const history = createChatHistory(chat.current);
    chat.turn(1, 's1');
    history.checkpoint('s1');
    chat.turn(2, 's2');
    history.checkpoint('s2');

    chat.set(history.rewind('s1')!); // branch at s1: the live line is now u1 m1
    chat.turn(3, 's3');
    history.checkpoint('s3');

    expect(history.rewind('s2')!.messages.map((m) => m.id)).toEqual(['u1', 'm1', 'u2', 'm2']);
    expect(history.rewind('s3')!.messages.map((m) => m.id)).toEqual(['u1', 'm1', 'u3', 'm3']);
    expect(history.rewind('s1')!.messages.map((m) => m.id)).toEqual(['u1', 'm1']);
  });

  it('checkpoints store no copy of the messages: each reads its prefix of its line', () => {
    const chat = live();
    const history = createChatHistory(chat.current);
    for (let n = 1; n <= 50; n++) {
      chat.turn(n, `s${n}`);
      history.checkpoint(`s${n}`);
    }
    const at10 = history.rewind('s10')!;
    expect(at10.messages).toHaveLength(20);
    expect(at10.messages[19]).toBe(chat.current().messages[19]);
  });

  it('fork(0) (a restore or an unknown branch point) moves no checkpoint to the new line; clear forgets them all', () => {
    const chat = live();
    const history = createChatHistory(chat.current);
    chat.turn(1, 's1');
    history.checkpoint('s1');
    history.fork(0);
    chat.set(initialChatState({ snapshotId: 'x' }));
    chat.turn(9, 's9');
    expect(history.rewind('s1')!.messages.map((m) => m.id)).toEqual(['u1', 'm1']);
    history.clear();
    expect(history.rewind('s1')).toBeUndefined();
  });
});
