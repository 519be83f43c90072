import { AgentChatProvider } from '@agent-chat/react';
import { useEffect, useState, type ReactNode, useRef } from 'react';
import { createAgentChat, type AgentChat, type AgentChatOptions } from '../core-api.js';
import { idleTransport, playRecording } from '../play-recording.js';
import { parseRecording, type Recording } from '../recording.js';
import type { ReplayTransportOptions } from '../replay-transport.js';

/** Props of {@link RecordingChat}. */
export interface RecordingChatProps extends ReplayTransportOptions {
  recording: Recording;
  /** Options of the chat (all but its transport). */
  chat?: Omit<AgentChatOptions<unknown>, 'transport'>;
  /** Play the recording on mount (default true); false leaves the chat empty for the story or test to drive. */
  autoplay?: boolean;
  /** Called once the recording has played to its end. */
  onPlayed?: (chat: AgentChat<unknown>) => void;
  /** The story or UI: components using `useAgentChat()`, or a function of the chat. */
  children: ReactNode | ((chat: AgentChat<unknown>) => ReactNode);
}

/**
 * Provides (`AgentChatProvider`) a chat that plays a recording when mounted: the components inside see the recorded
 * conversation stream in, at the recorded pace (or `speed`), with any `faults`. Stops the chat when unmounted.
 */
export function RecordingChat({ recording, chat: chatOptions, autoplay = true, onPlayed, children, ...replay }: RecordingChatProps) {
  const [chat] = useState(() => createAgentChat<unknown>({ transport: idleTransport(), ...chatOptions }));
  const played = useRef(false);
  useEffect(() => {
    // Once per chat, also under StrictMode's double effects.
    if (!autoplay || played.current) return;
    played.current = true;
    void playRecording(parseRecording(recording), { ...replay, into: chat }).then(() => onPlayed?.(chat));
    // The recording and replay options are read once: a story remounts to play another.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- played once per chat, whatever the props do later
  }, [chat]);
  useEffect(() => () => void chat.stop(), [chat]);
  return <AgentChatProvider chat={chat}>{typeof children === 'function' ? children(chat) : children}</AgentChatProvider>;
}
