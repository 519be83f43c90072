import type { ReplayFaultKind } from '../faults.js';

/** The faults a story control offers, by name. `slow-first-byte`: 3 s of silence before the first frame. */
export const REPLAY_FAULTS = {
  none: null,
  cut: { kind: 'cut', afterFrames: 2 },
  'http-503': { kind: 'http', status: 503, message: 'The agent is overloaded (replayed HTTP 503).' },
  'http-500': { kind: 'http', status: 500, message: 'The agent failed (replayed HTTP 500).' },
  'slow-first-byte': { kind: 'stall', afterFrames: 0, ms: 3000 },
} as const satisfies Record<string, ReplayFaultKind | null>;

/** A fault control's value. */
export type ReplayFaultName = keyof typeof REPLAY_FAULTS;

/**
 * The replay controls a story reads from its args, or from the toolbar's globals (args win): the names to put in a
 * story's `args` or `preview.ts`'s `initialGlobals`.
 */
export interface ReplayArgs {
  /** 1 = recorded pace, 2 = twice as fast, 0 or 'instant' = no waits. */
  replaySpeed?: number | 'instant';
  /** A fault on the last turn played (or on `replayFaultTurn`). */
  replayFault?: ReplayFaultName;
  /** The recorded turn (0-based) the fault hits. */
  replayFaultTurn?: number;
  /** Play only the turns before this one (0 = none: the chat waits for the story). */
  replayUpTo?: number;
  /** A pause between turns, in ms. */
  replayPauseMs?: number;
  /** Trim a turn's wait for its first frame (the server's cold start) to nothing. */
  replayTrimColdStart?: boolean;
  /** Play the next recorded turn whatever the chat sends, instead of failing with a mismatch. */
  replayLenient?: boolean;
}

/** The controls as replay options (absent = the decorator's own). */
export interface ReplayControls {
  speed?: number;
  fault?: ReplayFaultKind;
  faultTurn?: number;
  upTo?: number;
  pauseMs?: number;
  trimColdStart?: boolean;
  match?: 'strict' | 'lenient';
}

const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined);
const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined);

/** Reads the {@link ReplayArgs} from a story's globals and args (args win); unknown values are left out. */
export function replayControlsOf(globals: Record<string, unknown> = {}, args: Record<string, unknown> = {}): ReplayControls {
  const read = (key: keyof ReplayArgs) => (args[key] !== undefined ? args[key] : globals[key]);
  const controls: ReplayControls = {};
  const speed = read('replaySpeed');
  const pace = speed === 'instant' || number(speed) === 0 ? Infinity : number(speed);
  if (pace !== undefined && pace > 0) controls.speed = pace;
  const fault = read('replayFault');
  if (typeof fault === 'string' && fault in REPLAY_FAULTS && REPLAY_FAULTS[fault as ReplayFaultName]) controls.fault = REPLAY_FAULTS[fault as ReplayFaultName]!;
  const faultTurn = number(read('replayFaultTurn'));
  if (faultTurn !== undefined && faultTurn >= 0) controls.faultTurn = faultTurn;
  const upTo = number(read('replayUpTo'));
  if (upTo !== undefined && upTo >= 0) controls.upTo = upTo;
  const pauseMs = number(read('replayPauseMs'));
  if (pauseMs !== undefined && pauseMs >= 0) controls.pauseMs = pauseMs;
  const trim = flag(read('replayTrimColdStart'));
  if (trim !== undefined) controls.trimColdStart = trim;
  const lenient = flag(read('replayLenient'));
  if (lenient !== undefined) controls.match = lenient ? 'lenient' : 'strict';
  return controls;
}

/** Storybook `argTypes` for the replay controls: spread into a story's or a meta's `argTypes`. */
export const replayArgTypes = {
  replaySpeed: { control: { type: 'select' }, options: [1, 2, 4, 'instant'], description: 'Replay pace: 1 = as recorded.' },
  replayFault: { control: { type: 'select' }, options: Object.keys(REPLAY_FAULTS), description: 'A failure injected on the last turn played (or replayFaultTurn).' },
  replayFaultTurn: { control: { type: 'number', min: 0 }, description: 'The recorded turn (0-based) the fault hits.' },
  replayUpTo: { control: { type: 'number', min: 0 }, description: 'Play only the turns before this one.' },
  replayPauseMs: { control: { type: 'number', min: 0, step: 250 }, description: 'A pause between turns, in ms.' },
  replayTrimColdStart: { control: { type: 'boolean' }, description: "Trim the wait for each turn's first frame." },
  replayLenient: { control: { type: 'boolean' }, description: 'Play the next turn whatever the chat sends.' },
} as const;

/** A toolbar entry of Storybook's `globalTypes` (its own type, without a dependency on Storybook). */
interface ToolbarGlobal {
  description: string;
  toolbar: { title: string; items: Array<{ value: string; title: string }>; dynamicTitle: boolean };
}

/**
 * Storybook `globalTypes` for a toolbar that sets the replay speed and fault of every recorded story (values are strings,
 * as toolbar items are: `initialGlobals: { replaySpeed: '1', replayFault: 'none' }`).
 */
export const replayGlobalTypes: { replaySpeed: ToolbarGlobal; replayFault: ToolbarGlobal } = {
  replaySpeed: {
    description: 'Replay speed of recorded stories',
    toolbar: { title: 'Speed', items: [{ value: '1', title: '1×' }, { value: '2', title: '2×' }, { value: '4', title: '4×' }, { value: 'instant', title: 'instant' }], dynamicTitle: true },
  },
  replayFault: {
    description: 'A failure injected into recorded stories',
    toolbar: { title: 'Fault', items: Object.keys(REPLAY_FAULTS).map((value) => ({ value, title: value })), dynamicTitle: true },
  },
};
