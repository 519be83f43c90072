import type {} from 'vitest';
import type { AgentChat, ChatState, FinishReason } from './core-api.js';
import { assistantText } from './assistant-text.js';

/** A chat as the matchers read it: only its state (any `AgentChat<S>` is one, whatever its `S`). */
export type ChatStateSource = Pick<AgentChat<unknown>, 'getState'>;

/** What the matchers accept: a chat, its state, or anything holding a `chat` (what `renderRecording` returns). */
export type ChatLike = ChatStateSource | ChatState<unknown> | { chat: ChatStateSource };

/** The part of vitest's (and Jest's) matcher context the matchers use. */
interface MatcherContext {
  isNot: boolean;
  equals(a: unknown, b: unknown): boolean;
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
  actual?: unknown;
  expected?: unknown;
}

function stateOf(received: unknown): ChatState<unknown> {
  if (typeof received === 'object' && received !== null) {
    if ('getState' in received && typeof received.getState === 'function') return received.getState() as ChatState<unknown>;
    if ('chat' in received) return stateOf(received.chat);
    if ('messages' in received && 'status' in received) return received as ChatState<unknown>;
  }
  throw new TypeError('expected an AgentChat, its ChatState, or an object with a `chat`');
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/**
 * Matchers for vitest's `expect.extend(agentChatMatchers)` (Jest's works too):
 * - `toHaveAssistantText(text | RegExp)`: the latest reply (the model messages after the last user message) contains
 *   the text, or matches the pattern.
 * - `toEndWith(finishReason)`: the last turn is over and ended with that finish reason.
 * - `toHaveCustomState(expected)`: the custom state equals `expected` (asymmetric matchers such as
 *   `expect.objectContaining` work inside it).
 */
export const agentChatMatchers = {
  toHaveAssistantText(this: MatcherContext, received: ChatLike, expected: string | RegExp): MatcherResult {
    const text = assistantText(stateOf(received));
    const pass = typeof expected === 'string' ? text.includes(expected) : expected.test(text);
    return {
      pass,
      message: () => `expected the assistant's reply ${this.isNot ? 'not ' : ''}to ${typeof expected === 'string' ? 'contain' : 'match'} ${show(expected.toString())}; it is ${show(text)}`,
      actual: text,
      expected,
    };
  },

  toEndWith(this: MatcherContext, received: ChatLike, finishReason: FinishReason): MatcherResult {
    const state = stateOf(received);
    const over = state.status === 'ready' || state.status === 'error';
    const pass = over && state.finishReason === finishReason;
    const where = over
      ? `it ended with ${show(state.finishReason)} (status ${state.status}${state.error ? `, ${state.error.code}: ${state.error.message}` : ''})`
      : `it is still ${state.status}`;
    return {
      pass,
      message: () => `expected the chat ${this.isNot ? 'not ' : ''}to end with ${show(finishReason)}; ${where}`,
      actual: state.finishReason,
      expected: finishReason,
    };
  },

  toHaveCustomState(this: MatcherContext, received: ChatLike, expected: unknown): MatcherResult {
    const custom = stateOf(received).custom;
    return {
      pass: this.equals(custom, expected),
      message: () => `expected the custom state ${this.isNot ? 'not ' : ''}to equal ${show(expected)}; it is ${show(custom)}`,
      actual: custom,
      expected,
    };
  },
};

/** The matchers' types, for `expect(...)` once `expect.extend(agentChatMatchers)` ran. */
export interface AgentChatMatchers<R = unknown> {
  /** The latest reply contains `expected` (a string) or matches it (a RegExp). */
  toHaveAssistantText(expected: string | RegExp): R;
  /** The last turn is over and ended with `finishReason`. */
  toEndWith(finishReason: FinishReason): R;
  /** The custom state equals `expected` (asymmetric matchers allowed). */
  toHaveCustomState(expected: unknown): R;
}

declare module 'vitest' {
  // vitest's own declaration of Matchers, which this augments, is `interface Matchers<T = any>`: the same type parameters
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type
  interface Matchers<T = any> extends AgentChatMatchers<T> {}
}
