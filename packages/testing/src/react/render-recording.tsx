import { AgentChatProvider } from '@agent-chat/react';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createAgentChat, type AgentChat, type AgentChatOptions, type AgentResponse } from '../core-api.js';
import { idleTransport, playRecording } from '../play-recording.js';
import { parseRecording } from '../recording.js';
import { viewFeatures } from './recording-chat.js';
import type { ReplayTransportOptions } from '../replay-transport.js';

/** Options of {@link renderRecording}: replay options (speed defaults to Infinity here) and the chat's own (features as `AgentChatView`'s by default). */
export interface RenderRecordingOptions extends ReplayTransportOptions {
  chat?: Omit<AgentChatOptions<unknown>, 'transport'>;
}

/** What {@link renderRecording} gives: Testing Library's render result, the chat, and each turn's response. */
export interface RenderedRecording extends RenderResult {
  chat: AgentChat<unknown>;
  responses: AgentResponse<unknown>[];
}

/** The next animation frame (the React hooks commit once per frame), or a frame's time where there is none. */
const nextFrame = () =>
  new Promise<void>((resolve) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => resolve()) : setTimeout(resolve, 16)));

/**
 * Renders `ui` (components using `useAgentChat()`, or a function of the chat: `(chat) => <AgentChatView chat={chat} />`)
 * in an `AgentChatProvider` whose chat plays
 * `recording` (a `Recording`, or the parsed JSON of a recording file: it is checked), and resolves once every recorded turn has ended and React has committed the final state. It plays
 * inside `act`, so Testing Library's queries see the end state at once.
 */
export async function renderRecording(
  recording: unknown,
  ui: ReactNode | ((chat: AgentChat<unknown>) => ReactNode),
  options: RenderRecordingOptions = {},
): Promise<RenderedRecording> {
  const { chat: chatOptions, ...replay } = options;
  const checked = parseRecording(recording, replay);
  // Its transport is replaced by the replay when playing starts.
  const chat = createAgentChat<unknown>({ transport: idleTransport(checked.protocol), features: viewFeatures(), ...chatOptions });
  const result = render(<AgentChatProvider chat={chat}>{typeof ui === 'function' ? ui(chat) : ui}</AgentChatProvider>);
  let responses: AgentResponse<unknown>[] = [];
  await act(async () => {
    ({ responses } = await playRecording(checked, { speed: Infinity, ...replay, into: chat }));
    await nextFrame();
  });
  return Object.assign(result, { chat, responses });
}
