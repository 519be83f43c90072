import { AgentChatProvider } from '@agent-chat/react';
import { useEffect, useState, type ReactNode, useRef } from 'react';
import { clientTools, createAgentChat, resumable, versionTree, type AgentChat, type AgentChatOptions, type ChatFeature } from '../core-api.js';
import { idleTransport, playRecording } from '../play-recording.js';
import { parseRecording, type Recording } from '../recording.js';
import type { ReplayTransportOptions } from '../replay-transport.js';

/** Props of {@link RecordingChat}. */
export interface RecordingChatProps extends ReplayTransportOptions {
  recording: Recording;
  /**
   * Options of the chat (all but its transport). Its `features` default to the ones `AgentChatView` gives its own chat
   * (`versionTree()`, `clientTools()`, `resumable()`), so that a recorded story shows the product's view: Retry, Edit,
   * Regenerate, versions.
   */
  chat?: Omit<AgentChatOptions<unknown>, 'transport'>;
  /** Play the recording on mount (default true); false leaves the chat empty for the story or test to drive. */
  autoplay?: boolean;
  /** Play only the recorded turns before this index; later ones are the story's (a play function, the user) to send. */
  upTo?: number;
  /** A pause between turns, in ms (not scaled by `speed`). */
  pauseMs?: number;
  /** Called when the recording starts playing (each mount). */
  onPlayStart?: (chat: AgentChat<unknown>) => void;
  /** Called once the recording has played to its end (or to `upTo`). */
  onPlayed?: (chat: AgentChat<unknown>) => void;
  /** The story or UI: components using `useAgentChat()`, or a function of the chat. */
  children: ReactNode | ((chat: AgentChat<unknown>) => ReactNode);
}

/** The features `AgentChatView` gives the chat it makes: a recorded story's chat gets the same. */
export function viewFeatures(): ChatFeature[] {
  return [versionTree(), clientTools(), resumable()];
}

/**
 * Provides (`AgentChatProvider`) a chat that plays a recording when mounted: the components inside see the recorded
 * conversation stream in, at the recorded pace (or `speed`), with any `faults`. The chat keeps the replay as its
 * transport, so what the story sends afterwards (Retry, an answer) is matched with the recording too. Stops the chat
 * when unmounted.
 */
export function RecordingChat({ recording, chat: chatOptions, autoplay = true, onPlayStart, onPlayed, children, ...replay }: RecordingChatProps) {
  const [chat] = useState(() => createAgentChat<unknown>({ transport: idleTransport(), features: viewFeatures(), ...chatOptions }));
  const played = useRef(false);
  const [stopped] = useState(() => new AbortController());
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // StrictMode's second mount: the component stays, so does its replay.
    clearTimeout(leaving.current);
    // Once per chat, also under StrictMode's double effects.
    if (!autoplay || played.current) return;
    played.current = true;
    onPlayStart?.(chat);
    void playRecording(parseRecording(recording, replay), { ...replay, into: chat, signal: stopped.signal }).then(() => {
      if (!stopped.signal.aborted) onPlayed?.(chat);
    });
    // The recording and replay options are read once: a story remounts to play another.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- played once per chat, whatever the props do later
  }, [chat]);
  useEffect(() => () => {
    // Unmounted for good (not StrictMode's probe, which mounts again at once): no further turn, and the running one stops.
    leaving.current = setTimeout(() => {
      stopped.abort();
      void chat.stop();
    });
  }, [chat, stopped]);
  return <AgentChatProvider chat={chat}>{typeof children === 'function' ? children(chat) : children}</AgentChatProvider>;
}
