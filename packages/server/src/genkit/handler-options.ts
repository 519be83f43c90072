import type { SnapshotReader } from './bridge.js';
import type { BranchIndex, StartStore } from './fork-point.js';
import type { RunnableAction } from './runtime.js';
import type { SessionSizeCap } from './session-size.js';
import type { ResumableTurns } from '../turns/resumable-turns.js';
import type { AccessOptions } from './session-access.js';

/** What the AG-UI and AI SDK handlers both take: the agent, its snapshots and store, the turn buffers. */
export interface SessionRouteOptions extends AccessOptions {
  /** The agent (`ai.defineAgent(…)`, or your wrapper around its `run`). */
  agent: RunnableAction;
  /** The agent's getSnapshotData action: where open interrupts are read from. */
  snapshots: SnapshotReader;
  /** The turn buffers: the run writes into them, responses read from them. */
  turns: ResumableTurns;
  /** Where a fork from the first turn stores its empty start (the agent's session store). */
  store: StartStore;
  /** The snapshots this server's turns produced: the lines a request may continue (share one between the AG-UI and AI SDK handlers of one agent). */
  branches?: BranchIndex;
  /** 413 before a turn that would make its session store more than `maxBytes`. */
  sessionSize?: SessionSizeCap;
}
