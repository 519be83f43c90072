import type { ReactNode } from 'react';
import type { AgentChat } from '../core-api.js';
import type { ReplayFault } from '../faults.js';
import { parseRecording, type Recording } from '../recording.js';
import type { ProtocolsOption } from '../protocols.js';
import { RecordingChat, type RecordingChatProps } from './recording-chat.js';
import { replayControlsOf, type ReplayControls } from './replay-controls.js';

/** The part of a Storybook story context the decorator reads: the story's id, what loaders returned, its args and globals. */
export interface StoryContextLike {
  id?: string;
  loaded?: Record<string, unknown>;
  args?: object;
  globals?: object;
}

/** Options of {@link withRecording}: those of a `RecordingChat`. Story args and toolbar globals (see `replayArgTypes`) override them. */
export type WithRecordingOptions = Omit<RecordingChatProps, 'recording' | 'children'>;

interface Played {
  promise: Promise<AgentChat<unknown>>;
  resolve(chat: AgentChat<unknown>): void;
  done: boolean;
}
// By story id: what `recordingPlayed(context)` waits for.
const playing = new Map<string, Played>();

function playedFor(id: string, fresh = false): Played {
  const known = playing.get(id);
  if (known && !(fresh && known.done)) return known;
  let resolve!: (chat: AgentChat<unknown>) => void;
  const promise = new Promise<AgentChat<unknown>>((settle) => (resolve = settle));
  const played: Played = { promise, done: false, resolve: (chat) => ((played.done = true), resolve(chat)) };
  playing.set(id, played);
  return played;
}

/**
 * Resolves with the chat once the story's recording has played (to its end, or to `upTo`): for a play function or a
 * visual snapshot, `play: async (context) => { await recordingPlayed(context); … }`.
 */
export function recordingPlayed(context: StoryContextLike = {}): Promise<AgentChat<unknown>> {
  return playedFor(context.id ?? '').promise;
}

/** The replay options of a story: the decorator's, then the toolbar's globals, then the story's args. */
function optionsFor(options: WithRecordingOptions, controls: ReplayControls, turns: number): WithRecordingOptions {
  const merged: WithRecordingOptions = { ...options };
  if (controls.speed !== undefined) merged.speed = controls.speed;
  if (controls.upTo !== undefined) merged.upTo = controls.upTo;
  if (controls.pauseMs !== undefined) merged.pauseMs = controls.pauseMs;
  if (controls.trimColdStart !== undefined) merged.trimColdStart = controls.trimColdStart;
  if (controls.match !== undefined) merged.match = controls.match;
  if (controls.fault) {
    // On the last turn played unless the story names one: the story ends in the failure.
    const last = Math.max(0, Math.min(merged.upTo ?? turns, turns) - 1);
    const fault = { ...controls.fault, turn: controls.faultTurn ?? last } as ReplayFault;
    merged.faults = [...(merged.faults === undefined ? [] : Array.isArray(merged.faults) ? merged.faults : [merged.faults]), fault];
  }
  return merged;
}

/**
 * A Storybook decorator: the story renders inside a {@link RecordingChat} playing `recording` (a `Recording`, or the
 * parsed JSON of a recording file: it is checked), or, without one, the `recording` a loader returned (see
 * {@link recordingLoader}). Components in the story use `useAgentChat()` as usual; `<AgentChatView />` with no props
 * shows this chat. The story's args and the toolbar's globals named in `replayArgTypes` / `replayGlobalTypes` (speed,
 * fault, play up to turn N, pause between turns, cold-start trimming, lenient matching) replay it again when changed.
 */
export function withRecording(recording?: unknown, options: WithRecordingOptions = {}) {
  return function RecordingDecorator(Story: () => ReactNode, context: StoryContextLike = {}) {
    const played = recording ?? context.loaded?.recording;
    if (!played) throw new Error('withRecording: give it a recording, or a loader that returns { recording }.');
    const checked = parseRecording(played, options);
    const controls = replayControlsOf(context.globals as Record<string, unknown> | undefined, context.args as Record<string, unknown> | undefined);
    const merged = optionsFor(options, controls, checked.turns.length);
    const id = context.id ?? '';
    return (
      // A change of controls is another replay: a new chat plays it from the start.
      <RecordingChat key={JSON.stringify(controls)} recording={checked} {...merged}
        onPlayStart={(chat) => {
          playedFor(id, true);
          merged.onPlayStart?.(chat);
        }}
        onPlayed={(chat) => {
          playedFor(id).resolve(chat);
          merged.onPlayed?.(chat);
        }}>
        <Story />
      </RecordingChat>
    );
  };
}

/**
 * A Storybook loader fetching a recording file (JSON) by URL: `loaders: [recordingLoader(url)]` gives `loaded.recording`.
 * A relative URL (`'recordings/buy-milk.json'`, no leading slash) is read against the page's base, so it works when the
 * built Storybook is served under a sub-path; serve the files with `staticDirs` (see the package README). A recording in
 * a protocol of your own needs its descriptor in `options.protocols`.
 */
export function recordingLoader(url: string | URL, fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args), options: ProtocolsOption = {}) {
  return async function loadRecording(): Promise<{ recording: Recording }> {
    const base = typeof document !== 'undefined' ? document.baseURI : undefined;
    const target = typeof url === 'string' && base ? new URL(url, base) : url;
    const response = await fetchImpl(target);
    if (!response.ok) throw new Error(`recordingLoader: ${String(target)} answered HTTP ${response.status}`);
    return { recording: parseRecording(await response.json(), options) };
  };
}
