import type { ReactNode } from 'react';
import { parseRecording, type Recording } from '../recording.js';
import { RecordingChat, type RecordingChatProps } from './recording-chat.js';

/** The part of a Storybook story context the decorator reads: what loaders returned. */
interface StoryContextLike {
  loaded?: Record<string, unknown>;
}

/**
 * A Storybook decorator: the story renders inside a {@link RecordingChat} playing `recording` (a `Recording`, or the
 * parsed JSON of a recording file: it is checked), or, without one, the
 * `recording` a loader returned (see {@link recordingLoader}). Components in the story use `useAgentChat()` as usual.
 */
export function withRecording(recording?: unknown, options: Omit<RecordingChatProps, 'recording' | 'children'> = {}) {
  return function RecordingDecorator(Story: () => ReactNode, context: StoryContextLike = {}) {
    const played = recording ?? context.loaded?.recording;
    if (!played) throw new Error('withRecording: give it a recording, or a loader that returns { recording }.');
    return (
      <RecordingChat recording={parseRecording(played)} {...options}>
        <Story />
      </RecordingChat>
    );
  };
}

/** A Storybook loader fetching a recording file (JSON) by URL: `loaders: [recordingLoader(url)]` gives `loaded.recording`. */
export function recordingLoader(url: string | URL, fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args)) {
  return async function loadRecording(): Promise<{ recording: Recording }> {
    const response = await fetchImpl(url);
    if (!response.ok) throw new Error(`recordingLoader: ${String(url)} answered HTTP ${response.status}`);
    return { recording: parseRecording(await response.json()) };
  };
}
