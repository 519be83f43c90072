import type { SubAgentRun } from '@agent-chat/core';
import { createContext, useContext } from 'react';

/** What the parts of one sub-agent's run share. */
export interface SubAgentContextValue {
  run: SubAgentRun;
  open: boolean;
  setOpen(open: boolean): void;
  /** The ids that wire the trigger to the content (`aria-controls`, `aria-labelledby`). */
  triggerId: string;
  contentId: string;
  labels: SubAgentLabels;
}

/** The words the parts say. */
export interface SubAgentLabels {
  status: Record<SubAgentRun['status'], string>;
  /** The trigger's name when the protocol did not name the agent. */
  agent: string;
  /** Said to screen readers when the run's status changes: e.g. "Researcher: done". */
  announce(agent: string, status: string): string;
  /** How long it ran, as the trigger shows it: e.g. "12 s". */
  elapsed(ms: number): string;
}

export const defaultSubAgentLabels: SubAgentLabels = {
  status: { running: 'Working', done: 'Done', failed: 'Failed', aborted: 'Stopped', interrupted: 'Waiting for you' },
  agent: 'Sub-agent',
  announce: (agent, status) => `${agent}: ${status}`,
  elapsed: (ms) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`),
};

export const SubAgentContext = createContext<SubAgentContextValue | null>(null);

/** The run of the enclosing `SubAgent.Root`; a part outside one is a mistake, said plainly. */
export function useSubAgent(part: string): SubAgentContextValue {
  const value = useContext(SubAgentContext);
  if (!value) throw new Error(`SubAgent.${part} must be inside SubAgent.Root.`);
  return value;
}
